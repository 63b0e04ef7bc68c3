// Conditional formatting: SpreadsheetApp.newConditionalFormatRule() builders, the rules they
// build, and their boolean conditions. Building is local; Sheet.setConditionalFormatRules is
// the write.

import { registerFake } from '../registry';
import type { ConditionalRuleData, SpreadsheetModel } from './model';
import { FakeRange } from './range';

export const BooleanCriteria = {
  CELL_EMPTY: 'CELL_EMPTY',
  CELL_NOT_EMPTY: 'CELL_NOT_EMPTY',
  CUSTOM_FORMULA: 'CUSTOM_FORMULA',
  NUMBER_GREATER_THAN: 'NUMBER_GREATER_THAN',
  NUMBER_LESS_THAN: 'NUMBER_LESS_THAN',
  TEXT_CONTAINS: 'TEXT_CONTAINS',
  TEXT_EQUAL_TO: 'TEXT_EQUAL_TO',
} as const;

export class FakeBooleanCondition {
  constructor(private readonly data: ConditionalRuleData) {}

  getCriteriaType(): string {
    return this.data.criteria;
  }

  getCriteriaValues(): unknown[] {
    return [...this.data.values];
  }

  getBackground(): string | null {
    return this.data.background ?? null;
  }

  getFontColor(): string | null {
    return this.data.fontColor ?? null;
  }

  getBold(): boolean | null {
    return this.data.bold ?? null;
  }
}

export class FakeConditionalFormatRule {
  constructor(
    private readonly model: SpreadsheetModel,
    private readonly data: ConditionalRuleData,
  ) {}

  static dataOf(rule: FakeConditionalFormatRule): ConditionalRuleData {
    return rule.data;
  }

  getRanges(): FakeRange[] {
    return this.data.ranges.map((r) => new FakeRange(this.model, r.sheet, { ...r.area }));
  }

  getBooleanCondition(): FakeBooleanCondition {
    return new FakeBooleanCondition(this.data);
  }

  copy(): FakeConditionalFormatRuleBuilder {
    return new FakeConditionalFormatRuleBuilder(this.model, {
      ...this.data,
      ranges: [...this.data.ranges],
    });
  }
}

export class FakeConditionalFormatRuleBuilder {
  #data: ConditionalRuleData;

  constructor(
    private readonly model: SpreadsheetModel,
    data?: ConditionalRuleData,
  ) {
    this.#data = data ?? { criteria: BooleanCriteria.CELL_NOT_EMPTY, values: [], ranges: [] };
  }

  #when(criteria: string, values: unknown[]): this {
    this.#data.criteria = criteria;
    this.#data.values = values;
    return this;
  }

  whenFormulaSatisfied(formula: string): this {
    return this.#when(BooleanCriteria.CUSTOM_FORMULA, [formula]);
  }

  whenCellEmpty(): this {
    return this.#when(BooleanCriteria.CELL_EMPTY, []);
  }

  whenCellNotEmpty(): this {
    return this.#when(BooleanCriteria.CELL_NOT_EMPTY, []);
  }

  whenTextEqualTo(text: string): this {
    return this.#when(BooleanCriteria.TEXT_EQUAL_TO, [text]);
  }

  whenTextContains(text: string): this {
    return this.#when(BooleanCriteria.TEXT_CONTAINS, [text]);
  }

  whenNumberLessThan(n: number): this {
    return this.#when(BooleanCriteria.NUMBER_LESS_THAN, [n]);
  }

  whenNumberGreaterThan(n: number): this {
    return this.#when(BooleanCriteria.NUMBER_GREATER_THAN, [n]);
  }

  setBackground(color: string | null): this {
    if (color === null) delete this.#data.background;
    else this.#data.background = color;
    return this;
  }

  setFontColor(color: string | null): this {
    if (color === null) delete this.#data.fontColor;
    else this.#data.fontColor = color;
    return this;
  }

  setBold(bold: boolean | null): this {
    if (bold === null) delete this.#data.bold;
    else this.#data.bold = bold;
    return this;
  }

  setRanges(ranges: FakeRange[]): this {
    this.#data.ranges = ranges.map((r) => FakeRange.areaOf(r));
    return this;
  }

  build(): FakeConditionalFormatRule {
    return new FakeConditionalFormatRule(this.model, {
      ...this.#data,
      ranges: [...this.#data.ranges],
    });
  }
}

for (const [cls, label] of [
  [FakeBooleanCondition, 'BooleanCondition'],
  [FakeConditionalFormatRule, 'ConditionalFormatRule'],
  [FakeConditionalFormatRuleBuilder, 'ConditionalFormatRuleBuilder'],
] as const) {
  registerFake(cls, { label, service: null, scope: 'local' });
}
