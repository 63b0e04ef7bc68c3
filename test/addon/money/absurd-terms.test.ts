// "Absurd terms are named" (docs/reference.md#absurd-terms): a Free Time rate above 1,000,000 a day, more
// than 365 free days, more than 20 tiers or a number that is not finite makes that row's cells say
// `#Free Time row N: <why>`; no cell, Pull List line or digest shows Infinity, NaN or an exponent.
// Rows past the 500 read are said, a date typed in Currency is no USD.

import { readFreeTime, isBroken, MAX_RULE_ROWS } from '../../../src/core/free-time';
import { feesByCurrency, feesMoneyText, feesText } from '../../../src/core/derived';
import { isUnreadable } from '../../../src/core/attribute-values';
import { column, createHarness, sheetValues, type } from '../../helpers/addon-harness';

const HEADER = ['Kind', 'Carrier', 'Terminal', 'Free Days', 'Counting', 'Daily Rates', 'Currency'];
const problemOf = (row: unknown[]) => {
  const rule = readFreeTime([HEADER, row]).rules[0]!;
  return isBroken(rule) ? rule.problem : null;
};

describe('reading a rule row', () => {
  test.each([
    ['a rate above 1,000,000 a day', 1e308, /Daily Rates .* above 1,000,000 a day/],
    ['a 300-digit rate', '9'.repeat(300), /Daily Rates .* above 1,000,000 a day/],
    ['a tier above 1,000,000', '150x4, 2000000x2, 400', /above 1,000,000 a day/],
    ['a rate that is no number', Number.NaN, /is not a rate/],
    ['an infinite rate', Number.POSITIVE_INFINITY, /is not a rate/],
    ['more than 20 tiers', Array.from({ length: 21 }, () => '10x1').join(', '), /21 tiers.*20/],
    ['a tier of more than 365 days', '150x400, 200', /365/],
  ])('%s is named', (_, rates, why) => {
    expect(problemOf(['demurrage', '', '', '', '', rates, 'USD'])).toMatch(why);
  });

  test('more than 365 free days is named', () => {
    expect(problemOf(['detention', '', '', 366, '', 100, 'USD'])).toMatch(
      /Free Days "366" .* 365 at most/,
    );
    expect(problemOf(['detention', '', '', 365, '', 100, 'USD'])).toBeNull();
  });

  test('a date typed in Currency is an error, not USD', () => {
    expect(problemOf(['demurrage', '', '', '', '', 150, new Date('2026-01-01')])).toMatch(
      /Currency .*a date/,
    );
    expect(problemOf(['demurrage', '', '', '', '', 150, ''])).toBeNull();
  });

  test('rows past the ones read are said, never ignored without a word', () => {
    const rows = Array.from({ length: MAX_RULE_ROWS + 3 }, () => [
      'demurrage',
      'NONE',
      '',
      '',
      '',
      100,
      'USD',
    ]);
    const terms = readFreeTime([HEADER, ...rows]);
    expect(terms.rules).toHaveLength(MAX_RULE_ROWS);
    expect(terms.unreadFrom).toBe(MAX_RULE_ROWS + 2);
  });
});

test('a fee from the service past a trillion is unreadable, never "USD 1e+300"', () => {
  const sums = feesByCurrency([{ type: 'demurrage', amount: 1e300, currency_code: 'USD' }]);
  expect(isUnreadable(sums)).toBe(true);
  const fine = feesByCurrency([{ type: 'demurrage', amount: 1250, currency_code: 'USD' }]);
  expect(feesMoneyText(fine as Map<string, number>)).toBe('USD 1250.00');
  // A sliver is no exponent either: amounts are read to the cent.
  expect(feesText([{ type: 'exam', amount: 1e-7, currency_code: 'USD' }])).toBe('exam 0 USD');
});

const NOW = '2026-11-28T15:00:00Z';
const ABSURD = /Infinity|NaN|\d[eE][+-]?\d/;

test('absurd rates: the row says why in its cells, nothing shows Infinity, NaN or an exponent', () => {
  const h = createHarness();
  h.clock.set(Date.parse(NOW));
  const boxes = h.emulator.account()!.containers().slice(0, 6);
  for (const c of boxes)
    Object.assign(c.attributes, {
      current_status: 'available',
      available_for_pickup: true,
      holds_at_pod_terminal: [],
      pickup_lfd: '2026-11-01T05:00:00Z',
      import_deadlines: {
        pickup_lfd_terminal: '2026-11-01T05:00:00Z',
        pickup_lfd_line: null,
        pickup_lfd_rail: null,
      },
      pod_timezone: 'America/New_York',
      pod_full_out_at: '2026-11-02T15:00:00Z',
      empty_terminated_at: null,
    });
  h.gas.run('setupTrackingSheet');
  boxes.forEach((c, i) => type(h, i + 2, 1, c.attributes.number));
  const sheet = h.gas.spreadsheet.sheetByName('Free Time')!;
  sheet.ensure(2, 6).value = 1e308;
  sheet.ensure(3, 6).value = '9'.repeat(300);
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
  const demurrage = column(h, 'Demurrage');
  expect(demurrage.every((v) => /^#Free Time row 2: Daily Rates/.test(String(v)))).toBe(true);
  expect(column(h, 'Detention').every((v) => /^#Free Time row 3:/.test(String(v)))).toBe(true);
  for (const name of ['Tracking', 'Pull List'])
    for (const row of sheetValues(h, name))
      for (const cell of row) expect(String(cell)).not.toMatch(ABSURD);
  h.gas.run('sendAlertDigestNow');
  for (const e of h.gas.project.mail.outbox) expect(e.body).not.toMatch(/Infinity|NaN|e\+\d/);
});
