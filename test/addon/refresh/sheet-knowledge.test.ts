// The sync stage's view of the sheet: which rows are settled (stopped, confirmed, nothing due),
// which were confirmed as tracked, and which numbers' requests have no shipment yet.
import { INPUT_HEADERS, OUTPUT_HEADERS, readLayout } from '../../../src/core/sheet-layout';
import type { LedgerEntry } from '../../../src/engine/request-ledger';
import { sheetKnowledge } from '../../../src/addon/refresh/sheet-knowledge';
import { readRows, type Row } from '../../../src/addon/sheets/rows-io';

const HEADERS = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
const at = (h: string) => HEADERS.indexOf(h as (typeof HEADERS)[number]);

function row(number: string, cells: Record<string, unknown> = {}): Row {
  const r: Row = HEADERS.map(() => '');
  r[at('Number')] = number;
  for (const [h, v] of Object.entries(cells)) r[at(h)] = v;
  return r;
}

function knowledge(
  rows: Row[],
  ledger: [string, LedgerEntry][] = [],
  today = { now: Date.parse('2026-11-20T18:00:00Z'), zone: 'America/New_York' },
) {
  const values = [HEADERS as unknown as Row, ...rows];
  const layout = readLayout(HEADERS);
  return sheetKnowledge(values, layout, readRows(values, layout), new Map(ledger), today);
}

const confirmed = new Date('2026-11-20T15:00:00Z');

describe('sheetKnowledge', () => {
  it('settles a confirmed stopped row with nothing due', () => {
    const k = knowledge([
      row('MSCU1234566', { Tracking: 'stopped: all containers returned', Updated: confirmed }),
    ]);
    expect([...k.settled]).toEqual(['MSCU1234566']);
  });

  it('does not settle a stopped row whose LFD still counts, or one never confirmed', () => {
    const k = knowledge([
      row('MSCU1234566', {
        Tracking: 'stopped: by user',
        Updated: confirmed,
        Attention: 'LFD passed 3 days ago (tracking stopped)',
      }),
      row('MAEU1234565', { Tracking: 'stopped: by user' }),
    ]);
    expect(k.settled.size).toBe(0);
  });

  it('reads a stopped row whose money clock still runs once a facility day, not each run', () => {
    const running = row('MSCU1234566', {
      Tracking: 'stopped: 28 days after the last pickup',
      Updated: confirmed, // 10:00 in New York, the sheet's zone
      'Cost Tomorrow': 175,
    });
    // Confirmed earlier today: nothing new until tomorrow.
    expect([...knowledge([running]).settled]).toEqual(['MSCU1234566']);
    // The next day (after midnight in New York) it is read again: its detention moved.
    const tomorrow = { now: Date.parse('2026-11-21T05:30:00Z'), zone: 'America/New_York' };
    expect(knowledge([running], [], tomorrow).settled.size).toBe(0);
    // A clock that stopped (0 or blank) settles for good.
    const done = { ...tomorrow };
    const stopped = row('MSCU1234566', {
      Tracking: 'stopped: all containers returned empty',
      Updated: confirmed,
      'Cost Tomorrow': 0,
    });
    expect([...knowledge([stopped], [], done).settled]).toEqual(['MSCU1234566']);
  });

  it('settles a number only when every row of it is settled', () => {
    const k = knowledge([
      row('MSCU1234566', { Tracking: 'stopped', Updated: confirmed }),
      row('MSCU1234566', { Tracking: 'tracked', Updated: confirmed }),
    ]);
    expect(k.settled.size).toBe(0);
    expect([...k.active!]).toEqual(['MSCU1234566']);
  });

  it('knows which requests have no shipment yet, and which rows are new', () => {
    const entry = (status: LedgerEntry['status']): LedgerEntry => ({
      status,
      scac: 'MSCU',
      type: 'bill_of_lading',
      at: 0,
    });
    const k = knowledge(
      [row('MEDUPENDING1', { Type: 'bill_of_lading' }), row('MEDUDONE1'), row('MEDUNEW1')],
      [
        ['MEDUPENDING1', entry('pending')],
        ['MEDUDONE1', entry('created')],
      ],
    );
    expect([...k.untracked!]).toEqual(['MEDUPENDING1']);
    expect([...k.requested].sort()).toEqual(['MEDUDONE1', 'MEDUNEW1', 'MEDUPENDING1']);
  });
});
