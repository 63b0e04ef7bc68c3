// The preview's formula cells on a test harness: the add-in's custom functions, each formula cell
// one 'custom-function' execution of the real bundle, as local/preview/start-preview.ts wires them.

import { CustomFunctionCells } from '../../local/preview/formula/custom-cells';
import type { ReturnedDateConvention } from '../../local/preview/formula/returned-dates';
import type { createHarness } from './addon-harness';

const CUSTOM_FUNCTIONS: ReadonlySet<string> = new Set([
  'CONTAINER_STATUS',
  'LFD',
  'CONTAINER_INFO',
  'SHIPMENT_INFO',
  'TRACKING_LINK',
]);

/**
 * Formula cells for the harness's spreadsheet, set as its formula evaluator. `returnedDates`:
 * which zone Sheets converts a returned Date in (local/preview/formula/returned-dates.ts).
 */
export function customFunctionCells(
  h: ReturnType<typeof createHarness>,
  returnedDates: ReturnedDateConvention = 'spreadsheet',
): CustomFunctionCells {
  const cells = new CustomFunctionCells(
    h.gas.spreadsheet,
    (fn, args) => h.gas.run(fn, args, { kind: 'custom-function' }),
    CUSTOM_FUNCTIONS,
    { convention: returnedDates, scriptTimeZone: h.gas.sessionOptions.scriptTimeZone },
  );
  h.gas.formulaEvaluator = cells.evaluator;
  return cells;
}
