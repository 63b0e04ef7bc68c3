// The preview's HTTP routes on the local host: the page and its policy, the state, and the
// actions, which take JSON only, write only editable cells, run only menu items, and never
// answer with the key.

import { startLocalHost, type LocalHost } from '../../local/host/host-server';
import { FakeSpreadsheet } from '../../local/gas/spreadsheet/spreadsheet';
import { CustomFunctionCells } from '../../local/preview/formula/custom-cells';
import { buildPageState } from '../../local/preview/page/page-model';
import { previewRoutes, type PreviewActions } from '../../local/preview/routes';
import { serveLocalWebApp } from '../../local/emulator/webhooks/local-web-app';
import { createHarness } from '../helpers/addon-harness';

const ASSETS = { html: '<!doctype html><title>page</title>', css: 'body{}', script: 'void 0;' };

let host: LocalHost;
let h: ReturnType<typeof createHarness>;
let speeds: number[];
const bodies: string[] = [];

beforeEach(async () => {
  h = createHarness();
  h.gas.run('onOpen', [], { kind: 'simple-trigger' });
  h.gas.run('setupTrackingSheet');
  const cells = new CustomFunctionCells(h.gas.spreadsheet, () => '', new Set());
  speeds = [];
  const actions: PreviewActions = {
    runtime: h.gas,
    state: () => buildPageState({ runtime: h.gas, cells, now: h.clock.now(), speed: 1 }),
    runMenuItem: (fn) => {
      const before = h.gas.ui.sidebars.length;
      h.gas.run(fn, [], { kind: 'menu' });
      const n = h.gas.ui.sidebars.length;
      return n > before ? { sidebarUrl: `/__preview/sidebar/${n - 1}` } : {};
    },
    setSpeed: async (factor) => void speeds.push(factor),
    demoChanges: async () => ({
      message: 'Changed at the service: MSCU1234566: LFD moved to today.',
    }),
  };
  host = await startLocalHost({ runtime: h.gas, route: previewRoutes(actions, ASSETS) });
});

afterEach(async () => {
  await host.close();
  for (const body of bodies) expect(body).not.toContain(h.emulator.demoKey);
});

async function call(path: string, body?: unknown, type = 'application/json') {
  const res = await fetch(`${host.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': type },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  bodies.push(text);
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

const tracking = () => h.gas.spreadsheet.sheetByName('Tracking')!;

test('serves the page with a policy that allows only its own script and style', async () => {
  const page = await call('/');
  expect(page.status).toBe(200);
  expect(page.text).toBe(ASSETS.html);
  expect(page.headers.get('content-security-policy')).toMatch(
    /script-src 'self';.*style-src 'self'/,
  );
  await expect(call('/__preview/page.js')).resolves.toMatchObject({ status: 200, text: 'void 0;' });
  await expect(call('/favicon.ico')).resolves.toMatchObject({ status: 204 });
  const state = (await call('/__preview/state')).json();
  expect(state.sheets.map((s: { name: string }) => s.name)).toEqual([
    'Sheet1',
    'Tracking',
    'Free Time',
    'Closed Days',
  ]);
});

test('writes typed input into editable cells only', async () => {
  const typed = await call('/__preview/cell', {
    sheet: 'Tracking',
    row: 2,
    column: 1,
    input: 'MSCU 123',
  });
  expect(typed.status).toBe(200);
  expect(tracking().cell(2, 1)?.value).toBe('MSCU 123');
  const refused = await call('/__preview/cell', {
    sheet: 'Tracking',
    row: 2,
    column: 5,
    input: 'x',
  });
  expect(refused.json().error).toBe('E2 is written by the add-in.');
  expect(tracking().cell(2, 5)?.value ?? '').toBe('');
});

test('refuses anything but JSON, and malformed actions', async () => {
  const form = await call(
    '/__preview/cell',
    'sheet=Tracking&row=2',
    'application/x-www-form-urlencoded',
  );
  expect(form.status).toBe(400);
  expect(
    (await call('/__preview/cell', { sheet: 'Tracking', row: 'two', column: 1, input: 'x' }))
      .status,
  ).toBe(400);
  expect((await call('/__preview/select', { sheet: 'Nope', row: 1, column: 1 })).status).toBe(400);
  expect((await call('/__preview/speed', { factor: 0 })).status).toBe(400);
  expect(tracking().cell(2, 1)?.value ?? '').toBe('');
});

test('runs menu items only, and serves a sidebar a menu item opened', async () => {
  expect((await call('/__preview/menu', { functionName: 'saveSettings' })).status).toBe(400);
  const opened = (await call('/__preview/menu', { functionName: 'showSidebar' })).json();
  expect(opened.sidebarUrl).toMatch(/^\/__preview\/sidebar\/\d+$/);
  const sidebar = await call(opened.sidebarUrl);
  expect(sidebar.text).toContain('google.script');
  const setup = (await call('/__preview/menu', { functionName: 'menuSetUpTrackingSheet' })).json();
  expect(setup.state.toasts.at(-1).message).toMatch(/Tracking sheet ready/);
});

test('selects a cell for the sidebar and passes speed changes on', async () => {
  await call('/__preview/select', { sheet: 'Tracking', row: 3, column: 1 });
  expect(h.gas.spreadsheet.active?.area).toMatchObject({ row: 3, column: 1 });
  await call('/__preview/speed', { factor: 60 });
  expect(speeds).toEqual([60]);
});

test('selects a whole column, as clicking its letter does', async () => {
  await call('/__preview/select', { sheet: 'Tracking', row: 1, column: 3, wholeColumn: true });
  expect(h.gas.spreadsheet.active?.area).toEqual({
    row: 1,
    column: 3,
    numRows: tracking().maxRows,
    numColumns: 1,
  });
});

test('Format → Number applies a named choice through Range.setNumberFormat, nothing else', async () => {
  const sheet = h.gas.spreadsheet.sheetByName('Sheet1')!;
  h.gas.spreadsheet.write(sheet, 2, 2, 46351);
  const dated = await call('/__preview/format', {
    sheet: 'Sheet1',
    row: 2,
    column: 2,
    format: 'date',
  });
  expect(dated.status).toBe(200);
  const shown = (s: { sheets: { name: string; rows: { text: string }[][] }[] }) =>
    s.sheets.find((x) => x.name === 'Sheet1')!.rows[1]![1]!.text;
  expect(shown(dated.json().state)).toBe('2026-11-25');
  const column = await call('/__preview/format', {
    sheet: 'Sheet1',
    row: 1,
    column: 2,
    wholeColumn: true,
    format: 'automatic',
  });
  expect(shown(column.json().state)).toBe('46351');
  expect(sheet.cell(sheet.maxRows, 2)?.numberFormat).toBe('0.###############');
  // A pattern of the page's own is not a choice; neither is a cell outside the sheet.
  expect(
    (await call('/__preview/format', { sheet: 'Sheet1', row: 2, column: 2, format: 'yyyy' }))
      .status,
  ).toBe(400);
  const outside = await call('/__preview/format', {
    sheet: 'Sheet1',
    row: sheet.maxRows + 1,
    column: 2,
    format: 'date',
  });
  expect(outside.json().error).toMatch(/coordinates|outside|range/i);
});

test('the Outbox lists sent emails and serves their HTML under a policy that runs nothing', async () => {
  h.gas.project.mail.outbox.push({
    at: h.clock.now(),
    to: ['ops@example.com'],
    cc: [],
    bcc: [],
    subject: 'LFD today: MSCU1234566',
    body: 'plain <b>text</b>',
    htmlBody: '<p>LFD today</p><script>parent.x=1</script>',
    name: null,
    replyTo: null,
    noReply: false,
  });
  const state = (await call('/__preview/state')).json();
  expect(state.outbox).toEqual([
    expect.objectContaining({
      id: 0,
      to: 'ops@example.com',
      subject: 'LFD today: MSCU1234566',
      text: 'plain <b>text</b>',
      hasHtml: true,
    }),
  ]);
  const html = await call('/__preview/outbox/0');
  expect(html.status).toBe(200);
  const policy = html.headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(/default-src 'none'/);
  expect(policy).toMatch(/sandbox/);
  expect(policy).not.toMatch(/script-src/);
  expect((await call('/__preview/outbox/1')).status).toBe(404);
});

test('a long session: the Outbox and toasts keep their newest entries, with ids that only grow', async () => {
  const mail = h.gas.project.mail;
  mail.quotaOf('').limit = 1_000;
  const sheet = new FakeSpreadsheet(h.gas.spreadsheet);
  const toastsBefore = h.gas.ui.toasts.length;
  for (let i = 0; i < 250; i++) {
    mail.send({
      at: h.clock.now(),
      to: ['ops@example.com'],
      cc: [],
      bcc: [],
      subject: `S${i}`,
      body: 'b',
      htmlBody: `<p>${i}</p>`,
      name: null,
      replyTo: null,
      noReply: false,
    });
    sheet.toast(`T${i}`);
  }
  const state = (await call('/__preview/state')).json();
  expect(state.outbox[0]).toMatchObject({ subject: 'S249' });
  const newest = state.outbox[0].id;
  expect(h.gas.project.mail.outbox).toHaveLength(200);
  expect((await call(`/__preview/outbox/${newest}`)).text).toBe('<p>249</p>');
  expect((await call(`/__preview/outbox/${newest - 199}`)).text).toBe('<p>50</p>');
  expect((await call(`/__preview/outbox/${newest - 200}`)).status).toBe(404);
  // The newest toast's id is past every earlier one, so the page shows it.
  const toasts = state.toasts as { id: number; message: string }[];
  expect(toasts.at(-1)).toMatchObject({ message: 'T249' });
  expect(toasts.at(-1)!.id).toBe(toastsBefore + 249);
  expect(h.gas.ui.toasts.length).toBe(200);
});

test('POST /exec is the web app: doPost runs, then a 302 (as Google) to a one-time echo of its answer; no token, refused', async () => {
  const notDeployed = await call('/exec', '{"data":{"id":"x"}}');
  expect(notDeployed.status).toBe(404); // no deployment yet: nothing runs
  h.gas.deployWebApp();
  const res = await fetch(`${host.url}/exec`, {
    method: 'POST',
    body: '{"data":{"id":"x"}}',
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  expect(h.gas.lastExecution?.functionName).toBe('doPost');
  expect(h.gas.lastExecution?.kind).toBe('web-app');
  const echo = new URL(res.headers.get('location')!);
  expect(echo.pathname).toBe('/__preview/echo');
  const refused = await call(`${echo.pathname}${echo.search}`);
  expect(refused.json()).toEqual({ ok: false });
  expect((await call(`${echo.pathname}${echo.search}`)).status).toBe(404); // served once
  serveLocalWebApp(h.emulator, h.gas, `${host.url}/exec`);
  h.gas.run('enablePush', [`${host.url}/exec`]);
  const token = h.gas.properties.document.map.get('CT_PUSH_TOKEN');
  // A notification id the service does not know: asked for, nothing to apply, and ok.
  const accepted = await call(
    `/exec?token=${token}`,
    '{"data":{"id":"00000000-0000-4000-8000-000000000000"}}',
  );
  expect(accepted.json()).toEqual({ ok: true }); // fetch followed the redirect
});

test('demo changes answer with what changed, as a notice for the page', async () => {
  const answer = await call('/__preview/demo-changes', {});
  expect(answer.status).toBe(200);
  expect(answer.json().notice).toMatch(/LFD moved to today/);
  expect(answer.json().state.outbox).toEqual([]);
});

test("changes the spreadsheet's time zone as File › Settings does, to a real zone only", async () => {
  const changed = await call('/__preview/time-zone', { timeZone: 'Asia/Tokyo' });
  expect(changed.status).toBe(200);
  expect(changed.json().state.timeZone).toBe('Asia/Tokyo');
  // What the add-in reads from then on: Diagnostics compares this with the script's zone.
  expect(h.gas.spreadsheet.timeZone).toBe('Asia/Tokyo');
  expect(changed.json().state.timeZones).toEqual(expect.arrayContaining(['Asia/Tokyo', 'Etc/UTC']));
  for (const bad of ['Mars/Olympus', '', 42, 'UTC; DROP']) {
    const refused = await call('/__preview/time-zone', { timeZone: bad });
    expect(refused.status).toBe(400);
  }
  expect(h.gas.spreadsheet.timeZone).toBe('Asia/Tokyo');
});
