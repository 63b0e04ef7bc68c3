// A person typing into a cell, or pasting a block: the input lands as typed, then the project's
// onEdit(e) simple trigger runs, if the project defines one. What Google documents:
// - the triggers guide: "onEdit(e) runs when a user changes a value in a spreadsheet"; "Script
//   executions and API requests do not cause triggers to run. For example, calling
//   Range.setValue() to edit a cell does not cause the spreadsheet's onEdit trigger to run" (so
//   only this path fires it); a simple trigger may not run longer than 30 seconds and counts
//   toward the trigger quotas (policy.ts, runtime.ts);
// - the event-objects guide, Sheets "Edit": authMode, oldValue, range, source, user, value;
//   value and oldValue are "only available if the edited range is a single cell", and oldValue is
//   undefined when the cell had no content;
// - the AuthMode reference: LIMITED when "an add-on or a script bound to a document executes an
//   onOpen(e) or onEdit(e) simple trigger", except for an add-on not yet used in the document,
//   which runs with no authorization (NONE; the triggers guide: "in certain circumstances,
//   Editor add-ons run their onOpen(e) and onEdit(e) simple triggers in a no-authorization mode").
// Assumed: a typed formula's event carries no `value` (no page says what it holds), so nothing
// built on this runtime can lean on it.

import type { ExecutionRecord } from './execution';
import type { AuthModeName } from './policy';
import type { SpreadsheetModel } from './spreadsheet/model';
import { FakeSheet } from './spreadsheet/sheet';
import { simpleTriggerEvent } from './trigger-firing';

export interface UserEditOptions {
  /** LIMITED (default: a bound script, or an add-on used in this document) or NONE. */
  authMode?: AuthModeName;
  /** The account editing; default: the runtime's user. */
  user?: string;
}

export interface UserEditOutcome {
  /** Whether an onEdit(e) ran (false: the project defines none). */
  ran: boolean;
  /** What it threw: Sheets shows the editor nothing, the execution log keeps it. */
  error?: string;
}

/** What an edit needs of the runtime (GasRuntime). */
export interface EditHost {
  readonly spreadsheet: SpreadsheetModel;
  readonly executions: readonly ExecutionRecord[];
  run(
    functionName: string,
    args: unknown[],
    options: { kind: 'simple-trigger'; authMode: AuthModeName; ifDefined: boolean; user?: string },
  ): unknown;
}

const isFormula = (input: unknown) => typeof input === 'string' && input.startsWith('=');

/** Writes `input` (one value, or rows of values from the top-left cell) and fires onEdit(e). */
export function userEdit(
  runtime: EditHost,
  sheetName: string,
  row: number,
  column: number,
  input: unknown,
  options: UserEditOptions = {},
): UserEditOutcome {
  const model = runtime.spreadsheet;
  const sheet = model.sheetByName(sheetName);
  if (!sheet) throw new Error(`No sheet named ${sheetName}`);
  const block = Array.isArray(input) ? (input as unknown[][]) : [[input]];
  const single = block.length === 1 && block[0]?.length === 1;
  const old = single ? sheet.cell(row, column)?.value : undefined;
  block.forEach((line, r) => line.forEach((v, c) => model.write(sheet, row + r, column + c, v)));

  const typed = block[0]?.[0];
  const authMode = options.authMode ?? 'LIMITED';
  const event: Record<string, unknown> = {
    ...simpleTriggerEvent(model, authMode),
    range: FakeSheet.rangeAt(model, sheet, {
      row,
      column,
      numRows: block.length,
      numColumns: Math.max(...block.map((line) => line.length)),
    }),
  };
  if (single && old !== undefined && old !== '') event.oldValue = String(old);
  if (single && !isFormula(typed)) event.value = String(typed ?? '');
  const before = runtime.executions.length;
  try {
    runtime.run('onEdit', [event], {
      kind: 'simple-trigger',
      authMode,
      ifDefined: true,
      ...(options.user ? { user: options.user } : {}),
    });
    return { ran: runtime.executions.length > before };
  } catch (e) {
    return { ran: true, error: (e as Error).message };
  }
}
