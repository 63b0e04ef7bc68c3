// `npm run emulator`: the emulator on 127.0.0.1:${PORT ?? 4949} with a real-time (scalable) clock.
// EMULATOR_KEY sets the demo key, EMULATOR_CONTAINERS the size of the demo account.
import { ScaledClock } from '../clock';
import { createEmulator } from './create-emulator';
import { startEmulatorServer } from './server';

async function main(): Promise<void> {
  const host = '127.0.0.1';
  const port = Number(process.env.PORT || 4949);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got "${process.env.PORT}"`);
    process.exit(2);
  }
  const containers = Number(process.env.EMULATOR_CONTAINERS ?? 0) || undefined;
  const emulator = createEmulator({
    clock: new ScaledClock(),
    demoKey: process.env.EMULATOR_KEY || undefined,
    seed: { containers },
    // Uploads go back to this server, which curl can reach (an S3 host name would not resolve).
    storageOrigin: null,
  });
  const server = await startEmulatorServer({ emulator, host, port }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Port ${port} on ${host} is already in use: stop the other process, or start with PORT=<another port>.`,
      );
      process.exit(1);
    }
    throw error;
  });
  console.log('Tracking service emulator');
  console.log(`  API base URL: ${server.url}/v2`);
  console.log(`  App URL:      ${server.url}`);
  console.log(`  Demo key:     ${emulator.demoKey}`);
  console.log(`  Control:      ${server.url}/__emulator/state   (Ctrl+C to stop)`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the emulator`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
