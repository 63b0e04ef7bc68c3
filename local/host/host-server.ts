// A local stand-in for Google's side of an add-in: serves the sidebar the bundle builds (with the
// google.script.run shim) and runs server calls as executions of dist/Code.js in the runtime.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { GasRuntime } from '../gas';
import { DIALOG_PATH, RUN_PATH, withShim } from './google-script-shim';
import { handlePickerRoute, LOCAL_PICKER_PROPERTIES } from './picker-stand-in';

export interface LocalHostOptions {
  runtime: GasRuntime;
  port?: number;
  host?: string;
  /** Extra routes (the preview adds its page and API); return true when handled. */
  route?: (req: IncomingMessage, res: ServerResponse, body: string) => boolean | Promise<boolean>;
}

export interface LocalHost {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** google.script.run cannot carry Dates (Apps Script refuses them): fail loudly here too. */
function findDate(value: unknown, path = 'result'): string | null {
  if (value instanceof Date) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = findDate(value[i], `${path}[${i}]`);
      if (p) return p;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = findDate(v, `${path}.${k}`);
      if (p) return p;
    }
  }
  return null;
}

/** A dialog a server call showed (showModalDialog): the page opens it at DIALOG_PATH/<index>. */
export interface ShownDialog {
  index: number;
  title: string;
  width: number;
  height: number;
}

export function runServerFunction(
  runtime: GasRuntime,
  fn: string,
  args: unknown[],
): { ok: true; result: unknown; dialogs?: ShownDialog[] } | { ok: false; error: string } {
  const before = runtime.ui.dialogs.length;
  try {
    const result = runtime.run(fn, args, { kind: 'sidebar' });
    const date = findDate(result);
    if (date)
      return {
        ok: false,
        error: `${fn} returned a Date at ${date}; google.script.run cannot carry Dates (send ISO strings).`,
      };
    // As in the editor, a dialog the call showed opens over the spreadsheet, not in the sidebar.
    const dialogs = runtime.ui.dialogs
      .slice(before)
      .map((d, i) => ({ index: before + i, title: d.title, width: d.width, height: d.height }));
    return {
      ok: true,
      result: result === undefined ? null : result,
      ...(dialogs.length ? { dialogs } : {}),
    };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/** The sidebar as showSidebar() builds it, shim included. */
export function sidebarHtml(runtime: GasRuntime, fn = 'showSidebar'): string {
  runtime.run(fn, [], { kind: 'menu' });
  const shown = runtime.ui.sidebars[runtime.ui.sidebars.length - 1];
  if (!shown) throw new Error(`${fn} did not show a sidebar`);
  return withShim(shown.html);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function startLocalHost(options: LocalHostOptions): Promise<LocalHost> {
  const { runtime } = options;
  // The deployer's Picker settings (script properties), unless a test set its own.
  for (const [key, value] of Object.entries(LOCAL_PICKER_PROPERTIES)) {
    if (!runtime.properties.script.map.has(key)) runtime.properties.script.map.set(key, value);
  }
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://local');
      if (options.route && (await options.route(req, res, body))) return;
      if (handlePickerRoute(runtime, req, res, body)) return;
      if (req.method === 'POST' && url.pathname === RUN_PATH) {
        // JSON only: a form or text/plain POST from another web page (no CORS preflight) must
        // not be able to run server functions on this machine.
        if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
          res
            .writeHead(415, { 'Content-Type': 'application/json' })
            .end('{"ok":false,"error":"JSON only"}');
          return;
        }
        let call: { fn?: unknown; args?: unknown };
        try {
          call = JSON.parse(body) as { fn?: unknown; args?: unknown };
        } catch {
          res
            .writeHead(400, { 'Content-Type': 'application/json' })
            .end('{"ok":false,"error":"bad JSON"}');
          return;
        }
        const answer = runServerFunction(
          runtime,
          String(call.fn),
          Array.isArray(call.args) ? call.args : [],
        );
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
        return;
      }
      const dialog = new RegExp(`^${DIALOG_PATH}/(\\d+)$`).exec(url.pathname);
      if (req.method === 'GET' && dialog) {
        const shown = runtime.ui.dialogs[Number(dialog[1])];
        if (!shown) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such dialog');
        else
          res
            .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
            .end(withShim(shown.html));
        return;
      }
      if (req.method === 'GET' && (url.pathname === '/sidebar' || url.pathname === '/settings')) {
        try {
          const html = sidebarHtml(
            runtime,
            url.pathname === '/settings' ? 'showSettings' : 'showSidebar',
          );
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
        } catch (e) {
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end((e as Error).message);
        }
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    })().catch((e: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({
        url: `http://${options.host ?? '127.0.0.1'}:${port}`,
        server,
        // Browsers keep connections open; close them, or close() waits for them forever.
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
