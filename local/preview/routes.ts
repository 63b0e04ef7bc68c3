// The preview's own routes on the local host (which already serves /sidebar and /__gas/run): the
// page and its assets, the state it polls, and what a person does on it (type in a cell, select
// one or a whole column, format it, pick a menu item, switch time speed). Actions answer with
// the new state.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GasRuntime, MenuItem } from '../gas';
import { columnToLetters, type Area } from '../gas/spreadsheet/a1';
import type { SheetModel } from '../gas/spreadsheet/model';
import { withShim } from '../host/google-script-shim';
import { isEditable } from './editable-cells';
import { a1 } from './formula/refs';
import { applyNumberFormat, numberFormatChoice } from './number-formats';
import { PREVIEW_TIME_ZONES, type ActionResult, type PageState } from './page/page-state';
import { ECHO_PATH, WebAppExec } from './web-app-exec';

/** What the routes need of a running preview (PreviewSession in the app, a stand-in in tests). */
export interface PreviewActions {
  readonly runtime: GasRuntime;
  state(): PageState;
  runMenuItem(functionName: string): { sidebarUrl?: string; sidebarTitle?: string; error?: string };
  setSpeed(factor: number): Promise<void>;
  /** Demo changes at the emulator, then a refresh (see PreviewSession.demoChanges). */
  demoChanges(): Promise<{ message: string; error?: string }>;
}

export interface PageAssets {
  html: string;
  css: string;
  script: string;
}

/** The page runs only its own script and style; frames only our own sidebar. */
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "frame-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

/**
 * An email's HTML as a mail client would show it: no script, no request anywhere (images only
 * inline), in a sandbox that may open links in a new tab and nothing else.
 */
const EMAIL_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; " +
  "form-action 'none'; sandbox allow-popups allow-popups-to-escape-sandbox";

const MAX_SPEED = 3600;

function send(res: ServerResponse, status: number, type: string, body: string, extra = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

function menuFunctions(items: MenuItem[]): string[] {
  return items.flatMap((i) =>
    'functionName' in i ? [i.functionName] : 'submenu' in i ? menuFunctions(i.submenu) : [],
  );
}

type Body = Record<string, unknown>;

/** Actions take JSON only: a cross-site form cannot send that without a CORS preflight. */
function parseAction(req: IncomingMessage, body: string): Body | null {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch {
    return null;
  }
}

interface Target {
  sheet: string;
  row: number;
  column: number;
  /** The whole column (its letter was clicked), not only the cell. */
  wholeColumn: boolean;
}

function target(body: Body): Target | null {
  const { sheet, row, column } = body;
  if (typeof sheet !== 'string' || !Number.isInteger(row) || !Number.isInteger(column)) {
    return null;
  }
  return { sheet, row: row as number, column: column as number, wholeColumn: !!body.wholeColumn };
}

function areaOf(at: Target, sheet: SheetModel): Area {
  return at.wholeColumn
    ? { row: 1, column: at.column, numRows: sheet.maxRows, numColumns: 1 }
    : { row: at.row, column: at.column, numRows: 1, numColumns: 1 };
}

const rangeA1 = (at: Target): string =>
  at.wholeColumn
    ? `${columnToLetters(at.column)}:${columnToLetters(at.column)}`
    : a1(at.row, at.column);

export function previewRoutes(
  session: PreviewActions,
  assets: PageAssets,
  webApp: WebAppExec = new WebAppExec(session.runtime),
) {
  const result = (extra: Partial<ActionResult> = {}): ActionResult => ({
    state: session.state(),
    ...extra,
  });

  type Action = (body: Body) => Promise<ActionResult | null> | ActionResult | null;
  const actions: Record<string, Action> = {
    '/__preview/cell': (body) => {
      const at = target(body);
      const sheet = at && session.runtime.spreadsheet.sheetByName(at.sheet);
      if (!at || !sheet || typeof body.input !== 'string') return null;
      if (!isEditable(sheet, at.row, at.column)) {
        return result({ error: `${a1(at.row, at.column)} is written by the add-in.` });
      }
      // Typed by a person, so the add-in's onEdit(e) runs as it would in Sheets; what it throws
      // Sheets shows nobody (the execution log keeps it), and neither does the page.
      session.runtime.userEdit(sheet.name, at.row, at.column, body.input);
      return result();
    },
    '/__preview/select': (body) => {
      const at = target(body);
      if (!at || !session.runtime.spreadsheet.sheetByName(at.sheet)) return null;
      session.runtime.select(at.sheet, rangeA1(at));
      return result();
    },
    '/__preview/format': (body) => {
      const at = target(body);
      const model = session.runtime.spreadsheet;
      const sheet = at && model.sheetByName(at.sheet);
      const choice = numberFormatChoice(body.format);
      if (!at || !sheet || !choice) return null;
      try {
        applyNumberFormat(model, sheet, areaOf(at, sheet), choice);
      } catch (e) {
        // The runtime's own message for a range outside the sheet, as a script would get it.
        return result({ error: (e as Error).message });
      }
      return result();
    },
    '/__preview/menu': (body) => {
      const fn = body.functionName;
      const known = session.runtime.ui.menus.flatMap((m) => menuFunctions(m.items));
      if (typeof fn !== 'string' || !known.includes(fn)) return null;
      return result(session.runMenuItem(fn));
    },
    '/__preview/demo-changes': async () => {
      const { message, error } = await session.demoChanges();
      return result({ ...(message ? { notice: message } : {}), ...(error ? { error } : {}) });
    },
    // File › Settings › Time zone in Sheets: what the add-in reads as the spreadsheet's zone from
    // the next execution on, so Diagnostics' advice ("change the spreadsheet's zone") can be tried.
    '/__preview/time-zone': (body) => {
      const zone = body.timeZone;
      if (typeof zone !== 'string' || !PREVIEW_TIME_ZONES.includes(zone)) return null;
      session.runtime.spreadsheet.timeZone = zone;
      return result();
    },
    '/__preview/speed': async (body) => {
      const { factor } = body;
      if (typeof factor !== 'number' || !(factor >= 1 && factor <= MAX_SPEED)) return null;
      await session.setSpeed(factor);
      return result();
    },
  };

  return async (req: IncomingMessage, res: ServerResponse, body: string): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://preview');
    const path = url.pathname;
    if (path === '/exec' && req.method === 'POST') {
      // The bundle deployed as a web app: the emulator's webhook deliveries reach doPost here, as
      // they would reach https://script.google.com/macros/s/…/exec, and get Google's 302 to a
      // one-time echo URL (web-app-exec.ts). Any POST may come: doPost refuses what lacks its token.
      const answer = webApp.post(
        url.search.slice(1),
        body,
        req.headers['content-type'] ?? 'text/plain',
        `http://${req.headers.host ?? 'localhost'}`,
      );
      send(res, answer.status, answer.headers['Content-Type'] ?? 'text/plain', answer.body, {
        ...(answer.headers.Location ? { Location: answer.headers.Location } : {}),
      });
      return true;
    }
    if (path === ECHO_PATH && req.method === 'GET') {
      const echo = webApp.echo(url.searchParams.get('user_content_key') ?? '');
      if (!echo) return false;
      send(res, 200, echo.contentType, echo.content);
      return true;
    }
    if (req.method === 'GET') {
      if (path === '/') {
        send(res, 200, 'text/html; charset=utf-8', assets.html, {
          'Content-Security-Policy': PAGE_POLICY,
        });
      } else if (path === '/__preview/page.js') {
        send(res, 200, 'text/javascript; charset=utf-8', assets.script);
      } else if (path === '/__preview/page.css') {
        send(res, 200, 'text/css; charset=utf-8', assets.css);
      } else if (path === '/favicon.ico') {
        send(res, 204, 'image/x-icon', '');
      } else if (path === '/__preview/state') {
        json(res, 200, session.state() satisfies PageState);
      } else if (/^\/__preview\/outbox\/\d+$/.test(path)) {
        const mail = session.runtime.project.mail;
        const email = mail.outbox[Number(path.split('/').pop()) - mail.dropped];
        if (!email?.htmlBody) return false;
        send(res, 200, 'text/html; charset=utf-8', email.htmlBody, {
          'Content-Security-Policy': EMAIL_POLICY,
        });
      } else {
        const shown = /^\/__preview\/sidebar\/(\d+)$/.exec(path);
        const sidebar = shown ? session.runtime.ui.sidebars[Number(shown[1])] : undefined;
        if (!sidebar) return false;
        send(res, 200, 'text/html; charset=utf-8', withShim(sidebar.html));
      }
      return true;
    }
    const action = req.method === 'POST' ? actions[path] : undefined;
    if (!action) return false;
    const input = parseAction(req, body);
    const answer = input && (await action(input));
    if (!answer) json(res, 400, { error: 'Bad request' });
    else json(res, 200, answer);
    return true;
  };
}
