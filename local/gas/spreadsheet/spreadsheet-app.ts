// SpreadsheetApp for a bound script: the active spreadsheet is the runtime's model.

import { registerFake } from '../registry';
import type { FakeUi } from '../ui';
import { BooleanCriteria, FakeConditionalFormatRuleBuilder } from './conditional-format';
import type { SpreadsheetModel } from './model';
import type { FakeRange } from './range';
import type { FakeSheet } from './sheet';
import { FakeSpreadsheet } from './spreadsheet';

const enumOf = <T extends string>(...names: T[]) =>
  Object.freeze(Object.fromEntries(names.map((n) => [n, n])) as Record<T, T>);

export class FakeSpreadsheetApp {
  readonly BooleanCriteria = BooleanCriteria;
  readonly BorderStyle = enumOf(
    'DOTTED',
    'DASHED',
    'SOLID',
    'SOLID_MEDIUM',
    'SOLID_THICK',
    'DOUBLE',
  );
  readonly Dimension = enumOf('COLUMNS', 'ROWS');
  readonly WrapStrategy = enumOf('WRAP', 'OVERFLOW', 'CLIP');
  readonly ProtectionType = enumOf('RANGE', 'SHEET');

  constructor(
    private readonly model: SpreadsheetModel,
    private readonly makeUi: () => FakeUi,
  ) {}

  getActive(): FakeSpreadsheet {
    return new FakeSpreadsheet(this.model);
  }

  getActiveSpreadsheet(): FakeSpreadsheet {
    return new FakeSpreadsheet(this.model);
  }

  getActiveSheet(): FakeSheet {
    return new FakeSpreadsheet(this.model).getActiveSheet();
  }

  getActiveRange(): FakeRange {
    return new FakeSpreadsheet(this.model).getActiveRange();
  }

  getUi(): FakeUi {
    return this.makeUi();
  }

  newConditionalFormatRule(): FakeConditionalFormatRuleBuilder {
    return new FakeConditionalFormatRuleBuilder(this.model);
  }

  /** Writes are applied immediately here, so there is nothing to flush. */
  flush(): void {}
}

registerFake(FakeSpreadsheetApp, {
  label: 'SpreadsheetApp',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  constants: ['BooleanCriteria', 'BorderStyle', 'Dimension', 'WrapStrategy', 'ProtectionType'],
  methods: {
    getUi: { service: 'Ui', scope: 'get-ui' },
    newConditionalFormatRule: { service: null, scope: 'local' },
  },
});
