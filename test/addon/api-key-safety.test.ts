// The API key in the real bundle (dist/Code.js) in the local Apps Script runtime: it never reaches
// a cell, toast, the status sheet or the sidebar, it goes only to the API base URL's origin, and
// it is bound to the host it was saved for. A 429 with a Retry-After that fits is waited out.

import type { HttpRequest } from '../../local/http';
import { ORIGIN, column, createHarness, sheetValues, withRows } from '../helpers/addon-harness';
import { thrown } from '../helpers/thrown';

type Harness = ReturnType<typeof createHarness>;

function someContainer(h: Harness): string {
  return h.emulator.account()!.containers()[0]!.attributes.number as string;
}

/** Everything a person can read after a run: cells, toasts, the status sheet, logs. */
function visibleText(h: Harness): string {
  const sheets = h.gas.spreadsheet.sheets.map((s) => JSON.stringify(sheetValues(h, s.name)));
  return [...sheets, JSON.stringify(h.gas.ui.toasts), JSON.stringify(h.gas.logs)].join('\n');
}

/** Records every request that carried the key, by origin. */
function keyCarriers(h: Harness): string[] {
  const origins: string[] = [];
  h.interceptors.unshift((req: HttpRequest) => {
    const auth = Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'authorization');
    if (auth && auth[1].includes(h.emulator.demoKey)) origins.push(new URL(req.url).origin);
    return undefined;
  });
  return origins;
}

const echo = (key: string) => ({
  status: 422,
  headers: { 'Content-Type': 'application/vnd.api+json' },
  body: JSON.stringify({
    errors: [
      {
        status: '422',
        title: `Bad header Authorization: Token ${key}`,
        detail: `Header "Authorization: Token ${key}" (${encodeURIComponent(key)}) is not allowed`,
      },
    ],
  }),
});

describe('the API key never reaches a person', () => {
  it('is redacted from a 4xx detail shown in the sidebar', () => {
    const h = createHarness();
    const key = h.emulator.demoKey;
    h.interceptors.push((req) => (req.method === 'POST' ? echo(key) : undefined));
    const message = thrown(() =>
      h.gas.run('createTrackingRequest', [
        { requestType: 'bill_of_lading', requestNumber: 'MAEU123456789', scac: 'MAEU' },
      ]),
    );
    expect(message).toMatch(/not allowed/);
    expect(message.toLowerCase()).not.toContain(key.toLowerCase());
  });

  it('is redacted from the refresh report, the toast, the status sheet and the cells', () => {
    const h = withRows([[`${someContainer(createHarness())}`]]);
    const key = h.emulator.demoKey;
    h.interceptors.push((req) => (req.url.includes('/containers') ? echo(key) : undefined));
    const report = h.gas.run<{ ok: boolean; message: string }>('menuRefreshNow');
    void report;
    const shown = visibleText(h);
    expect(shown).toMatch(/not allowed|refused/);
    expect(shown).not.toContain(key);
    expect(shown).not.toContain(encodeURIComponent(key));
  });
});

describe('the API key goes only to the API base URL origin', () => {
  it('does not follow a redirect to another host', () => {
    const h = createHarness();
    const carriers = keyCarriers(h);
    h.interceptors.push((req) =>
      req.url.startsWith(ORIGIN)
        ? { status: 302, headers: { Location: 'https://evil.example/v2/containers' }, body: '' }
        : { status: 200, headers: {} as Record<string, string>, body: '{"data":[]}' },
    );
    const result = h.gas.run<{ ok: boolean; message: string }>('testConnection');
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/evil\.example.*Not followed/);
    expect(carriers.filter((o) => o !== ORIGIN)).toEqual([]);
  });

  it.each([
    ['another host', 'https://evil.example/v2/shipping_lines?page[number]=2'],
    ['plain http', 'http://localhost.evil.example/v2/shipping_lines?page[number]=2'],
    ['a user name', `${ORIGIN}@evil.example/v2/shipping_lines?page[number]=2`],
    ['a scheme-relative host', '//evil.example/v2/shipping_lines?page[number]=2'],
  ])('does not follow links.next to %s', (_label, next) => {
    const h = createHarness();
    const carriers = keyCarriers(h);
    h.interceptors.push((req) =>
      req.url.startsWith(`${ORIGIN}/v2/shipping_lines`)
        ? {
            status: 200,
            headers: {},
            body: JSON.stringify({
              data: [
                { id: '1', type: 'shipping_line', attributes: { scac: 'MAEU', name: 'Maersk' } },
              ],
              links: { next },
            }),
          }
        : undefined,
    );
    const lines = h.gas.run<{ scac: string }[]>('listShippingLines');
    expect(lines.map((l) => l.scac)).toEqual(['MAEU']); // page 1 is still offered
    expect(carriers).toEqual([ORIGIN]);
    expect(h.gas.urlFetchLog.map((e) => new URL(e.url).host)).toEqual(['127.0.0.1:4949']);
  });

  it('follows a redirect within its own origin', () => {
    const h = createHarness();
    h.interceptors.push((req) =>
      req.url.includes('/v2/containers') && !req.url.includes('moved')
        ? { status: 302, headers: { Location: '/v2/containers?moved=1&page[size]=1' }, body: '' }
        : undefined,
    );
    const result = h.gas.run<{ ok: boolean; message: string }>('testConnection');
    expect(result).toMatchObject({ ok: true });
  });
});

describe('the API key is bound to its host', () => {
  it('is cleared when apiBaseUrl moves to another host without a new key', () => {
    const h = createHarness();
    const carriers = keyCarriers(h);
    const saved = h.gas.run<{ apiKeySet: boolean; notice?: string }>('saveSettings', [
      { apiBaseUrl: 'https://evil.example/v2' },
    ]);
    expect(saved.apiKeySet).toBe(false);
    expect(saved.notice).toMatch(/key was cleared/);
    const result = h.gas.run<{ ok: boolean; message: string }>('testConnection');
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/No API key/) });
    expect(carriers).toEqual([]);
    expect(JSON.stringify([...h.gas.properties.document.map])).not.toContain(h.emulator.demoKey);
  });

  it('keeps the key when only the path changes, and takes a new key for a new host', () => {
    const h = createHarness();
    const same = h.gas.run<{ apiKeySet: boolean }>('saveSettings', [
      { apiBaseUrl: `${ORIGIN}/v2/` },
    ]);
    expect(same.apiKeySet).toBe(true);
    const moved = h.gas.run<{ apiKeySet: boolean; notice?: string }>('saveSettings', [
      { apiBaseUrl: 'http://localhost:4949/v2', apiKey: 'another-key-5678' },
    ]);
    expect(moved).toMatchObject({ apiKeySet: true, apiKeyLast4: '5678' });
    expect(moved.notice).toBeUndefined();
  });

  it.each([
    ['https://api.terminal49.com@evil.example/v2', /user name before "@".*evil\.example/],
    ['https://api.terminal49.com/v2 x', /space, line break, quote/],
    ['https://api.terminal49.com/v2\nhttps://evil.example', /space, line break, quote/],
    ['"https://api.terminal49.com/v2"', /space, line break, quote/],
    ['http://api.terminal49.com/v2', /must use https/],
    [42, /must be text like https:\/\/api\.terminal49\.com\/v2/],
    [{ href: 'https://x' }, /must be text/],
    [['https://x'], /must be text/],
  ])('refuses %j with a clear message', (apiBaseUrl, expected) => {
    const h = createHarness();
    const message = thrown(() => h.gas.run('saveSettings', [{ apiBaseUrl }]));
    expect(message).toMatch(expected);
    expect(message).not.toMatch(/is not a function/);
  });

  it('shows a look-alike host in punycode', () => {
    const h = createHarness();
    const saved = h.gas.run<{ apiBaseUrl: string; apiKeySet: boolean }>('saveSettings', [
      { apiBaseUrl: 'https://аpi.terminal49.com/v2' }, // Cyrillic а
    ]);
    expect(saved.apiBaseUrl).toBe('https://xn--pi-6kc.terminal49.com/v2');
    expect(saved.apiKeySet).toBe(false);
  });
});

describe('a 429 during Refresh now', () => {
  it('waits out a Retry-After that fits and finishes the refresh', () => {
    const h = withRows([[someContainer(createHarness())]]);
    h.emulator.faults.enqueue({ status: 429, retryAfter: 20, match: { path: '/v2/containers' } });
    const report = h.gas.run<{ ok: boolean; message: string; updated: number }>(
      'refreshTrackingSheet',
    );
    expect(report.message).not.toMatch(/Try again in 20/);
    expect(report).toMatchObject({ ok: true });
    expect(column(h, 'Status')[0]).not.toBe('');
  });
});

describe('the API key can be removed (the privacy policy says how to delete it)', () => {
  it.each([false, true])(
    'from the properties, the cache and this user’s auto-refresh copy (add-on build: %s)',
    (addOn) => {
      const h = withRows([], { addOn });
      h.gas.run('enableAutoRefresh', [h.shortestInterval], { kind: 'sidebar' });
      const carriers = keyCarriers(h);
      const stores = () =>
        JSON.stringify([
          [...h.gas.properties.document.map],
          [...h.sharedCache.entries].map(([k, e]) => [k, e.value]),
          [...h.gas.properties.user.map],
        ]);
      expect(stores()).toContain(h.emulator.demoKey);

      const removed = h.gas.run<{ apiKeySet: boolean; notice?: string }>('removeApiKey', [], {
        kind: 'sidebar',
      });
      expect(removed).toMatchObject({ apiKeySet: false, notice: expect.stringMatching(/removed/) });
      expect(stores()).not.toContain(h.emulator.demoKey);
      // Nothing sends it any more: not a cell, not the sidebar, not the schedule.
      expect(thrown(() => h.cell('CONTAINER_STATUS', someContainer(h)))).toMatch(/No API key/);
      h.clock.advance(h.shortestInterval * 60_000 + 60_000);
      h.gas.fireDueTriggers();
      expect(carriers).toEqual([]);
    },
  );
});
