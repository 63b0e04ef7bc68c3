// RangeList: several ranges of one sheet, changed with one call. Per Google's reference
// (https://developers.google.com/apps-script/reference/spreadsheet/sheet#getRangeList(String)),
// Sheet.getRangeList takes "a non-empty list of A1 notations" of that sheet; each notation is
// parsed like getRange's, so a bad one fails the whole call. One setNumberFormat counts as one
// write however many ranges it covers (that is why the add-in uses it).

import { fail } from '../errors';
import { registerFake } from '../registry';
import type { FakeRange } from './range';
import { spreadsheetRules } from './rules';

export class FakeRangeList {
  constructor(private readonly ranges: FakeRange[]) {
    if (ranges.length === 0)
      fail('A non-empty list of A1 notations is required (Sheet.getRangeList).');
  }

  getRanges(): FakeRange[] {
    return [...this.ranges];
  }

  setNumberFormat(numberFormat: string): this {
    // Calls between fakes are not counted (the realm bridge counts the script's calls only).
    for (const r of this.ranges) r.setNumberFormat(numberFormat);
    return this;
  }

  /** RangeList.setFontWeight(fontWeight) (Google's RangeList reference): each range, one call. */
  setFontWeight(fontWeight: string | null): this {
    for (const r of this.ranges) r.setFontWeight(fontWeight);
    return this;
  }

  /** RangeList.setBackground(color) (Google's RangeList reference): each range, one call. */
  setBackground(color: string | null): this {
    for (const r of this.ranges) r.setBackground(color);
    return this;
  }
}

registerFake(FakeRangeList, {
  label: 'RangeList',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  methods: spreadsheetRules(['getRanges'], ['setNumberFormat', 'setFontWeight', 'setBackground']),
});
