// startPreview(): the emulator in a child process, the built add-in (dist/Code.js) in the local
// Apps Script runtime with UrlFetchApp going over real HTTP to it, the demo spreadsheet, and the
// local host serving the page, the real sidebar and google.script.run. `npm start` calls this
// from cli.ts; the browser tests call it in-process with free ports.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_FUNCTIONS } from '../../src/surface';
import { DEFAULT_STORAGE_ORIGIN } from '../emulator/types';
import { startLocalHost } from '../host/host-server';
import { EmulatorClock } from './emulator-clock';
import { EmulatorControl } from './emulator-control';
import { startEmulatorProcess, type EmulatorProcess } from './emulator-process';
import { createHttpBridge, routeOrigin } from './fetch-bridge';
import { CustomFunctionCells } from './formula/custom-cells';
import type { ReturnedDateConvention } from './formula/returned-dates';
import { seedDemo } from './demo/seed-demo';
import { isAddressInUse, PortInUseError } from './port-in-use';
import { PreviewRuntime } from './preview-runtime';
import { PreviewSession } from './preview-session';
import { previewRoutes, type PageAssets } from './routes';
import { startTicker } from './ticker';
import { loopbackTestDeliveries, WebAppExec } from './web-app-exec';
import { PRODUCT_NAME } from '../../src/core/product';

export interface PreviewOptions {
  /** The page's port (0: any free port). */
  port?: number;
  /** The emulator's port (0: any free port). */
  emulatorPort?: number;
  /** The repository: dist/ and local/.build/ are found from here. Default: two levels above this file. */
  root?: string;
  /** The spreadsheet's time zone (the script's is the manifest's, as in Apps Script). */
  timeZone?: string;
  /** Which zone a Date returned by a custom function is shown in (formula/returned-dates.ts). */
  returnedDates?: ReturnedDateConvention;
  /** How often the real timer looks for due triggers and stale formulas. */
  tickMs?: number;
  /** Where timer errors go (default: stderr). */
  onError?: (error: unknown) => void;
}

export interface Preview {
  url: string;
  emulatorUrl: string;
  /** The emulator's demo account key (made up; for trying the emulator's API by hand). */
  demoKey: string;
  session: PreviewSession;
  close(): Promise<void>;
}

const BUILD_HINT =
  'Build first: `npm run build && node esbuild.config.mjs --local` (npm start does).';

function files(root: string) {
  const dist = path.join(root, 'dist');
  const build = path.join(root, 'local', '.build');
  const paths = {
    code: path.join(dist, 'Code.js'),
    worker: path.join(build, 'preview-fetch-worker.js'),
    emulator: path.join(build, 'preview-emulator.js'),
    script: path.join(build, 'preview-page.js'),
    html: path.join(root, 'local', 'preview', 'page', 'index.html'),
    css: path.join(root, 'local', 'preview', 'page', 'preview.css'),
    samples: path.join(root, 'local', 'samples', 'drive'),
  };
  for (const key of ['code', 'worker', 'emulator', 'script'] as const) {
    if (!existsSync(paths[key])) throw new Error(`${paths[key]} is missing. ${BUILD_HINT}`);
  }
  return { dist, ...paths };
}

function readAssets(p: ReturnType<typeof files>): PageAssets {
  return {
    html: readFileSync(p.html, 'utf8'),
    css: readFileSync(p.css, 'utf8'),
    script: readFileSync(p.script, 'utf8'),
  };
}

/** Timer errors to stderr, each distinct one once (a stopped emulator would fail every tick). */
function reportOnce(): (error: unknown) => void {
  let last = '';
  return (error) => {
    const text = error instanceof Error ? error.message : String(error);
    if (text !== last) console.error(`preview timer: ${text}`);
    last = text;
  };
}

/** The script's time zone: appsscript.json's (Etc/UTC), whatever the spreadsheet's. */
function manifestTimeZone(dist: string): string {
  const manifest = path.join(dist, 'appsscript.json');
  if (!existsSync(manifest)) return 'Etc/UTC';
  return (
    (JSON.parse(readFileSync(manifest, 'utf8')) as { timeZone?: string }).timeZone ?? 'Etc/UTC'
  );
}

const CUSTOM_FUNCTIONS = new Set(
  PUBLIC_FUNCTIONS.filter((f) => f.kind === 'custom-function').map((f) => f.name),
);

export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const root = options.root ?? path.resolve(__dirname, '..', '..');
  const p = files(root);
  const assets = readAssets(p);
  const timeZone = options.timeZone ?? 'America/New_York';
  const scriptTimeZone = manifestTimeZone(p.dist);
  const emulator: EmulatorProcess = await startEmulatorProcess(
    p.emulator,
    options.emulatorPort ?? 0,
  );
  try {
    const http = createHttpBridge(p.worker);
    let ownWebApp: { origin: string; exec: WebAppExec } | null = null;
    const control = new EmulatorControl(emulator.url, http);
    const info = await control.info();
    const clock = new EmulatorClock(info.reading, (ms) => control.advanceSync(ms));
    const runtime = new PreviewRuntime(
      {
        codePath: p.code,
        // The emulator child hands out direct_upload URLs on its (made-up) S3 host, which the
        // manifest's urlFetchWhitelist must allow; the emulator stands in for the API host.
        // A test delivery (POST /webhooks/trigger) aimed at this preview's own /exec is posted
        // in-process: this thread cannot answer HTTP while the script waits (web-app-exec.ts).
        fetch: loopbackTestDeliveries(
          routeOrigin(http, DEFAULT_STORAGE_ORIGIN, emulator.url),
          emulator.url,
          () => ownWebApp,
        ),
        allowlistStandIns: [emulator.url],
        spreadsheet: {
          name: 'Container Tracking demo',
          timeZone,
          sheets: [{ name: 'Tracking' }],
        },
        scriptTimeZone,
        // The script project's name: what createAddonMenu() shows under Extensions.
        addOnName: PRODUCT_NAME,
        // The sample documents, as Drive files with Drive-shaped ids (local/gas loads the folder).
        drive: existsSync(p.samples) ? p.samples : { files: [] },
      },
      clock,
    );
    const cells = new CustomFunctionCells(
      runtime.spreadsheet,
      (fn, args) => runtime.run(fn, args, { kind: 'custom-function' }),
      CUSTOM_FUNCTIONS,
      { convention: options.returnedDates ?? 'spreadsheet', scriptTimeZone },
      () => clock.now(),
    );
    runtime.formulaEvaluator = cells.evaluator;
    // Deployed as a web app as it is now: /exec runs this version (local/gas deployWebApp).
    runtime.deployWebApp();
    const webApp = new WebAppExec(runtime);
    const session = new PreviewSession(runtime, cells, clock, control);
    await seedDemo(runtime, { origin: emulator.url, key: info.demoKey });
    cells.recalculate();
    const port = options.port ?? 0;
    const host = await startLocalHost({
      runtime,
      port,
      route: previewRoutes(session, assets, webApp),
    }).catch((error: unknown) => {
      throw isAddressInUse(error) ? new PortInUseError('the preview page', 'PORT', port) : error;
    });
    ownWebApp = { origin: host.url, exec: webApp };
    const onError = options.onError ?? reportOnce();
    const ticker = startTicker(() => session.tick(), options.tickMs ?? 500, onError);
    return {
      url: host.url,
      emulatorUrl: emulator.url,
      demoKey: info.demoKey,
      session,
      close: async () => {
        await ticker.stop();
        await host.close();
        await emulator.close();
      },
    };
  } catch (error) {
    // Nothing after the host starts can fail, so only the emulator needs stopping here.
    await emulator.close();
    throw error;
  }
}
