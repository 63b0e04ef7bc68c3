// The write stage: one write per block; on a sync failure, unconfirmed rows say so and settled
// rows (never asked about) are left as they are.
import type { RefreshContext } from '../../../src/addon/refresh/context';
import { writeRows } from '../../../src/addon/refresh/write-rows';
import { readRows } from '../../../src/addon/sheets/rows-io';
import { AppError } from '../../../src/core/errors';
import type { RowOutputs } from '../../../src/core/row-outputs';
import { readLayout } from '../../../src/core/sheet-layout';
import type { SyncResult } from '../../../src/engine/sheet-sync';
import type { SheetState } from '../../../src/addon/refresh/sheet-state';

const HEADER = ['Number', 'SCAC', 'Type', 'Ref Numbers', 'Tracking', 'Attention', 'Updated'];
const SINCE = new Date(Date.UTC(2026, 10, 20, 9, 30));

function setUp() {
  const values: unknown[][] = [
    HEADER,
    ['MSCU1234565', '', '', '', 'tracked', '', SINCE],
    ['TGHU1234560', '', '', '', 'tracked', 'kept', SINCE],
    ['CMAU1234567', '', '', '', 'tracked', '', SINCE],
  ];
  const layout = readLayout(HEADER);
  const written: { row: number; column: number; block: unknown[][] }[] = [];
  const sheet = {
    getRange: (row: number, column: number) => ({
      setValues: (block: unknown[][]) => written.push({ row, column, block }),
    }),
  } as unknown as GoogleAppsScript.Spreadsheet.Sheet;
  const state: SheetState = { sheet, values, layout, rows: readRows(values, layout) };
  const ctx = {
    tz: 'UTC',
    started: Date.UTC(2026, 10, 21),
    run: {
      store: {
        read: () => {
          throw new Error('no cache here');
        },
      },
    },
  } as unknown as RefreshContext;
  // Cell (0-based sheet row, header) as written; text is written with a leading `'`.
  const cell = (index: number, header: string) => {
    const w = written.find((x) => x.row - 1 <= index && index < x.row - 1 + x.block.length)!;
    const v = w.block[index - (w.row - 1)]![HEADER.indexOf(header) - (w.column - 1)];
    return typeof v === 'string' ? v.replace(/^'/, '') : v;
  };
  return { state, ctx, written, cell };
}

const sync = (failure: AppError | null) =>
  ({ failure, notTracked: new Set(), containers: new Map() }) as unknown as SyncResult;

describe('writeRows', () => {
  it('on a sync failure marks unconfirmed rows and leaves settled and updated rows alone', () => {
    const { state, ctx, cell } = setUp();
    const updates = new Map<number, RowOutputs>([[1, { Tracking: 'tracked', Attention: '' }]]);
    writeRows(
      ctx,
      state,
      updates,
      sync(new AppError('upstream', 'HTTP 500')),
      new Set(['TGHU1234560']),
      undefined as never,
    );
    expect(cell(1, 'Attention')).toBe('');
    expect(cell(2, 'Attention')).toBe('kept');
    expect(String(cell(3, 'Attention'))).toMatch(/^not updated since .+: tracking service error/);
    expect(updates.has(2)).toBe(false);
    expect(updates.get(3)?.Attention).toMatch(/not updated since/);
  });

  it('without a failure writes only the updates, in one write per block', () => {
    const { state, ctx, written, cell } = setUp();
    const updates = new Map<number, RowOutputs>([
      [3, { Tracking: 'tracked', Attention: 'LFD soon' }],
    ]);
    writeRows(ctx, state, updates, sync(null), new Set(), undefined as never);
    expect(updates.size).toBe(1);
    expect(cell(3, 'Attention')).toBe('LFD soon');
    expect(cell(2, 'Attention')).toBe('kept');
    expect(new Set(written.map((w) => `${w.row}:${w.column}`)).size).toBe(written.length);
  });
});
