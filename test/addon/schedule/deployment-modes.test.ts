// Both builds (dist/ bound, dist-addon/ add-on) in the local runtime's stricter model: the menu
// under Extensions in every AuthMode, the same valid intervals in the menu and the sidebar, one trigger per spreadsheet in
// an add-on project shared by several spreadsheets, and a scheduled run with no active
// spreadsheet that opens its own by id.

import type { MenuItem } from '../../../local/gas';
import { ADDON_NAME, createHarness, column, withRows } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;
interface Choice {
  minutes: number;
  label: string;
  menuLabel: string;
}
interface AutoRefresh {
  enabled: boolean;
  minutes: number | null;
  mode: string;
  choices: Choice[];
  triggerId: string | null;
}

const MINUTE = 60_000;

const containerNumber = (h: Harness, i: number) =>
  h.emulator.account()!.containers()[i]!.attributes.number;

const autoRefresh = (h: Harness) => h.gas.run<AutoRefresh>('getAutoRefresh');

function autoRefreshItems(h: Harness): string[] {
  const menu = h.gas.ui.menus.at(-1)!;
  const sub = menu.items.find(
    (i): i is Extract<MenuItem, { submenu: MenuItem[] }> =>
      'submenu' in i && i.caption === 'Auto-refresh',
  )!;
  return sub.submenu.flatMap((i) => ('functionName' in i ? [i.functionName] : []));
}

const statusMessage = (h: Harness) =>
  h.gas.spreadsheet.sheetByName('Container Tracking status')?.cell(2, 2)?.value;

const userRecordKeys = (h: Harness) =>
  [...h.gas.properties.user.map.keys()].filter((k) => k.startsWith('CT_TRIGGER:'));

describe.each([
  { mode: 'bound', addOn: false, shortest: 15 },
  { mode: 'add-on', addOn: true, shortest: 60 },
])('$mode', ({ mode, addOn, shortest }) => {
  it.each(['NONE', 'LIMITED', 'FULL'] as const)(
    'onOpen in AuthMode.%s puts one menu under Extensions',
    (authMode) => {
      const h = createHarness({ addOn, withKey: false });
      h.gas.run('onOpen', [], { kind: 'simple-trigger', authMode });
      expect(h.gas.ui.menus).toHaveLength(1);
      expect(h.gas.ui.menus[0]!.location).toEqual(['Extensions', ADDON_NAME]);
      expect(JSON.stringify(h.gas.ui.menus[0])).toMatch(
        /Open sidebar.*Set up Tracking sheet.*Refresh now.*Auto-refresh.*Settings/,
      );
      // The build decides the intervals, whatever the AuthMode (only an add-on opens in NONE).
      expect(autoRefreshItems(h)[0]).toBe(`menuAutoRefresh${shortest}`);
      expect(autoRefreshItems(h).at(-1)).toBe('menuAutoRefreshOff');
    },
  );

  it('offers the same intervals in the menu and the sidebar, and every one of them works', () => {
    const h = createHarness({ addOn });
    h.gas.run('onOpen', [], { kind: 'simple-trigger', authMode: 'LIMITED' });
    const state = autoRefresh(h);
    expect(state).toMatchObject({ enabled: false, minutes: null, mode });
    expect(state.choices[0]!.minutes).toBe(shortest);
    expect(state.choices.map((c) => c.minutes)).toContain(1440);
    expect(autoRefreshItems(h)).toEqual([
      ...state.choices.map((c) => `menuAutoRefresh${c.minutes}`),
      'menuAutoRefreshOff',
    ]);
    for (const choice of state.choices) {
      h.gas.run(`menuAutoRefresh${choice.minutes}`);
      expect(h.gas.ui.toasts.at(-1)?.message).toBe(
        `The Tracking sheet now refreshes ${choice.menuLabel.toLowerCase()}.`,
      );
      expect(autoRefresh(h)).toMatchObject({ enabled: true, minutes: choice.minutes });
      expect(h.gas.triggers.triggers.map((t) => t.everyMs)).toEqual([choice.minutes * MINUTE]);
    }
    h.gas.run('menuAutoRefreshOff');
    expect(h.gas.triggers.triggers).toHaveLength(0);
    expect(userRecordKeys(h)).toEqual([]);
  });

  it('refuses an interval it does not offer and keeps the previous trigger', () => {
    const h = createHarness({ addOn });
    h.gas.run('enableAutoRefresh', [60]);
    const before = h.gas.triggers.triggers.map((t) => t.uniqueId);
    expect(() => h.gas.run('enableAutoRefresh', [shortest === 60 ? 15 : 5])).toThrow(
      /^Auto-refresh can run every .*Choose one of these\.$/,
    );
    expect(h.gas.triggers.triggers.map((t) => t.uniqueId)).toEqual(before);
    expect(autoRefresh(h)).toMatchObject({ enabled: true, minutes: 60 });
  });
});

describe('changing the interval', () => {
  it('creates the new trigger before deleting the old one, so a failure keeps the old one', () => {
    const h = createHarness();
    h.gas.run('enableAutoRefresh', [60]);
    const ours = h.gas.triggers.triggers[0]!;
    // 19 other triggers of the project: Apps Script allows 20 per user per script.
    for (let i = 0; i < 19; i++) {
      h.gas.triggers.triggers.push({
        ...ours,
        uniqueId: `other-${i}`,
        handlerFunction: 'somethingElse',
      });
    }
    expect(() => h.gas.run('enableAutoRefresh', [30])).toThrow(
      /could not be changed \(This script has too many triggers.*\)\. The previous schedule is still in place\./,
    );
    expect(
      h.gas.triggers.triggers.filter((t) => t.handlerFunction === 'runScheduledRefresh'),
    ).toEqual([ours]);
    expect(autoRefresh(h)).toMatchObject({ enabled: true, minutes: 60, triggerId: ours.uniqueId });
  });

  it('in an add-on, puts the previous trigger back when the new one cannot be created', () => {
    // One time-driven trigger per document: the add-on must delete the old one first.
    const h = createHarness({ addOn: true });
    h.gas.run('enableAutoRefresh', [120]);
    h.gas.triggers.createFaults.push(
      'We are sorry, a server error occurred. Please wait a bit and try again.',
    );
    expect(() => h.gas.run('enableAutoRefresh', [60])).toThrow(
      /could not be changed \(We are sorry, a server error occurred.*\)\. The previous schedule is still in place\./,
    );
    expect(h.gas.triggers.triggers.map((t) => t.everyMs)).toEqual([120 * MINUTE]);
    const restored = h.gas.triggers.triggers[0]!.uniqueId;
    expect(userRecordKeys(h)).toEqual([`CT_TRIGGER:${restored}`]);
    expect(autoRefresh(h)).toMatchObject({ enabled: true, minutes: 120, triggerId: restored });
  });
});

describe('an add-on used in two spreadsheets', () => {
  function twoSpreadsheets() {
    const a = withRows([], { addOn: true, spreadsheetId: 'sheet-a' });
    a.gas.spreadsheet.write(
      a.gas.spreadsheet.sheetByName('Tracking')!,
      2,
      1,
      containerNumber(a, 0),
    );
    const b = withRows([[containerNumber(a, 1)]], {
      addOn: true,
      sameProjectAs: a,
      spreadsheetId: 'sheet-b',
    });
    return { a, b };
  }

  it('lets each spreadsheet own only its own trigger', () => {
    const { a, b } = twoSpreadsheets();
    a.gas.run('enableAutoRefresh', [60]);
    b.gas.run('enableAutoRefresh', [120]);
    const bTrigger = autoRefresh(b).triggerId;
    expect(a.gas.triggers.triggers).toHaveLength(2);
    a.gas.run('enableAutoRefresh', [240]);
    expect(a.gas.triggers.triggers).toHaveLength(2);
    expect(autoRefresh(b)).toMatchObject({ enabled: true, minutes: 120, triggerId: bTrigger });
    a.gas.run('disableAutoRefresh');
    expect(a.gas.triggers.triggers.map((t) => t.uniqueId)).toEqual([bTrigger]);
    expect(autoRefresh(a)).toMatchObject({ enabled: false, minutes: null, triggerId: null });
    expect(autoRefresh(b)).toMatchObject({ enabled: true, minutes: 120 });
    expect(userRecordKeys(a)).toEqual([`CT_TRIGGER:${bTrigger}`]);
  });

  it('refreshes the spreadsheet the trigger belongs to, opened by id, never the script-wide stores', () => {
    const { a, b } = twoSpreadsheets();
    b.gas.run('enableAutoRefresh', [60]);
    a.clock.advance(61 * MINUTE);
    // Fired from A's runtime: the project's triggers run with no active spreadsheet at all.
    expect(a.gas.fireDueTriggers()).toEqual([
      expect.objectContaining({ handlerFunction: 'runScheduledRefresh', ok: true }),
    ]);
    expect(column(b, 'Status')[0]).not.toBe('');
    expect(statusMessage(b)).toMatch(/^Refreshed 1 of 1 row;/);
    expect(column(a, 'Status')[0]).toBe('');
    expect(a.gas.caches.script.entries.size).toBe(0);
    expect(a.gas.properties.script.map.size).toBe(0);
    expect(a.gas.caches.document.entries.size + b.gas.caches.document.entries.size).toBeGreaterThan(
      0,
    ); // the sidebar's settings: document caches only
  });

  it('uses the settings a user saves after enabling', () => {
    const { a, b } = twoSpreadsheets();
    b.gas.run('enableAutoRefresh', [60]);
    b.gas.run('saveSettings', [{ apiKey: 'not-the-right-key-1234' }]);
    a.clock.advance(61 * MINUTE);
    a.gas.fireDueTriggers();
    expect(statusMessage(b)).toMatch(/rejected the API key/);
    expect(String(statusMessage(b))).not.toContain('not-the-right-key');
    b.gas.run('saveSettings', [{ apiKey: b.emulator.demoKey }]);
    a.clock.advance(61 * MINUTE);
    a.gas.fireDueTriggers();
    expect(statusMessage(b)).toMatch(/^Refreshed 1 of 1 row;/);
  });

  it('forgets triggers deleted elsewhere, and a trigger that serves no spreadsheet removes itself', () => {
    const { a, b } = twoSpreadsheets();
    a.gas.run('enableAutoRefresh', [60]);
    b.gas.run('enableAutoRefresh', [60]);
    a.gas.run('enableAutoRefresh', [120]);
    expect(userRecordKeys(a)).toHaveLength(2); // one record per live trigger
    const aTrigger = autoRefresh(a).triggerId;
    a.gas.triggers.triggers = a.gas.triggers.triggers.filter((t) => t.uniqueId !== aTrigger);
    expect(autoRefresh(a)).toMatchObject({ enabled: false, triggerId: null });
    expect(userRecordKeys(a)).toEqual([`CT_TRIGGER:${autoRefresh(b).triggerId}`]);

    a.gas.triggers.triggers.push({
      uniqueId: 'orphan',
      handlerFunction: 'runScheduledRefresh',
      everyMs: 60 * MINUTE,
      nextRunAt: a.clock.now() + MINUTE,
      createdAt: a.clock.now(),
      documentId: null,
      owner: a.gas.sessionOptions.effectiveUserEmail,
    });
    a.clock.advance(2 * MINUTE);
    expect(a.gas.fireDueTriggers()).toEqual([
      expect.objectContaining({ triggerId: 'orphan', ok: true }),
    ]);
    expect(a.gas.triggers.triggers.map((t) => t.uniqueId)).toEqual([autoRefresh(b).triggerId]);
  });

  it('gives up on a spreadsheet it cannot open three runs in a row, key copy included', () => {
    const { a, b } = twoSpreadsheets();
    b.gas.run('enableAutoRefresh', [60]);
    const id = autoRefresh(b).triggerId;
    const record = () => a.gas.properties.user.map.get(`CT_TRIGGER:${id}`);
    const fire = () => {
      a.clock.advance(61 * MINUTE);
      return a.gas.fireDueTriggers()[0];
    };
    // The fake finds spreadsheets by id: an unknown id is one the user can no longer open.
    const unreachable = JSON.stringify({ ...JSON.parse(record()!), spreadsheetId: 'gone' });
    a.gas.properties.user.map.set(`CT_TRIGGER:${id}`, unreachable);
    expect(fire()).toMatchObject({ ok: false, error: expect.stringMatching(/openById/) });
    expect(fire()).toMatchObject({ ok: false });
    expect(record()).toContain('"openFailures":2');
    expect(fire()).toMatchObject({ ok: true });
    expect(a.gas.triggers.triggers).toEqual([]);
    expect(record()).toBeUndefined();
  });

  it('never falls back to the script-wide cache or lock without a document', () => {
    const { a } = twoSpreadsheets();
    expect(() => a.gas.run('getSettings', [], { kind: 'trigger', activeDocument: false })).toThrow(
      /needs an open spreadsheet/,
    );
    expect(() =>
      a.gas.run('refreshTrackingSheet', [], { kind: 'trigger', activeDocument: false }),
    ).toThrow(/needs an open spreadsheet/);
    expect(a.gas.caches.script.entries.size).toBe(0);
  });
});
