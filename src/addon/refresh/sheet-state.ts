// What the refresh read of the Tracking sheet: one getValues, its layout and its rows, handed
// from stage to stage.

import type { RowInput } from '../../core/row-input';
import type { SheetLayout } from '../../core/sheet-layout';
import type { Row } from '../sheets/rows-io';

export interface SheetState {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  values: Row[];
  layout: SheetLayout;
  rows: RowInput[];
}
