/// <reference lib="dom" />
// The formula bar: which cell is selected, what it holds (its formula, or its text) for editing,
// and a line under it saying why a cell cannot be edited or what its error means.

import type { PageCell } from '../page-state';

export class FormulaBar {
  constructor(
    private readonly nameBox: HTMLElement,
    readonly input: HTMLInputElement,
    private readonly message: HTMLElement,
  ) {}

  /** Shows the selected cell; what is being typed in the bar is left alone. */
  show(a1: string, cell: PageCell | undefined): void {
    this.nameBox.textContent = a1;
    if (document.activeElement !== this.input) this.input.value = cell?.formula ?? cell?.text ?? '';
    this.input.readOnly = !cell?.editable;
    if (cell?.error) this.say(`${cell.text} ${cell.error}`, 'error');
    else if (cell?.spilledFrom) this.say(`Shown by the formula in ${cell.spilledFrom}.`, 'info');
    else if (cell && !cell.editable) this.say('The add-in writes this cell.', 'info');
    else this.say('', 'info');
  }

  say(text: string, kind: 'error' | 'info'): void {
    this.message.textContent = text;
    this.message.className = kind === 'error' ? 'cell-message' : 'cell-message info';
    this.message.hidden = text === '';
  }

  /** The cell's content before editing, to tell whether anything was typed. */
  static original(cell: PageCell): string {
    return cell.formula ?? cell.text;
  }
}
