// SpreadsheetApp: the active spreadsheet is the runtime's model, or none (null) in an add-on's
// time-driven trigger. openById opens another spreadsheet of the project; it needs the
// spreadsheets scope (spreadsheets.currentonly covers only the active one; OAuth scopes page),
// and custom functions may not open other spreadsheets (custom-functions guide).

import { fail, MESSAGES } from '../errors';
import { registerFake } from '../registry';
import type { FakeUi } from '../ui';
import { BooleanCriteria, FakeConditionalFormatRuleBuilder } from './conditional-format';
import { DataValidationCriteria, FakeDataValidationBuilder } from './data-validation';
import { SpreadsheetModel } from './model';
import type { FakeRange } from './range';
import type { FakeSheet } from './sheet';
import { FakeSpreadsheet } from './spreadsheet';

const SPREADSHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

const enumOf = <T extends string>(...names: T[]) =>
  Object.freeze(Object.fromEntries(names.map((n) => [n, n])) as Record<T, T>);

export class FakeSpreadsheetApp {
  readonly BooleanCriteria = BooleanCriteria;
  readonly DataValidationCriteria = DataValidationCriteria;
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
    private readonly model: SpreadsheetModel | null,
    private readonly makeUi: () => FakeUi,
    private readonly others: {
      find(id: string): SpreadsheetModel | undefined;
      oauthScopes?: string[];
    },
  ) {}

  getActive(): FakeSpreadsheet | null {
    return this.model ? new FakeSpreadsheet(this.model) : null;
  }

  getActiveSpreadsheet(): FakeSpreadsheet | null {
    return this.getActive();
  }

  getActiveSheet(): FakeSheet | null {
    return this.getActive()?.getActiveSheet() ?? null;
  }

  getActiveRange(): FakeRange | null {
    return this.getActive()?.getActiveRange() ?? null;
  }

  openById(id: string): FakeSpreadsheet {
    const scopes = this.others.oauthScopes;
    if (scopes && !scopes.includes(SPREADSHEETS_SCOPE)) {
      fail(MESSAGES.permissionWithScope('SpreadsheetApp.openById', SPREADSHEETS_SCOPE));
    }
    const model = this.others.find(String(id));
    // What Apps Script says for an id that does not exist or is not shared with the user.
    if (!model)
      fail(
        'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
      );
    return new FakeSpreadsheet(model);
  }

  getUi(): FakeUi {
    return this.makeUi();
  }

  newDataValidation(): FakeDataValidationBuilder {
    return new FakeDataValidationBuilder();
  }

  newConditionalFormatRule(): FakeConditionalFormatRuleBuilder {
    // Without an active spreadsheet the rule is built detached; its ranges name their own sheets.
    return new FakeConditionalFormatRuleBuilder(this.model ?? new SpreadsheetModel());
  }

  /** Writes are applied immediately here, so there is nothing to flush. */
  flush(): void {}
}

registerFake(FakeSpreadsheetApp, {
  label: 'SpreadsheetApp',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  constants: [
    'BooleanCriteria',
    'DataValidationCriteria',
    'BorderStyle',
    'Dimension',
    'WrapStrategy',
    'ProtectionType',
  ],
  methods: {
    getUi: { service: 'Ui', scope: 'get-ui' },
    newConditionalFormatRule: { service: null, scope: 'local' },
    newDataValidation: { service: null, scope: 'local' },
    openById: { scope: 'spreadsheet-open' },
  },
});
