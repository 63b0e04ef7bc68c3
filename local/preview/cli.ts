// `npm start`: the local preview. Prints the page's URL, and beside it the emulator's address and
// its demo key (made up, for calling the emulator's API by hand, e.g. with curl); Ctrl+C stops
// it (the emulator child too).
// PORT picks the page's port (default 3000), EMULATOR_PORT the emulator's (default 4949).
// RETURNED_DATES=script shows Dates returned by formulas in the script's zone (Etc/UTC) instead of
// the spreadsheet's: Sheets' rule is not documented (local/preview/formula/returned-dates.ts).

import { PortInUseError } from './port-in-use';
import { startPreview } from './start-preview';

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number (0-65535), got "${raw}".`);
    process.exit(2);
  }
  return port;
}

async function main(): Promise<void> {
  const port = portFrom('PORT', 3000);
  const emulatorPort = portFrom('EMULATOR_PORT', 4949);
  const returnedDates = process.env.RETURNED_DATES === 'script' ? 'script' : 'spreadsheet';
  console.log('Starting the local preview (emulator, add-in, demo spreadsheet)…');
  const preview = await startPreview({ port, emulatorPort, returnedDates });
  console.log(`Container Tracking preview: ${preview.url}/`);
  console.log(`  Emulator API base URL: ${preview.emulatorUrl}/v2`);
  console.log(`  Demo key:              ${preview.demoKey}`);
  console.log('Open the preview in a browser. Ctrl+C stops the preview and the emulator.');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    preview.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof PortInUseError ? error.message : error);
  process.exit(1);
});
