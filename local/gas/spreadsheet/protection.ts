// Protection of a whole sheet (Sheet.protect()). From the Protection reference: a protected sheet
// can be "warning only" (setWarningOnly(true)): anyone may still edit it, after Sheets warns them.
// The fake keeps what a test needs to see: the description and whether it only warns. (Sheets'
// edit warning itself is UI the runtime does not model.)

import { registerFake } from '../registry';
import type { SheetModel } from './model';
import { spreadsheetRules } from './rules';

export interface ProtectionData {
  description: string;
  warningOnly: boolean;
}

export class FakeProtection {
  constructor(private readonly sheet: SheetModel) {}

  private get data(): ProtectionData {
    return (this.sheet.protection ??= { description: '', warningOnly: false });
  }

  setDescription(description: string): this {
    this.data.description = String(description);
    return this;
  }

  getDescription(): string {
    return this.data.description;
  }

  setWarningOnly(warningOnly: boolean): this {
    this.data.warningOnly = warningOnly === true;
    return this;
  }

  isWarningOnly(): boolean {
    return this.data.warningOnly;
  }
}

registerFake(FakeProtection, {
  label: 'Protection',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  methods: spreadsheetRules(
    ['getDescription', 'isWarningOnly'],
    ['setDescription', 'setWarningOnly'],
  ),
});
