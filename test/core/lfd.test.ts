import { lfdCellDate, lfdDay, parseLfdSource } from '../../src/core/lfd';
import type { ContainerAttributes } from '../../src/core/model';
import { calendarDayIn, offsetAt, startOfDayIn } from '../../src/core/timezone';

function container(extra: Partial<ContainerAttributes>): ContainerAttributes {
  return { number: 'CSQU3054383', ...extra };
}

/** What a sheet in `zone` shows for a Date: its wall-clock calendar day there. */
function shownIn(date: Date, zone: string): string {
  const d = calendarDayIn(date.getTime(), zone);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

describe('LFD calendar day', () => {
  const c = container({
    pickup_lfd: '2026-11-25T05:00:00Z',
    pod_timezone: 'America/New_York',
    final_destination_timezone: null,
    import_deadlines: {
      pickup_lfd_terminal: '2026-11-25T05:00:00Z',
      pickup_lfd_line: null,
      pickup_lfd_rail: null,
    },
  });

  it.each([
    'America/New_York',
    'America/Los_Angeles',
    'Asia/Tokyo',
    'UTC',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
  ])('is 25 Nov 2026 in a sheet set to %s', (sheetZone) => {
    const date = lfdCellDate(c, 'pickup', sheetZone);
    expect(date).not.toBeNull();
    expect(shownIn(date!, sheetZone)).toBe('2026-11-25');
    // and it is the start of that day in the sheet's zone
    expect(startOfDayIn({ year: 2026, month: 11, day: 25 }, sheetZone)).toBe(date!.getTime());
  });

  it('uses the deadline of the source asked for, each in its own zone', () => {
    const rail = container({
      pickup_lfd: '2026-11-27T06:00:00Z',
      pod_timezone: 'America/Los_Angeles',
      final_destination_timezone: 'America/Chicago',
      import_deadlines: {
        pickup_lfd_line: '2026-11-27T06:00:00Z', // midnight Chicago on the 27th
        pickup_lfd_terminal: '2026-11-26T07:59:00Z', // 23:59 LA on the 25th
        pickup_lfd_rail: '2026-11-29T05:30:00Z', // 23:30 Chicago on the 28th
      },
    });
    expect(lfdDay(rail, 'terminal')).toEqual({ year: 2026, month: 11, day: 25 });
    expect(lfdDay(rail, 'rail')).toEqual({ year: 2026, month: 11, day: 28 });
    expect(lfdDay(rail, 'line')).toEqual({ year: 2026, month: 11, day: 27 });
    expect(lfdDay(rail, 'pickup')).toEqual({ year: 2026, month: 11, day: 27 });
  });

  it('never uses the deprecated ind_facility_lfd_on', () => {
    const only = container({
      ind_facility_lfd_on: '2026-11-30T05:00:00Z',
      pickup_lfd: null,
      import_deadlines: null,
    });
    expect(lfdDay(only, 'rail')).toBeNull();
    expect(lfdDay(only, 'pickup')).toBeNull();
  });

  it('falls back to UTC for a missing or unknown zone instead of failing', () => {
    const odd = container({
      pickup_lfd: '2026-11-25T12:00:00Z',
      pod_timezone: 'Mars/Olympus',
      import_deadlines: null,
    });
    expect(lfdDay(odd, 'pickup')).toEqual({ year: 2026, month: 11, day: 25 });
  });

  it('handles the daylight-saving change days', () => {
    // 2026-03-08 is the US spring-forward day; 2026-11-01 the fall-back day.
    for (const day of [8, 9]) {
      const at = startOfDayIn({ year: 2026, month: 3, day }, 'America/New_York');
      expect(shownIn(new Date(at), 'America/New_York')).toBe(`2026-03-0${day}`);
    }
    const fallBack = startOfDayIn({ year: 2026, month: 11, day: 1 }, 'America/New_York');
    expect(new Date(fallBack).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(offsetAt(Date.parse('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-4 * 3600_000);
  });

  it('parses the source argument', () => {
    // The default is the sheet's LFD: the earliest deadline.
    expect(parseLfdSource(undefined)).toBe('earliest');
    expect(parseLfdSource('')).toBe('earliest');
    expect(parseLfdSource('pickup')).toBe('pickup');
    expect(parseLfdSource(' Terminal ')).toBe('terminal');
    expect(parseLfdSource('port')).toBeNull();
  });
});
