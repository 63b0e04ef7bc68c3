// Starts the emulator child (emulator-child.ts, built to local/.build/preview-emulator.js) and waits
// for it to listen. Stopping it waits for the process to exit, so its port is free afterwards.

import { fork, type ChildProcess } from 'node:child_process';
import type { ChildMessage } from './emulator-child';
import { PortInUseError } from './port-in-use';

export interface EmulatorProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;

export function startEmulatorProcess(scriptPath: string, port: number): Promise<EmulatorProcess> {
  const child = fork(scriptPath, [], {
    env: { ...process.env, EMULATOR_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`The emulator did not start within ${START_TIMEOUT_MS / 1000} s.`));
    }, START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      void close().then(() => reject(error));
    };
    const early = (code: number | null) =>
      fail(new Error(`The emulator exited (code ${code}) before it started.`));
    child.once('error', fail);
    child.once('exit', early);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        child.off('exit', early);
        resolve({ url: message.url, child, close });
      } else if (message.code === 'EADDRINUSE') {
        fail(new PortInUseError('the emulator', 'EMULATOR_PORT', port));
      } else {
        fail(new Error(`The emulator could not start: ${message.message}`));
      }
    });
  });
}
