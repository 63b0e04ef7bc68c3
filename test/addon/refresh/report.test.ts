// The report stage's sentence: what the run did, what it left, and what stopped it.
import { refreshMessage, type RunOutcome } from '../../../src/addon/refresh/report';
import { AppError } from '../../../src/core/errors';

const outcome = (o: Partial<RunOutcome>): RunOutcome => ({
  rows: 10,
  refreshed: 10,
  requests: 3,
  created: 0,
  added: 0,
  leftToPush: 0,
  complete: true,
  problem: null,
  syncFailed: false,
  ...o,
});

describe('refreshMessage', () => {
  it('says what was refreshed and what it cost', () => {
    expect(refreshMessage(outcome({}))).toBe('Refreshed 10 of 10 rows; 3 requests.');
  });
  it('says which rows push keeps current, what was created and added, and what is left', () => {
    expect(
      refreshMessage(
        outcome({ refreshed: 2, leftToPush: 8, created: 1, added: 4, complete: false }),
      ),
    ).toBe(
      'Refreshed 2 of 10 rows; 3 requests; 1 tracking request created; 4 container rows added; push updates keep 8 tracked rows current; more rows next run.',
    );
  });
  it('names what stopped the run early', () => {
    const problem = new AppError('rate-limit', 'The service asked us to slow down.');
    expect(refreshMessage(outcome({ problem }))).toMatch(
      /stopped early: The service asked us to slow down/,
    );
  });
});
