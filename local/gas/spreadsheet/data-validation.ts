// Data validation: SpreadsheetApp.newDataValidation() builders and the rules they build (a
// dropdown of values, a checkbox), per the DataValidationBuilder reference (getHelpText() is
// null when no help text was set; requireCheckbox() renders a boolean as a checkbox). Building is local; Range.setDataValidation is the write.
// A script's setValues is not refused by a rule (Sheets only flags the invalid cell), so the
// model keeps the rule next to the value and changes nothing else.

import { registerFake } from '../registry';

export const DataValidationCriteria = {
  VALUE_IN_LIST: 'VALUE_IN_LIST',
  CHECKBOX: 'CHECKBOX',
} as const;

export interface DataValidationData {
  criteria: string;
  values: unknown[];
  allowInvalid: boolean;
  helpText: string | null;
}

export class FakeDataValidation {
  constructor(private readonly data: DataValidationData) {}

  static dataOf(rule: FakeDataValidation): DataValidationData {
    return rule.data;
  }

  getCriteriaType(): string {
    return this.data.criteria;
  }

  getCriteriaValues(): unknown[] {
    return [...this.data.values];
  }

  getAllowInvalid(): boolean {
    return this.data.allowInvalid;
  }

  getHelpText(): string | null {
    return this.data.helpText;
  }

  copy(): FakeDataValidationBuilder {
    return new FakeDataValidationBuilder({ ...this.data, values: [...this.data.values] });
  }
}

export class FakeDataValidationBuilder {
  #data: DataValidationData;

  constructor(data?: DataValidationData) {
    this.#data = data ?? { criteria: '', values: [], allowInvalid: true, helpText: null };
  }

  /** requireValueInList(values, showDropdown = true) */
  requireValueInList(values: string[], showDropdown = true): this {
    this.#data.criteria = DataValidationCriteria.VALUE_IN_LIST;
    this.#data.values = [[...values].map(String), showDropdown !== false];
    return this;
  }

  requireCheckbox(checkedValue?: unknown, uncheckedValue?: unknown): this {
    this.#data.criteria = DataValidationCriteria.CHECKBOX;
    this.#data.values = checkedValue === undefined ? [] : [checkedValue, uncheckedValue];
    return this;
  }

  setAllowInvalid(allowInvalidData: boolean): this {
    this.#data.allowInvalid = Boolean(allowInvalidData);
    return this;
  }

  setHelpText(helpText: string): this {
    this.#data.helpText = String(helpText);
    return this;
  }

  build(): FakeDataValidation {
    if (this.#data.criteria === '') {
      // A rule without a criterion validates nothing; the reference gives no message for it, so
      // this one is ours: stricter than guessing what Sheets would build.
      throw new Error('DataValidationBuilder.build(): set a criterion (require…) first.');
    }
    return new FakeDataValidation({ ...this.#data, values: [...this.#data.values] });
  }
}

for (const [cls, label] of [
  [FakeDataValidation, 'DataValidation'],
  [FakeDataValidationBuilder, 'DataValidationBuilder'],
] as const) {
  registerFake(cls, { label, service: null, scope: 'local' });
}
