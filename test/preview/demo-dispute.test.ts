// The preview's dispute box (local/preview/demo/demo-dispute.ts): its story must fit before the
// moment the preview opens, at any hour of the terminal's day, or the tour has no evidence sheet.

import { disputeCandidate, planDispute } from '../../local/preview/demo/demo-dispute';

const box = (discharged: string) => ({
  number: 'MSKU4839251',
  attributes: {
    number: 'MSKU4839251',
    current_status: 'empty_returned',
    pod_timezone: 'America/New_York',
    pod_discharged_at: discharged,
    pod_full_out_at: '2026-11-20T15:00:00Z',
    empty_terminated_at: '2026-11-26T15:00:00Z',
  },
});

describe('the demo box worth disputing', () => {
  it('fits before an opening early in the terminal’s day (00:51 New York)', () => {
    // Discharged at 06:00 on 15 Nov: the first look is 15 Nov, the return 27 Nov; the last daily
    // look (28 Nov, 10:00) would come after the preview opened.
    const now = Date.parse('2026-11-28T05:51:00Z');
    const b = box('2026-11-15T11:00:00Z');
    expect(disputeCandidate([b], now)?.number).toBe('MSKU4839251');
    const plan = planDispute(b, now)!;
    expect(plan.log.every((r) => r.at < now)).toBe(true);
    expect(Date.parse(plan.change.emptyReturned)).toBeLessThan(now);
  });

  it('keeps its daily 10:00 looks when the day allows them', () => {
    const now = Date.parse('2026-11-28T17:00:00Z');
    const plan = planDispute(box('2026-11-15T11:00:00Z'), now)!;
    expect(new Date(plan.log.at(-1)!.at).toISOString()).toBe('2026-11-28T15:00:00.000Z');
  });
});
