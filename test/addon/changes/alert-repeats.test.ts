// "An alert already sent for a container, kind and value is not sent again within 7 days, even
// when its condition lapsed and came back in between" (issue 27). Through the built add-in: the
// emulator's data changes between refreshes, MailApp's outbox is read after each.

import { withRows } from '../../helpers/addon-harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function boxAtTerminal() {
  const seed = withRows([]);
  const pick = seed.emulator
    .account()!
    .containers()
    .find((c) => c.attributes.current_status === 'not_available')!;
  const h = withRows([[pick.attributes.number]]);
  h.gas.spreadsheet.sheetByName('Free Time')!.rows.splice(1);
  const box = h.emulator
    .account()!
    .containers()
    .find((c) => c.attributes.number === pick.attributes.number)!;
  Object.assign(box.attributes, {
    holds_at_pod_terminal: [],
    pickup_lfd: null,
    import_deadlines: { pickup_lfd_terminal: null, pickup_lfd_line: null, pickup_lfd_rail: null },
    pod_full_out_at: null,
    empty_terminated_at: null,
    pod_timezone: 'America/New_York',
  });
  // Immediate alerts only: the digest hour is never reached in these few hours.
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com', alertDigestHour: 23 }]);
  h.gas.run('refreshTrackingSheet'); // the baseline
  return { h, box };
}

type Harness = ReturnType<typeof boxAtTerminal>['h'];
const immediate = (h: Harness) =>
  h.gas.project.mail.outbox.map((e) => e.subject).filter((s) => s.startsWith('Container alert'));

function refreshAfter(h: Harness, ms: number) {
  h.clock.advance(ms);
  h.gas.run('refreshTrackingSheet');
}

const customs = [{ name: 'customs' as const, status: 'hold' as const, description: null }];

it('a hold released and placed again within 7 days is one "hold placed" email; after 7 days, two', () => {
  const { h, box } = boxAtTerminal();
  box.attributes.holds_at_pod_terminal = customs;
  refreshAfter(h, HOUR);
  expect(immediate(h)).toEqual([expect.stringMatching(/1 hold placed/)]);
  box.attributes.holds_at_pod_terminal = [];
  refreshAfter(h, HOUR);
  box.attributes.holds_at_pod_terminal = customs;
  refreshAfter(h, 2 * DAY);
  // Before the fix: a second "hold placed" for the same hold.
  expect(immediate(h)).toHaveLength(1);

  box.attributes.holds_at_pod_terminal = [];
  refreshAfter(h, HOUR);
  box.attributes.holds_at_pod_terminal = customs;
  refreshAfter(h, 6 * DAY);
  expect(immediate(h)).toEqual([
    expect.stringMatching(/1 hold placed/),
    expect.stringMatching(/1 hold placed/),
  ]);
});

it('an LFD due today that moved away and came back is one "LFD due" email', () => {
  const { h, box } = boxAtTerminal();
  const lfd = (iso: string | null) => {
    box.attributes.pickup_lfd = iso;
    box.attributes.import_deadlines = {
      pickup_lfd_terminal: iso,
      pickup_lfd_line: null,
      pickup_lfd_rail: null,
    };
  };
  lfd('2026-11-20T22:00:00Z'); // today in New York
  refreshAfter(h, HOUR);
  expect(immediate(h)).toEqual([expect.stringMatching(/1 LFD due/)]);
  lfd('2026-11-27T22:00:00Z');
  refreshAfter(h, HOUR);
  lfd('2026-11-20T22:00:00Z');
  refreshAfter(h, HOUR);
  expect(immediate(h)).toHaveLength(1);
});
