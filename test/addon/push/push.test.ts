// Push updates end to end, in the local Apps Script runtime against the emulator: the bundle's
// doPost as the web app the emulator delivers to, enablePush/disablePush/getPushStatus, the
// token, forged and replayed deliveries, and a refresh's catch-up on deliveries that were lost.

import { PUSH_EVENTS } from '../../../src/api/webhooks';
import { hasLeftTerminal } from '../../../src/core/terminal-state';
import { serveLocalWebApp, type LocalWebApp } from '../../../local/emulator/webhooks/local-web-app';
import { column, withRows, type createHarness } from '../../helpers/addon-harness';
import { boxWithLfdInSharedShipment, changeLfd } from '../../helpers/demo-changes';

type Harness = ReturnType<typeof createHarness>;
const WEB_APP = 'https://script.google.com/macros/s/AKfy-test/exec';

const pickContainer = boxWithLfdInSharedShipment;

function setUp() {
  const probe = withRows([]);
  const { container, shipment } = pickContainer(probe);
  const number = container.attributes.number;
  const bol = shipment.attributes.bill_of_lading_number;
  const h = withRows([
    [number, '', 'container', ''],
    [bol, '', 'bill_of_lading', ''],
  ]);
  h.gas.run('refreshTrackingSheet');
  deployed(h);
  return { h, number, bol };
}

const webApps = new WeakMap<Harness, LocalWebApp>();

/** The bundle deployed as the web app at WEB_APP, answering the emulator as Apps Script does. */
function deployed(h: Harness): LocalWebApp {
  let web = webApps.get(h);
  if (!web) {
    h.gas.deployWebApp();
    web = serveLocalWebApp(h.emulator, h.gas, WEB_APP);
    webApps.set(h, web);
  }
  return web;
}

function storedToken(h: Harness): string {
  const value = h.gas.properties.document.map.get('CT_PUSH_TOKEN');
  if (!value) throw new Error('no token stored');
  return value;
}

/** The emulator's due deliveries, each POSTed to the bundle's doPost as Apps Script would. */
function deliver(h: Harness, rewrite: (body: string) => string = (b) => b) {
  const web = deployed(h);
  const [a, b] = [web.answers.length, web.bodies.length];
  const statuses = web.deliverDue(rewrite);
  return { answers: web.answers.slice(a), bodies: web.bodies.slice(b), statuses };
}

const idOf = (body: string): string => (JSON.parse(body) as { data: { id: string } }).data.id;

const post = (h: Harness, query: string, body = '{}') =>
  JSON.parse(h.gas.postToWebApp({ queryString: query, body }).content) as { ok: boolean };

const lfdCell = (h: Harness, row: number) => column(h, 'LFD')[row];
const fetchesSince = (h: Harness, from: number) => h.gas.urlFetchLog.slice(from).map((e) => e.url);

describe('enablePush / getPushStatus / disablePush', () => {
  test('one subscription with only the events the add-in uses; the token never shown', () => {
    const { h } = setUp();
    const status = h.gas.run<Record<string, unknown>>('enablePush', [WEB_APP]);
    expect(status).toMatchObject({ enabled: true, url: WEB_APP, applied: 0, available: true });
    expect(status.events).toEqual([...PUSH_EVENTS]);
    const hooks = h.emulator.account()!.webhooks.webhooks();
    expect(hooks).toHaveLength(1);
    const secret = storedToken(h);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(hooks[0]!.url).toBe(`${WEB_APP}?token=${secret}`);
    expect(hooks[0]!.events).toEqual([...PUSH_EVENTS]);
    expect(JSON.stringify(status)).not.toContain(secret);
    expect(JSON.stringify(h.gas.run('getPushStatus'))).not.toContain(secret);
  });

  test('enabling again replaces the subscription and the token; the old token is refused', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    const first = storedToken(h);
    serveLocalWebApp(h.emulator, h.gas, 'https://script.google.com/macros/s/other/exec');
    h.gas.run('enablePush', ['https://script.google.com/macros/s/other/exec']);
    const second = storedToken(h);
    expect(second).not.toBe(first);
    const hooks = h.emulator.account()!.webhooks.webhooks();
    expect(hooks.map((w) => w.url)).toEqual([
      `https://script.google.com/macros/s/other/exec?token=${second}`,
    ]);
    const unknownId = JSON.stringify({ data: { id: '00000000-0000-4000-8000-000000000001' } });
    expect(post(h, `token=${first}`, unknownId).ok).toBe(false);
    expect(post(h, `token=${second}`, unknownId).ok).toBe(true);
  });

  test('disabling deletes the subscription and refuses every later delivery', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    const secret = storedToken(h);
    const status = h.gas.run<Record<string, unknown>>('disablePush');
    expect(status).toMatchObject({ enabled: false, url: null, applied: 0 });
    expect(h.emulator.account()!.webhooks.webhooks()).toEqual([]);
    expect(post(h, `token=${secret}`).ok).toBe(false);
  });

  test('a web app URL must be https (http only on this machine) without a query', () => {
    const { h } = setUp();
    expect(() => h.gas.run('enablePush', ['http://example.com/exec'])).toThrow(/https/);
    expect(() => h.gas.run('enablePush', [`${WEB_APP}?token=mine`])).toThrow(/web app URL/);
    expect(h.emulator.account()!.webhooks.webhooks()).toEqual([]);
  });

  test('an installed add-on cannot receive pushes and says so', () => {
    const h = withRows([], { addOn: true });
    expect(() => h.gas.run('enablePush', [WEB_APP])).toThrow(/bound script/);
    expect(h.gas.run<{ available: boolean }>('getPushStatus').available).toBe(false);
  });
});

describe('doPost', () => {
  test('no token or a wrong one is refused after one cache read, with no property call', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    const secret = storedToken(h);
    const fetches = h.gas.urlFetchLog.length;

    expect(post(h, '', '{"data":{"id":"x"}}')).toEqual({ ok: false });
    expect(h.gas.lastExecution!.calls.totals).toEqual({});

    const wrong = secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
    expect(post(h, `token=${wrong}`, '{"data":{"id":"x"}}')).toEqual({ ok: false });
    // The token's digest from the script cache (strangers spend no property quota), and the
    // presented token's digest: no other service.
    const calls = h.gas.lastExecution!.calls.calls;
    expect(Object.keys(calls).sort()).toEqual(['Cache', 'Utilities']);
    expect(calls.Cache).toEqual({ 'CacheService.getScriptCache': 1, 'Cache.getAll': 1 });
    expect(post(h, 'token=', '{}')).toEqual({ ok: false });
    expect(h.gas.urlFetchLog.length).toBe(fetches);
  });

  test('an LFD change reaches the container row and its BOL row without a refresh', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    const before = [lfdCell(h, 0), lfdCell(h, 1)];
    changeLfd(h, number(h), '2026-11-21');
    const from = h.gas.urlFetchLog.length;
    const { answers } = deliver(h);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => JSON.stringify(a) === '{"ok":true}')).toBe(true);
    const after = [lfdCell(h, 0), lfdCell(h, 1)];
    expect(after[0]).not.toEqual(before[0]);
    expect(after[0]).toEqual(after[1]); // the BOL row's earliest box is this one now
    // Delivered the same instant as the change: each notification is asked for by id and the
    // container fetched for each (no fetch is known to be newer than the event).
    const urls = fetchesSince(h, from);
    expect(urls.filter((u) => u.includes('/webhook_notifications/')).length).toBe(answers.length);
    expect(urls.filter((u) => /\/containers\/[^/?]+\?/.test(u)).length).toBe(answers.length);
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBe(answers.length);
  });

  test('one change announced by several events is fetched once', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    changeLfd(h, number(h), '2026-11-21');
    h.clock.advance(2_000); // the service delivers a moment after the change
    const from = h.gas.urlFetchLog.length;
    const { answers } = deliver(h);
    expect(answers.length).toBeGreaterThan(1); // container.updated and per-source LFD events
    const urls = fetchesSince(h, from);
    expect(urls.filter((u) => u.includes('/webhook_notifications/')).length).toBe(answers.length);
    expect(urls.filter((u) => /\/containers\/[^/?]+\?/.test(u)).length).toBe(1);
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBe(answers.length);
  });

  test('a replayed delivery is applied once: no request the second time', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    changeLfd(h, number(h), '2026-11-22');
    const { bodies } = deliver(h);
    const secret = storedToken(h);
    const from = h.gas.urlFetchLog.length;
    for (const body of bodies) expect(post(h, `token=${secret}`, body).ok).toBe(true);
    expect(h.gas.urlFetchLog.length).toBe(from);
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBe(bodies.length);
  });

  test('a forged notification id the service does not know changes nothing', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    const before = column(h, 'LFD');
    const from = h.gas.urlFetchLog.length;
    const forged = JSON.stringify({ data: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(post(h, `token=${storedToken(h)}`, forged).ok).toBe(true);
    expect(fetchesSince(h, from)).toHaveLength(1); // asked the service, which said 404
    expect(column(h, 'LFD')).toEqual(before);
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBe(0);
  });

  test('a body whose data disagrees with the service: the service wins', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    changeLfd(h, number(h), '2026-11-21');
    const tamper = (body: string) => {
      const doc = JSON.parse(body);
      for (const r of doc.included) {
        if (r.type !== 'container') continue;
        r.attributes.pickup_lfd = '2030-01-01T05:00:00Z';
        r.attributes.import_deadlines.pickup_lfd_line = '2030-01-01T05:00:00Z';
        r.attributes.import_deadlines.pickup_lfd_terminal = '2030-01-01T05:00:00Z';
      }
      return JSON.stringify(doc);
    };
    const before = lfdCell(h, 0);
    deliver(h, tamper);
    const pushed = lfdCell(h, 0);
    expect(pushed).not.toEqual(before);
    // What a refresh (the service's listing) writes is exactly what the push wrote.
    h.gas.run('refreshTrackingSheet');
    expect(lfdCell(h, 0)).toEqual(pushed);
  });
});

describe('catch-up', () => {
  test('a refresh catches up on lost deliveries; their late delivery then costs nothing', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    changeLfd(h, number(h), '2026-11-24');
    // The deliveries are lost (the web app was down): the emulator hands them out, nobody gets them.
    const lost = h.emulator.webhooks.takeDue();
    expect(lost.length).toBeGreaterThan(0);
    for (const d of lost) h.emulator.webhooks.settle(d, 503);
    h.clock.advance(5 * 60_000);
    const before = lfdCell(h, 0);
    h.gas.run('refreshTrackingSheet');
    expect(lfdCell(h, 0)).not.toEqual(before);
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBe(lost.length);
    // The service retries them later: recognised as applied, no request.
    h.clock.advance(60_000);
    const from = h.gas.urlFetchLog.length;
    const { answers } = deliver(h);
    expect(answers).toHaveLength(lost.length);
    expect(h.gas.urlFetchLog.length).toBe(from);
  });

  test('when the refresh could not read the account, missed notifications are applied one by one', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    changeLfd(h, number(h), '2026-11-25');
    for (const d of h.emulator.webhooks.takeDue()) h.emulator.webhooks.settle(d, 503);
    const before = lfdCell(h, 0);
    // The listing fails (503 on every /containers page), the catch-up's own requests do not.
    h.interceptors.push((req) =>
      new URL(req.url).pathname === '/v2/containers' && req.url.includes('page')
        ? { status: 503, headers: {}, body: 'down' }
        : undefined,
    );
    h.gas.run('refreshTrackingSheet');
    expect(lfdCell(h, 0)).not.toEqual(before);
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBeGreaterThan(0);
  });

  test('costs no request while push is off', () => {
    const { h } = setUp();
    const from = h.gas.urlFetchLog.length;
    h.gas.run('refreshTrackingSheet');
    expect(fetchesSince(h, from).some((u) => u.includes('webhook'))).toBe(false);
  });
});

describe('the token stays on the server', () => {
  test('not in a log, a cell, the status or any sidebar answer', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    const secret = storedToken(h);
    changeLfd(h, number(h), '2026-11-26');
    deliver(h);
    h.gas.run('refreshTrackingSheet');
    const answers = ['getPushStatus', 'getSettings', 'getDiagnostics'].map((fn) =>
      JSON.stringify(h.gas.run(fn)),
    );
    for (const text of answers) expect(text).not.toContain(secret);
    expect(JSON.stringify(h.gas.logs)).not.toContain(secret);
    for (const sheet of h.gas.spreadsheet.sheets)
      for (const row of sheet.lastRow() ? [...Array(sheet.lastRow()).keys()] : [])
        for (let c = 1; c <= sheet.lastColumn(); c++)
          expect(String(sheet.cell(row + 1, c)?.value ?? '')).not.toContain(secret);
  });
});

/** The container row's number (row 2 of the sheet). */
function number(h: Harness): string {
  return String(column(h, 'Number')[0]);
}

describe('tracking-request outcomes', () => {
  test('a BOL row tracked by the refresh fills in by push when its request succeeds', () => {
    const h = withRows([['PUSHBOL777', 'MAEU', 'bill_of_lading', '']]);
    deployed(h);
    h.gas.run('enablePush', [WEB_APP]);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')[0]).toBe('pending');
    h.clock.advance(20_000); // the request succeeds after 15 s on the emulator clock
    const { answers } = deliver(h);
    expect(answers).toEqual([{ ok: true }]);
    expect(column(h, 'Tracking')[0]).toBe('tracked');
    expect(String(column(h, 'Status')[0])).not.toBe('');
  });
});

describe('as Google runs web apps (302 answers, retries, the path proved first)', () => {
  test('enablePush: a test delivery that never reaches doPost leaves push off and says why', () => {
    const h = withRows([]);
    // Not deployed at that address (or not for anyone): the service's test POST reaches no doPost.
    expect(() => h.gas.run('enablePush', [WEB_APP])).toThrow(
      /Push updates stay off: The service's test delivery did not reach this spreadsheet's script \(the address did not answer.*Scheduled refreshes carry on/,
    );
    expect(h.emulator.account()!.webhooks.webhooks()).toEqual([]);
    expect(h.gas.properties.document.map.has('CT_PUSH_TOKEN')).toBe(false);
    expect(h.gas.run<{ enabled: boolean }>('getPushStatus').enabled).toBe(false);
    // Deployed, but the version there has no doPost that records the probe: still off.
    h.gas.deployWebApp();
    serveLocalWebApp(h.emulator, h.gas, 'https://script.google.com/macros/s/other/exec');
    expect(() => h.gas.run('enablePush', [WEB_APP])).toThrow(/stay off/);
  });

  test('enablePush: received but answered with a redirect: on, with a plain warning', () => {
    const { h } = setUp();
    const status = h.gas.run<{ enabled: boolean; warning: string | null }>('enablePush', [WEB_APP]);
    expect(status.enabled).toBe(true);
    expect(status.warning).toMatch(
      /answered with status 302.*counts each delivery as failed and retries it up to 12 times/,
    );
    const trigger = h.emulator.requestLog.entries.filter(
      (e) => e.method === 'POST' && e.path === '/v2/webhooks/trigger',
    );
    expect(trigger).toHaveLength(1);
    expect(h.gas.properties.document.map.has('CT_PUSH_PROBE')).toBe(false);
  });

  test('one notification delivered 13 times (302 each time): applied once; each repeat costs no request and at most 2 property calls', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    // One event only: an ETA change is announced by shipment.estimated.arrival alone.
    const res = h.emulator.handle({
      method: 'POST',
      url: `${h.emulator.origin}/__emulator/containers/${number(h)}/changes`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ eta: '2026-12-01T10:00:00Z' }),
    });
    expect(res.status).toBe(200);
    const web = deployed(h);
    const first = deliver(h);
    const ids = new Set(first.bodies.map(idOf)); // the change's notifications (one per event)
    expect(ids.size).toBe(first.statuses.length);
    expect(first.statuses).toEqual(Array(ids.size).fill(302));
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBe(ids.size);
    const [bodiesFrom, runsFrom] = [web.bodies.length, h.gas.executions.length];
    for (let round = 0; round < 20; round++) {
      h.clock.advance(7 * 60 * 60_000); // past the longest wait between retries
      deliver(h);
    }
    // Every doPost run of a delivery, in order, with the notification it carried (time moving on
    // brings the emulator's boxes new events too: those are new notifications, applied as such).
    const runs = h.gas.executions.slice(runsFrom).filter((e) => e.functionName === 'doPost');
    const carried = web.bodies.slice(bodiesFrom).map(idOf);
    expect(runs).toHaveLength(carried.length);
    const repeats = runs.filter((_, i) => ids.has(carried[i]!));
    // 12 retries of each, and then no more.
    expect(repeats).toHaveLength(12 * ids.size);
    for (const r of repeats) {
      expect(r.calls.urlFetchRequests).toBe(0);
      const props = Object.entries(r.calls.calls.Properties ?? {})
        .filter(([name]) => name.startsWith('Properties.'))
        .reduce((n, [, count]) => n + count, 0);
      // Hours apart, the cache has forgotten the token's digest and the ids dealt with: the token,
      // then the push state (with the seen ids). Within the cache's life, none (strangers.test.ts).
      expect(props).toBeLessThanOrEqual(2);
    }
    for (const id of ids) {
      const notice = h.emulator.account()!.webhooks.notification(id)!;
      expect(notice).toMatchObject({ attempts: 13, deliveryStatus: 'failed' });
    }
  });

  test('a repeat that comes after 150 newer notifications is still not applied again', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    changeLfd(h, number(h), '2026-11-21');
    const first = deliver(h).bodies;
    expect(first.length).toBeGreaterThan(0);
    // 150 newer notifications, each applied (ETA changes of the same container, a second apart).
    for (let i = 0; i < 150; i++) {
      h.emulator.handle({
        method: 'POST',
        url: `${h.emulator.origin}/__emulator/containers/${number(h)}/changes`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          eta: new Date(Date.parse('2026-12-01T00:00:00Z') + i * 3_600_000).toISOString(),
        }),
      });
      h.clock.advance(1_000);
      deliver(h);
    }
    const applied = h.gas.run<{ applied: number }>('getPushStatus').applied;
    const secret = storedToken(h);
    const from = h.gas.urlFetchLog.length;
    for (const body of first) expect(post(h, `token=${secret}`, body).ok).toBe(true);
    expect(h.gas.urlFetchLog.length).toBe(from);
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBe(applied);
  });

  test('a push that cannot be applied answers not-ok and shows in the status and Diagnostics', () => {
    const { h } = setUp();
    h.gas.run('enablePush', [WEB_APP]);
    changeLfd(h, number(h), '2026-11-23');
    // The service fails the container fetch.
    h.interceptors.push((req) =>
      /\/v2\/containers\/[^/?]+$/.test(new URL(req.url).pathname)
        ? { status: 500, headers: {}, body: '{"errors":[{"status":"500","title":"boom"}]}' }
        : undefined,
    );
    const { answers } = deliver(h);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers).toContainEqual({ ok: false });
    const status = h.gas.run<{ applied: number; problem: { message: string } | null }>(
      'getPushStatus',
    );
    expect(status.problem?.message).toBeTruthy();
    const diagnostics = h.gas.run<{ push: { ok: boolean; value: string[] } }>('getDiagnostics');
    expect(diagnostics.push.ok).toBe(true);
    expect(diagnostics.push.value.join(' ')).toMatch(/Could not apply a delivery at/);
    // The next refresh's catch-up applies it; the problem is then cleared.
    h.interceptors.length = 0;
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(h.gas.run<{ problem: unknown }>('getPushStatus').problem).toBeNull();
  });
});

describe('alert emails from push', () => {
  test('20 pushes in 15 minutes send one email; the alerts in between go out together after it, none lost', () => {
    const probe = withRows([]);
    const boxes = probe.emulator
      .account()!
      .containers()
      .filter(
        (c) =>
          // Only boxes still at the terminal alert about a hold.
          !hasLeftTerminal({ ...c.attributes }) &&
          !c.attributes.holds_at_pod_terminal.some((x) => x.name === 'customs'),
      )
      .slice(0, 20)
      .map((c) => c.attributes.number);
    expect(boxes).toHaveLength(20);
    const h = withRows(boxes.map((n) => [n, '', 'container', '']));
    h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
    h.gas.run('refreshTrackingSheet'); // the baseline: no email
    deployed(h);
    h.gas.run('enablePush', [WEB_APP]);
    const outbox = h.gas.project.mail.outbox;
    expect(outbox).toHaveLength(0);
    // A customs hold on each box, one push at a time, 30 s apart (9.5 minutes in all).
    for (const n of boxes) {
      const res = h.emulator.handle({
        method: 'POST',
        url: `${h.emulator.origin}/__emulator/containers/${n}/changes`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hold: { name: 'customs', status: 'hold' } }),
      });
      expect(res.status).toBe(200);
      deliver(h);
      h.clock.advance(30_000);
    }
    expect(outbox).toHaveLength(1);
    const status = h.gas.run<{ pending: number }>('getAlertStatus');
    expect(status.pending).toBeGreaterThanOrEqual(19); // gathered, waiting for the next email
    // The next push after the 15 minutes sends them all in one email.
    h.clock.advance(6 * 60_000);
    h.emulator.handle({
      method: 'POST',
      url: `${h.emulator.origin}/__emulator/containers/${boxes[0]}/changes`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ eta: '2026-12-03T10:00:00Z' }),
    });
    deliver(h);
    expect(outbox).toHaveLength(2);
    const mentioned = outbox.map((e) => boxes.filter((n) => e.body.includes(n)).length);
    expect(mentioned).toEqual([1, 19]);
  });

  test('a refresh sends what pushes gathered, without waiting for the 15 minutes', () => {
    const { h } = setUp();
    h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
    h.gas.run('refreshTrackingSheet');
    h.gas.run('enablePush', [WEB_APP]);
    const outbox = h.gas.project.mail.outbox;
    const hold = (name: string) =>
      h.emulator.handle({
        method: 'POST',
        url: `${h.emulator.origin}/__emulator/containers/${number(h)}/changes`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hold: { name, status: 'hold' } }),
      });
    hold('customs');
    deliver(h);
    h.clock.advance(60_000);
    hold('freight');
    deliver(h);
    expect(outbox).toHaveLength(1);
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(outbox).toHaveLength(2);
    expect(outbox[1]!.body).toContain('freight');
  });
});
