// Track tab in Chromium: the carrier picker, checks before sending, the created request, the
// service's own 422 details, 401 and 429, and "Track all untracked rows".

import { containerCheckDigit } from '../../src/core/container-number';
import { SUGGEST_DELAY_MS } from '../../src/sidebar/client/carrier-suggestion';
import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

/** A container number with a valid check digit that the demo account does not track. */
function newContainerNumber(serial = '918273'): string {
  const first10 = `TGHU${serial}`;
  return `${first10}${containerCheckDigit(first10)}`;
}

const sidebar = useSidebarSessions();
let s: SidebarSession;

async function fill(type: string, number: string, scac: string, refs = ''): Promise<void> {
  const { page } = s;
  await page.getByLabel('What to track').selectOption(type);
  await page.getByLabel('Number', { exact: true }).fill(number);
  await page.getByRole('combobox', { name: 'Carrier (SCAC)' }).fill(scac);
  await page.getByLabel('Ref numbers (optional)').fill(refs);
}

const status = () => s.page.locator('#track-status');

test('tracks a container, the carrier picked from the searchable list by name', async () => {
  s = await sidebar.open();
  const { page } = s;
  const number = newContainerNumber();
  await page.getByLabel('What to track').selectOption('container');
  await page.getByLabel('Number', { exact: true }).fill(number.toLowerCase());
  const scac = page.getByRole('combobox', { name: 'Carrier (SCAC)' });
  await scac.focus();
  await scac.pressSequentially('hapag');
  const option = page.getByRole('option', { name: /HLCU/ });
  await expect(option.textContent()).resolves.toContain('Hapag-Lloyd');
  await expect(scac.getAttribute('aria-expanded')).resolves.toBe('true');
  await s.screenshot('track-carrier-list');
  await scac.press('ArrowDown');
  await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
  await scac.press('Enter'); // picks the carrier; does not submit
  await expect(scac.inputValue()).resolves.toBe('HLCU');
  await expect(page.locator('#track-scac-hint').textContent()).resolves.toBe(
    'Carrier: Hapag-Lloyd',
  );
  expect(s.callsTo('createTrackingRequest')).toHaveLength(0);
  await page.getByLabel('Ref numbers (optional)').fill('PO-1001, PO-1002');
  await s.screenshot('track-form');

  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await status().getByText(`Tracking requested for ${number}`).waitFor();
  const result = page.locator('#track-result');
  await expect(result.textContent()).resolves.toMatch(/Statuspending \(the service is looking/);
  await expect(result.textContent()).resolves.toContain(number);
  const created = s.h.emulator.account()!.trackingRequests()[0]!;
  expect(created).toMatchObject({
    requestNumber: number,
    scac: 'HLCU',
    requestType: 'container',
    refNumbers: ['PO-1001', 'PO-1002'],
  });
  await expect(result.textContent()).resolves.toContain(created.id);
  // The next number starts clean: it does not inherit this one's number or ref numbers.
  await expect(page.getByLabel('Number', { exact: true }).inputValue()).resolves.toBe('');
  await expect(page.getByLabel('Ref numbers (optional)').inputValue()).resolves.toBe('');
  const next = newContainerNumber('918274');
  await page.getByLabel('Number', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await status().getByText(`Tracking requested for ${next}`).waitFor();
  const second = s.h.emulator
    .account()!
    .trackingRequests()
    .find((r) => r.requestNumber === next);
  expect(second).toBeDefined();
  expect(second!.refNumbers ?? []).toEqual([]);
  // The carrier list was fetched once and is then reused.
  await scac.fill('');
  await scac.focus();
  expect(s.callsTo('listShippingLines')).toHaveLength(1);
  await s.screenshot('track-created');
});

test('checks the number, check digit and SCAC before sending anything', async () => {
  s = await sidebar.open();
  const { page } = s;
  const good = newContainerNumber();
  const wrongDigit = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
  await fill('container', wrongDigit, 'MAEU');
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(status().textContent()).resolves.toBe(
    `Error: ${wrongDigit} has a wrong check digit (it should end in ${good[10]}). Check the number.`,
  );
  const numberField = page.getByLabel('Number', { exact: true });
  await expect(numberField.getAttribute('aria-invalid')).resolves.toBe('true');
  await expect(page.evaluate('document.activeElement.id')).resolves.toBe('track-number');

  await fill('container', 'MSCU12345', 'MAEU');
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(status().textContent()).resolves.toContain('is not a container number');

  await fill('bill_of_lading', 'MAEU240512345', 'MAE');
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(status().textContent()).resolves.toContain("carrier's 4-letter SCAC");
  await expect(numberField.getAttribute('aria-invalid')).resolves.toBeNull();
  await s.screenshot('track-invalid');
  expect(s.callsTo('createTrackingRequest')).toHaveLength(0);
});

test('422: shows the service’s own detail for a duplicate and for an unknown SCAC', async () => {
  s = await sidebar.open();
  const tracked = s.h.emulator.account()!.containers()[0]!.attributes.number;
  const before = s.h.emulator.account()!.trackingRequests().length;
  await fill('container', tracked, 'MAEU');
  await s.page.getByRole('button', { name: 'Track', exact: true }).click();
  await status().getByText(`Request number '${tracked}' is already tracked`).waitFor();
  await expect(status().getAttribute('data-kind')).resolves.toBe('error');

  await fill('bill_of_lading', 'ZZZZ000111222', 'ZZZZ');
  await s.page.getByRole('button', { name: 'Track', exact: true }).click();
  await status().getByText("Scac 'ZZZZ' is not recognized").waitFor();
  await s.screenshot('track-422');
  expect(s.h.emulator.account()!.trackingRequests()).toHaveLength(before);
});

test('401: a rejected key says so and where to fix it', async () => {
  s = await sidebar.open();
  s.h.gas.run('saveSettings', [{ apiKey: 'wrong-key-00001111' }]);
  await fill('bill_of_lading', 'MAEU240599999', 'MAEU');
  await s.page.getByRole('button', { name: 'Track', exact: true }).click();
  await status().getByText('The tracking service rejected the API key (401)').waitFor();
  await expect(status().textContent()).resolves.toContain('Settings');
});

test('429: the rate limit message says when to try again; nothing was created', async () => {
  s = await sidebar.open();
  const before = s.h.emulator.account()!.trackingRequests().length;
  s.h.emulator.faults.enqueue({
    status: 429,
    retryAfter: 30,
    match: { method: 'POST', path: '/v2/tracking_requests' },
  });
  await fill('booking_number', 'BK20261120', 'ZIMU');
  await s.page.getByRole('button', { name: 'Track', exact: true }).click();
  await status()
    .getByText(/rate limit is reached.*Try again in 30 s/)
    .waitFor();
  expect(s.h.emulator.account()!.trackingRequests()).toHaveLength(before);
  // The button is usable again for the retry.
  await expect(
    s.page.getByRole('button', { name: 'Track', exact: true }).isEnabled(),
  ).resolves.toBe(true);
});

test('"Track all untracked rows" tracks the sheet’s rows and reports it', async () => {
  s = await sidebar.open();
  const before = s.h.emulator.account()!.trackingRequests().length;
  s.selectTrackingRow({ Number: 'MAEU240512345', SCAC: 'MAEU' });
  await s.page.getByRole('button', { name: 'Track all untracked rows' }).click();
  const allStatus = s.page.locator('#track-all-status');
  await allStatus.locator('.prefix').waitFor();
  expect(s.callsTo('trackUntrackedRows')).toHaveLength(1);
  const requests = s.h.emulator.account()!.trackingRequests();
  expect(requests).toHaveLength(before + 1);
  expect(requests[0]).toMatchObject({ requestNumber: 'MAEU240512345', scac: 'MAEU' });
  await expect(allStatus.getAttribute('data-kind')).resolves.toBe('ok');
  await s.screenshot('track-all');
});

const scacField = () => s.page.getByRole('combobox', { name: 'Carrier (SCAC)' });
const suggestion = () => s.page.locator('#track-scac-suggestion');
const scacBecomes = (value: string) =>
  s.page.waitForFunction(
    (v) => (document.getElementById('track-scac') as HTMLInputElement).value === v,
    value,
  );

test('typing a number fills its carrier by itself (auto_select), and tracks with it', async () => {
  s = await sidebar.open();
  const { page } = s;
  await page.getByLabel('What to track').selectOption('bill_of_lading');
  const numberField = page.getByLabel('Number', { exact: true });
  // Not yet a plausible number: no question is even scheduled. The wait for one is on the page's
  // clock, which stands still while the keys are typed (a busy machine may pause between two
  // keystrokes longer than the debounce) and then moves past the delay once.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await numberField.pressSequentially('MED');
  await page.clock.runFor(SUGGEST_DELAY_MS + 1);
  expect(s.callsTo('inferCarrier')).toHaveLength(0);
  await numberField.pressSequentially('UFR030802');
  await page.clock.runFor(SUGGEST_DELAY_MS + 1);
  await page.clock.resume();
  await scacBecomes('MSCU');
  await suggestion().getByText('Carrier from the number: Mediterranean Shipping Company').waitFor();
  await page.locator('#track-scac-hint').getByText('Carrier: Mediterranean').waitFor();
  // Typing paused once: one question for the whole number.
  expect(s.callsTo('inferCarrier')).toEqual([
    { fn: 'inferCarrier', args: [{ number: 'MEDUFR030802' }] },
  ]);
  await s.screenshot('track-carrier-suggested');
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await status().getByText('Tracking requested for MEDUFR030802').waitFor();
  expect(s.h.emulator.account()!.trackingRequests()[0]).toMatchObject({
    requestNumber: 'MEDUFR030802',
    scac: 'MSCU',
  });
});

test('a SCAC the person typed is never overwritten; a suggestion replaces only its own', async () => {
  s = await sidebar.open();
  const { page } = s;
  await page.getByLabel('What to track').selectOption('bill_of_lading');
  await scacField().fill('HLCU');
  await page.getByLabel('Number', { exact: true }).fill('MEDUFR030802');
  await suggestion().getByText('you entered HLCU').waitFor();
  await expect(scacField().inputValue()).resolves.toBe('HLCU');
  await suggestion().getByRole('button', { name: 'Use MSCU' }).click();
  await expect(scacField().inputValue()).resolves.toBe('MSCU');

  // A suggestion's own fill follows the number; an unknown number takes it away again.
  await scacField().fill('');
  await page.getByLabel('Number', { exact: true }).fill('ONEYSH9AME650500');
  await scacBecomes('ONEY');
  await page.getByLabel('Number', { exact: true }).fill('EGLV084900042045');
  await scacBecomes('EGLV');
  await page.getByLabel('Number', { exact: true }).fill('XQZ2026001');
  await suggestion().getByText('No carrier suggested for this number').waitFor();
  await expect(scacField().inputValue()).resolves.toBe('');
});

test('needs_confirmation offers the candidates as buttons; the text stays text', async () => {
  s = await sidebar.open();
  const { page } = s;
  const number = newContainerNumber('554433');
  await page.getByLabel('What to track').selectOption('container');
  await page.getByLabel('Number', { exact: true }).fill(number);
  await suggestion().getByText('Several carriers use boxes with this prefix').waitFor();
  const choices = suggestion().getByRole('button');
  await expect(choices.count()).resolves.toBeGreaterThanOrEqual(2);
  await expect(scacField().inputValue()).resolves.toBe('');
  const first = (await choices.first().textContent()) ?? '';
  expect(first).toMatch(/^[A-Z]{4} \(.+\)$/);
  await s.screenshot('track-carrier-candidates');
  await choices.first().click();
  await expect(scacField().inputValue()).resolves.toBe(first.slice(0, 4));

  // A carrier name is shown as the characters it is, never as markup.
  const hostile = '<img src=x onerror="window.__injected=1">';
  s.h.interceptors.push((req) =>
    req.url.endsWith('/tracking_requests/infer_number')
      ? {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.api+json' },
          body: JSON.stringify({
            data: {
              id: 'req_x',
              type: 'infer_number_results',
              attributes: {
                shipping_line: {
                  decision: 'needs_confirmation',
                  selected: null,
                  candidates: [
                    { scac: 'MSCU', name: hostile },
                    { scac: 'MAEU', name: 'Maersk' },
                  ],
                },
              },
            },
          }),
        }
      : undefined,
  );
  await page.getByLabel('Number', { exact: true }).fill(newContainerNumber('554434'));
  await suggestion()
    .getByRole('button', { name: `MSCU (${hostile})` })
    .waitFor();
  await expect(suggestion().locator('img').count()).resolves.toBe(0);
  await expect(page.evaluate('window.__injected')).resolves.toBeUndefined();
});

test('no_prediction: the number is tracked with the service’s carrier detection', async () => {
  s = await sidebar.open();
  const { page } = s;
  await page.getByLabel('What to track').selectOption('bill_of_lading');
  await page.getByLabel('Number', { exact: true }).fill('XQZ2026002');
  await suggestion().getByText('No carrier suggested for this number').waitFor();
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await status().getByText('Tracking requested for XQZ2026002').waitFor();
  await expect(page.locator('#track-result').textContent()).resolves.toContain(
    'SCACdetected by the service',
  );
  expect(s.h.emulator.account()!.trackingRequests()[0]).toMatchObject({
    requestNumber: 'XQZ2026002',
    scac: null,
  });
});
