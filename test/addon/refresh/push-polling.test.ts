// While push deliveries are being applied, a scheduled refresh polls only the rows push cannot
// cover (plus its catch-up), and says so; a manual refresh still reads every row.
import { serveLocalWebApp } from '../../../local/emulator/webhooks/local-web-app';
import { column, withRows } from '../../helpers/addon-harness';

const WEB_APP = 'https://script.google.com/macros/s/AKfy-test/exec';

function pushedSheet() {
  const probe = withRows([]);
  const account = probe.emulator.account()!;
  const box = account
    .containers()
    .find(
      (c) =>
        c.attributes.current_status === 'available' &&
        account.shipmentOf(c)?.attributes.line_tracking_stopped_at === null,
    )!;
  const h = withRows([
    [box.attributes.number, '', 'container', ''],
    ['MEDUNEWROW1', 'MSCU'],
  ]);
  h.gas.run('refreshTrackingSheet');
  // The web app, deployed and answering as Google does (302), so Turn on's test delivery arrives.
  h.gas.deployWebApp();
  const web = serveLocalWebApp(h.emulator, h.gas, WEB_APP);
  h.gas.run('enablePush', [WEB_APP]);
  // A delivery arrives and is applied: push is working.
  h.emulator.handle({
    method: 'POST',
    url: `${h.emulator.origin}/__emulator/containers/${box.attributes.number}/changes`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lfd: { line: '2026-11-24T04:00:00Z' } }),
  });
  web.deliverDue();
  return { h, number: box.attributes.number };
}

const urlsSince = (h: ReturnType<typeof withRows>, from: number) =>
  h.gas.urlFetchLog.slice(from).map((e) => decodeURIComponent(e.url));

describe('refresh with push on', () => {
  it('a scheduled run leaves tracked rows to push, reads the others, and says so', () => {
    const { h, number } = pushedSheet();
    expect(h.gas.run<{ applied: number }>('getPushStatus').applied).toBeGreaterThan(0);
    h.clock.advance(3_600_000);
    const from = h.gas.urlFetchLog.length;
    const report = h.gas.run<{ message: string; ok: boolean }>(
      'refreshTrackingSheet',
      [{ scheduled: true }],
      { kind: 'trigger' },
    );
    expect(report.message).toMatch(/push updates keep 1 tracked row current/);
    const urls = urlsSince(h, from);
    // No look-up or listing is spent on the tracked row.
    expect(urls.some((u) => u.includes(number))).toBe(false);
    expect(urls.some((u) => u.includes('/webhook_notifications'))).toBe(true);
    // The row push cannot cover (a number the service does not track yet) is still read.
    expect(column(h, 'Tracking')[1]).not.toBe('');
  });

  it('a manual refresh reads every row', () => {
    const { h } = pushedSheet();
    h.clock.advance(3_600_000);
    const report = h.gas.run<{ message: string }>('refreshTrackingSheet');
    expect(report.message).not.toMatch(/push updates keep/);
    expect(report.message).toMatch(/Refreshed 2 of 2 rows/);
  });
});
