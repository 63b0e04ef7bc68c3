// One customer's key must never reach another (docs/reference.md#builds). An editor add-on is one
// script project for every user: its script cache, script lock and script properties are shared
// by all of them (local/gas/project.ts). In that project ScriptApp.getInstallationSource() may
// answer NONE (the deployer pressing Run in the editor; a test deployment, undocumented), which
// the old run-time guess read as "bound script" and then chose the shared stores. Here every
// execution answers NONE and the shared stores already hold every marker the old code knew; two
// customers on different keys must still share no request, no key and no value.

import { ManualClock } from '../../../local/clock';
import { createEmulator } from '../../../local/emulator';
import { createGasRuntime, type GasRuntime } from '../../../local/gas';
import { header, type HttpRequest } from '../../../local/http';
import { ADDON_BUILD_PATH, ADDON_NAME, ORIGIN } from '../../helpers/addon-harness';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../../src/core/sheet-layout';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const MINUTE = 60_000;
const KEY_B = 'customer-b-key-7391';
const ANA = 'ana@importer-a.example';
const BOB = 'bob@forwarder-b.example';
const SCOPES = (
  JSON.parse(
    readFileSync(path.join(path.dirname(ADDON_BUILD_PATH), 'appsscript.json'), 'utf8'),
  ) as { oauthScopes: string[] }
).oauthScopes;

/** What the old code left in the stores every user shares (cache marker; property marker). */
const OLD_MARKERS = ['script', 'document'];

function world(marker: string) {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ origin: ORIGIN, clock });
  emulator.addAccount(KEY_B); // customer B's account: it tracks nothing yet
  const keysSent = { a: [] as string[], b: [] as string[] };
  const recording = (into: string[]) => (req: HttpRequest) => {
    into.push(header(req.headers, 'authorization') ?? '');
    return emulator.handle(req);
  };
  const [n1, n2] = emulator
    .account()!
    .containers()
    .map((c) => c.attributes.number);
  const headers = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
  const open = (
    id: string,
    email: string,
    fetch: (r: HttpRequest) => ReturnType<typeof emulator.handle>,
    rows: unknown[][],
    project?: GasRuntime['project'],
  ) =>
    createGasRuntime({
      codePath: ADDON_BUILD_PATH,
      addOn: true,
      addOnName: ADDON_NAME,
      installationSource: 'NONE',
      oauthScopes: SCOPES,
      user: { email },
      fetch,
      clock,
      allowlistStandIns: [ORIGIN],
      spreadsheet: {
        id,
        timeZone: 'America/New_York',
        sheets: [{ name: 'Tracking', values: [headers, ...rows] }],
      },
      ...(project ? { project } : {}),
    });
  const a = open('sheet-a', ANA, recording(keysSent.a), [[n1], [n2]]);
  const b = open('sheet-b', BOB, recording(keysSent.b), [[n1]], a.project);
  // The stores every user of the add-on shares, as the old code could have left them.
  a.caches.script.write([['ct:shared-stores', marker]], 21_600, clock.now());
  a.properties.script.map.set('CT_SHARED_STORES', marker);
  const sharedBefore = {
    cache: [...a.caches.script.entries.entries()].map(([k, e]) => [k, e.value]),
    properties: [...a.properties.script.map],
  };
  return { clock, emulator, a, b, n1: n1!, keysSent, sharedBefore };
}

describe.each(OLD_MARKERS)(
  'an add-on answering NONE, the shared stores marked %j by the old code',
  (marker) => {
    it('two customers on different keys share no request, no key and no value', () => {
      const { clock, emulator, a, b, n1, keysSent, sharedBefore } = world(marker);
      const sidebar = { kind: 'sidebar' as const };
      a.run(
        'saveSettings',
        [{ apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN }],
        sidebar,
      );
      a.run('setupTrackingSheet', [], sidebar);
      expect(a.run<{ ok: boolean }>('refreshTrackingSheet', [], sidebar).ok).toBe(true);
      const statusA = a.run<string>('CONTAINER_STATUS', [n1], { kind: 'custom-function' });
      expect(statusA).toBe(emulator.findContainer(n1)!.attributes.current_status);

      // Customer B's cell, cold, for the very number A's cache holds: B's account does not track
      // it, and B must be told so, never shown A's data. With no key yet: "no API key".
      expect(() => b.run('CONTAINER_STATUS', [n1], { kind: 'custom-function' })).toThrow(
        /No API key/,
      );
      b.run(
        'saveSettings',
        [{ apiKey: KEY_B, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN }],
        sidebar,
      );
      expect(() => b.run('CONTAINER_STATUS', [n1], { kind: 'custom-function' })).toThrow(
        /not tracked/i,
      );
      b.run('setupTrackingSheet', [], sidebar);
      b.run('refreshTrackingSheet', [], sidebar);
      expect(() => b.run('CONTAINER_STATUS', [n1], { kind: 'custom-function' })).toThrow(
        /not tracked/i,
      );
      // A's cell still answers from A's own cache.
      expect(a.run('CONTAINER_STATUS', [n1], { kind: 'custom-function' })).toBe(statusA);

      // Every request of each spreadsheet's executions went out with its own customer's key.
      expect(new Set(keysSent.a)).toEqual(new Set([`Token ${emulator.demoKey}`]));
      expect(new Set(keysSent.b)).toEqual(new Set([`Token ${KEY_B}`]));

      // Both schedules run hourly, with no active spreadsheet (the worst case the platform allows),
      // fired from one runtime: each refreshes its own sheet with its own customer's data.
      a.run('enableAutoRefresh', [60], sidebar);
      b.run('enableAutoRefresh', [60], sidebar);
      clock.advance(61 * MINUTE);
      // By now B's account tracks the number too (B's refresh asked for it, with B's key); its
      // copy of the box says something A's never does.
      const statusB = statusA === 'grounded' ? 'on_rail' : 'grounded';
      const boxB = emulator
        .account(KEY_B)!
        .containers()
        .find((c) => c.attributes.number === n1)!;
      boxB.attributes.current_status = statusB;
      const fired = a.fireDueTriggers();
      expect(fired).toHaveLength(2);
      expect(fired.every((f) => f.ok)).toBe(true);
      const cellOf = (rt: GasRuntime, headerName: string) => {
        const sheet = rt.spreadsheet.sheetByName('Tracking')!;
        const col = [...INPUT_HEADERS, ...OUTPUT_HEADERS].indexOf(headerName as never) + 1;
        return sheet.cell(2, col)?.value ?? '';
      };
      expect(cellOf(a, 'Status')).toBe(statusA);
      expect(cellOf(b, 'Status')).toBe(statusB);
      // Neither key is in the other's stores (their document stores, their user stores).
      const storesOf = (rt: GasRuntime, user: string) =>
        JSON.stringify([
          [...rt.properties.document.map],
          [...rt.caches.document.entries].map(([k, e]) => [k, e.value]),
          [...rt.project.storesOf(user).properties.map],
          [...rt.project.storesOf(user).cache.entries].map(([k, e]) => [k, e.value]),
        ]);
      expect(storesOf(a, ANA)).not.toContain(KEY_B);
      expect(storesOf(b, BOB)).not.toContain(emulator.demoKey);
      // The shared stores are as the old code left them: nothing read from them chose anything,
      // nothing was written there, and no execution even opened the script cache or lock.
      expect([...a.caches.script.entries.entries()].map(([k, e]) => [k, e.value])).toEqual(
        sharedBefore.cache,
      );
      expect([...a.properties.script.map]).toEqual(sharedBefore.properties);
      for (const rt of [a, b]) {
        const cache = rt.counters.snapshot().calls.Cache ?? {};
        const lock = rt.counters.snapshot().calls.Lock ?? {};
        expect([cache['CacheService.getScriptCache'], lock['LockService.getScriptLock']]).toEqual([
          undefined,
          undefined,
        ]);
      }
    });
  },
);
