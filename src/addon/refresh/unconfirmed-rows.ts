// Rows a failed refresh could not confirm: they say so in Attention, after what the last known
// data still says is due, and nothing else of theirs changes.

import { attentionText, containerReasons, staleReason } from '../../core/attention';
import { localTimeText } from '../../core/local-time';
import type { ContainerRecord } from '../../core/model';
import type { RowInput } from '../../core/row-input';
import type { RowOutputs } from '../../core/row-outputs';
import type { OutputHeader } from '../../core/sheet-layout';
import { reasonsFromCells } from '../../core/stale-row';
import { hasBeenPickedUp } from '../../core/terminal-state';
import { RecordStore } from '../../engine/record-store';
import type { Execution } from '../../execution/execution';
import type { SheetState } from './sheet-state';

/**
 * Rows this run could not confirm say so in Attention, after what the last known data still
 * says is due (an LFD keeps its warning and colour while the refresh is failing): nothing else
 * of the row changes. `cached` gives a container's last known record, if any.
 */
export function unconfirmedMarks(
  state: SheetState,
  confirmed: ReadonlySet<number>,
  why: string,
  tz: string,
  now: number,
  cached: (number: string) => ContainerRecord | null,
): Map<number, RowOutputs> {
  const { values, layout } = state;
  const updates = new Map<number, RowOutputs>();
  if (layout.outputs.Attention == null) return updates;
  for (const row of state.rows) {
    if (confirmed.has(row.index) || row.unusable) continue;
    const last = layout.outputs.Updated == null ? null : values[row.index]![layout.outputs.Updated];
    const since = last instanceof Date ? localTimeText(last, tz) : null;
    const record = row.kind === 'container' ? cached(row.number) : null;
    const cell = (h: OutputHeader) => {
      const c = layout.outputs[h];
      return c == null ? '' : values[row.index]![c];
    };
    const blank = (v: unknown) => String(v ?? '').trim() === '';
    const attentionBefore = cell('Attention');
    const due = record
      ? containerReasons(record.attributes, now)
      : reasonsFromCells(
          {
            attention: attentionBefore,
            lfd: cell('LFD'),
            atTerminal:
              row.kind === 'container'
                ? !hasBeenPickedUp({
                    number: row.number,
                    current_status: String(cell('Status')),
                  }) &&
                  blank(cell('Picked Up')) &&
                  blank(cell('Empty Returned'))
                : /(^|; )LFD /.test(String(attentionBefore)),
          },
          tz,
          now,
        );
    updates.set(row.index, { Attention: attentionText([...due, staleReason(since, why)]) });
  }
  return updates;
}

/** The last known records of the rows' containers, in one cache read. */
export function lastKnown(
  run: Execution,
  rows: readonly RowInput[],
): (n: string) => ContainerRecord | null {
  try {
    const numbers = rows.filter((r) => r.kind === 'container').map((r) => r.number);
    const view = run.store.read(RecordStore.containerKeys(numbers));
    return (n) => {
      const cached = view.container(n);
      return cached && 'record' in cached ? cached.record : null;
    };
  } catch {
    return () => null; // the cache is unreadable too: rows say only that they are not updated
  }
}
