// Format → Number on the preview page, as Sheets offers it. Shared by the page (the menu) and
// the server (which applies the pattern through the local runtime's Range.setNumberFormat), so
// the page only ever names a choice and cannot send a pattern of its own.

export interface NumberFormatChoice {
  id: string;
  caption: string;
  /** null: back to what a cell nobody formatted has (Range.getNumberFormat's default). */
  pattern: string | null;
}

export const NUMBER_FORMAT_CHOICES: readonly NumberFormatChoice[] = [
  { id: 'automatic', caption: 'Automatic', pattern: null },
  { id: 'plain-text', caption: 'Plain text', pattern: '@' },
  { id: 'number', caption: 'Number', pattern: '#,##0.00' },
  { id: 'percent', caption: 'Percent', pattern: '0.00%' },
  // The add-in's own formats (the Tracking sheet's LFD and Updated columns), so a column
  // formatted by hand reads like the ones the add-in formatted.
  { id: 'date', caption: 'Date', pattern: 'yyyy-mm-dd' },
  { id: 'date-time', caption: 'Date time', pattern: 'yyyy-mm-dd hh:mm' },
];
