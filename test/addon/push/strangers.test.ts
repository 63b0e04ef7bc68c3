// Strangers at the web app (docs/reference.md#strangers: "Strangers cost nothing" and "A leaked token is
// bounded"): the /exec address is no secret (every editor sees it in the push status), so POSTs
// with a wrong token must not spend the property quota the refresh needs; and a leaked token must
// not let forged notification ids spend the rate window, write push state or send email.

import { serveLocalWebApp } from '../../../local/emulator/webhooks/local-web-app';
import { column, withRows, type createHarness } from '../../helpers/addon-harness';
import { boxWithLfdInSharedShipment, changeLfd } from '../../helpers/demo-changes';

type Harness = ReturnType<typeof createHarness>;
const WEB_APP = 'https://script.google.com/macros/s/AKfy-test/exec';

function pushOn(options: Parameters<typeof withRows>[1] = {}) {
  const probe = withRows([]);
  const number = boxWithLfdInSharedShipment(probe).container.attributes.number;
  const h = withRows([[number, '', 'container', '']], options);
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
  h.gas.run('refreshTrackingSheet');
  h.gas.deployWebApp();
  const web = serveLocalWebApp(h.emulator, h.gas, WEB_APP);
  h.gas.run('enablePush', [WEB_APP]);
  return { h, web, number };
}

const token = (h: Harness) => h.gas.properties.document.map.get('CT_PUSH_TOKEN')!;
const post = (h: Harness, query: string, body = '{}') =>
  JSON.parse(h.gas.postToWebApp({ queryString: query, body }).content) as { ok: boolean };
const propertyCalls = (h: Harness) => h.gas.counters.get('Properties');
const forgedId = (i: number) =>
  JSON.stringify({ data: { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` } });

describe('a POST without the current token', () => {
  test('costs no request, no email and under one property call per 100', () => {
    const { h } = pushOn();
    const [props, fetches, mails] = [
      propertyCalls(h),
      h.gas.urlFetchLog.length,
      h.gas.project.mail.outbox.length,
    ];
    for (let i = 0; i < 1_000; i++) {
      expect(post(h, `token=wrong${i}`, forgedId(i)).ok).toBe(false);
      expect(post(h, '', forgedId(i)).ok).toBe(false);
    }
    expect(propertyCalls(h) - props).toBeLessThan(20);
    expect(h.gas.urlFetchLog.length).toBe(fetches);
    expect(h.gas.project.mail.outbox).toHaveLength(mails);
  });

  test('a cache that dropped what doPost compares costs one property read, not one per POST', () => {
    const { h } = pushOn();
    h.gas.caches.script.evict();
    const props = propertyCalls(h);
    for (let i = 0; i < 200; i++) post(h, `token=wrong${i}`);
    expect(propertyCalls(h) - props).toBeLessThanOrEqual(2);
    // The right token still works after the miss.
    expect(post(h, `token=${token(h)}`, forgedId(1)).ok).toBe(true);
  });

  test('a new token (Turn on again, or off) is what doPost compares from then on', () => {
    const { h } = pushOn();
    const first = token(h);
    h.gas.run('enablePush', [WEB_APP]);
    const second = token(h);
    expect(post(h, `token=${first}`, forgedId(1)).ok).toBe(false);
    expect(post(h, `token=${second}`, forgedId(1)).ok).toBe(true);
    h.gas.run('disablePush');
    const props = propertyCalls(h);
    expect(post(h, `token=${second}`, forgedId(2)).ok).toBe(false);
    expect(propertyCalls(h) - props).toBe(0);
  });

  test('10,000 of them leave the refresh and push working', () => {
    // A property quota scaled down with the flood (the consumer quota is 50,000 a day).
    const { h, web, number } = pushOn({ quotas: { propertiesPerDay: 3_000 } });
    for (let i = 0; i < 10_000; i++) {
      if (i % 100 === 0) h.clock.advance(1_000);
      post(h, `token=stranger-${i % 7}`, forgedId(i));
    }
    h.clock.advance(60_000);
    expect(() => h.gas.run('refreshTrackingSheet')).not.toThrow();
    expect(String(column(h, 'Tracking')[0])).toBe('tracked');
    const before = column(h, 'LFD')[0];
    changeLfd(h, number, '2026-11-27');
    web.deliverDue();
    expect(web.answers.at(-1)).toEqual({ ok: true });
    expect(column(h, 'LFD')[0]).not.toEqual(before);
  }, 120_000);
});

describe('forged notification ids with the right (leaked) token', () => {
  test('at most 10 look-ups a rolling minute, no push-state write, no email; Refresh now keeps its share', () => {
    const { h } = pushOn();
    const secret = token(h);
    const from = h.gas.urlFetchLog.length;
    const runsFrom = h.gas.executions.length;
    const mails = h.gas.project.mail.outbox.length;
    // 2,000 forged ids at 200 a minute.
    for (let i = 0; i < 2_000; i++) {
      h.clock.advance(300);
      post(h, `token=${secret}`, forgedId(i));
      if (i === 1_000) {
        const before = h.gas.urlFetchLog.length;
        const started = h.clock.now();
        h.gas.run('refreshTrackingSheet');
        // It did its work without waiting out the rate window.
        expect(h.gas.urlFetchLog.length).toBeGreaterThan(before);
        expect(h.clock.now() - started).toBeLessThan(5_000);
      }
    }
    const lookups = h.gas.urlFetchLog
      .slice(from)
      .filter((e) => e.kind === 'web-app' && /\/webhook_notifications\//.test(e.url))
      .map((e) => e.time);
    expect(lookups.length).toBeGreaterThan(0);
    for (const t of lookups)
      expect(lookups.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(10);
    // No push-state write (nor any other) per forged id.
    const webRuns = h.gas.executions.slice(runsFrom).filter((e) => e.functionName === 'doPost');
    expect(webRuns).toHaveLength(2_000);
    const writes = webRuns.reduce(
      (n, e) => n + (e.calls.calls.Properties?.['Properties.setProperties'] ?? 0),
      0,
    );
    expect(writes).toBe(0);
    // Reads: only for the look-ups the window allowed, not one per forged id.
    const reads = webRuns.reduce(
      (n, e) => n + (e.calls.calls.Properties?.['Properties.getProperties'] ?? 0),
      0,
    );
    expect(reads).toBeLessThan(2 * lookups.length + 10);
    expect(h.gas.project.mail.outbox).toHaveLength(mails);
  }, 60_000);
});
