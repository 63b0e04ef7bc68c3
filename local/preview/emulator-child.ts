// The emulator as the preview's child process (local/.build/preview-emulator.js). It must be a
// separate process: the preview's UrlFetchApp blocks its own thread while a request is out.
// It reports over the IPC channel instead of printing, and exits when the preview goes away,
// even if the preview was killed before it could say so.

import { ScaledClock } from '../clock';
import { createEmulator } from '../emulator';
import { startEmulatorServer } from '../emulator/server';

export type ChildMessage =
  { type: 'ready'; url: string } | { type: 'error'; code: string; message: string };

function tell(message: ChildMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const port = Number(process.env.EMULATOR_PORT ?? 0);
  const emulator = createEmulator({ clock: new ScaledClock() });
  try {
    const server = await startEmulatorServer({ emulator, host: '127.0.0.1', port });
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('disconnect', stop);
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    tell({ type: 'ready', url: server.url });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    tell({ type: 'error', code: e.code ?? 'ERROR', message: e.message });
    process.disconnect?.();
    process.exitCode = 1;
  }
}

void main();
