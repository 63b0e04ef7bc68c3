import { startLocalHost, runServerFunction } from '../../local/host/host-server';
import { createHarness } from '../helpers/addon-harness';

const JSON_BODY = { 'Content-Type': 'application/json' };

describe('local host', () => {
  it('serves the sidebar with the google.script.run shim and runs server functions', async () => {
    const h = createHarness();
    const host = await startLocalHost({ runtime: h.gas });
    try {
      const page = await (await fetch(`${host.url}/sidebar`)).text();
      expect(page).toContain('window.google.script');
      expect(page.indexOf('window.google.script')).toBeLessThan(
        page.indexOf('__SIDEBAR_SCRIPT__') >= 0 ? page.indexOf('__SIDEBAR_SCRIPT__') : page.length,
      );
      const answer = await (
        await fetch(`${host.url}/__gas/run`, {
          method: 'POST',
          headers: JSON_BODY,
          body: JSON.stringify({ fn: 'getSettings', args: [] }),
        })
      ).json();
      expect(answer).toEqual({
        ok: true,
        result: expect.objectContaining({
          apiKeySet: true,
          apiBaseUrl: 'http://127.0.0.1:4949/v2',
        }),
      });
      const failed = await (
        await fetch(`${host.url}/__gas/run`, {
          method: 'POST',
          headers: JSON_BODY,
          body: JSON.stringify({
            fn: 'saveSettings',
            args: [{ apiBaseUrl: 'http://example.com' }],
          }),
        })
      ).json();
      expect(failed).toEqual({ ok: false, error: expect.stringMatching(/must use https/) });
    } finally {
      await host.close();
    }
  });

  it('runs server functions only for JSON requests (no cross-site form posts)', async () => {
    const h = createHarness();
    const host = await startLocalHost({ runtime: h.gas });
    try {
      const res = await fetch(`${host.url}/__gas/run`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ fn: 'saveSettings', args: [{ appUrl: 'https://evil.example' }] }),
      });
      expect(res.status).toBe(415);
      expect(h.gas.run<{ appUrl: string }>('getSettings').appUrl).toBe('http://127.0.0.1:4949');
    } finally {
      await host.close();
    }
  });

  it('refuses Dates in results, as google.script.run does', () => {
    const h = createHarness();
    const number = h.emulator
      .account()!
      .containers()
      .find((c) => c.attributes.pickup_lfd)!.attributes.number;
    const answer = runServerFunction(h.gas, 'CONTAINER_INFO', [number, 'pickup_lfd']);
    expect(answer).toEqual({
      ok: false,
      error: expect.stringMatching(
        /returned a Date at result; google\.script\.run cannot carry Dates/,
      ),
    });
  });
});
