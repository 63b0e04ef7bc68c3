// Which conditional-format rule colours a cell: the rules the add-in set (sheet.conditionalRules,
// in order; the first that matches wins, as in Sheets), evaluated for what they say, e.g.
// "LFD before TODAY() → red", with TODAY() taken in the spreadsheet's time zone.

import type { ConditionalRuleData, SheetModel } from '../../gas/spreadsheet/model';
import { evaluate, type EvalContext } from './evaluate';
import { parseFormula } from './parse';
import { compareValues, toFormulaValue, truthy } from './sheet-values';

export interface RuleStyle {
  background?: string;
  fontColor?: string;
  bold?: boolean;
}

export type RuleContext = Omit<EvalContext, 'offset' | 'sheet'>;

function matches(
  rule: ConditionalRuleData,
  sheet: SheetModel,
  row: number,
  column: number,
  origin: { row: number; column: number },
  ctx: RuleContext,
): boolean {
  const raw = ctx.valueAt(sheet, row, column);
  const cell = toFormulaValue(raw, ctx.timeZone);
  const first = rule.values[0];
  try {
    switch (rule.criteria) {
      case 'CUSTOM_FORMULA':
        return truthy(
          evaluate(parseFormula(String(first ?? '')), {
            ...ctx,
            sheet,
            offset: { rows: row - origin.row, columns: column - origin.column },
          }),
        );
      case 'CELL_EMPTY':
        return cell === null;
      case 'CELL_NOT_EMPTY':
        return cell !== null;
      case 'TEXT_EQUAL_TO':
        return typeof cell === 'string' && cell === String(first);
      case 'TEXT_CONTAINS':
        return typeof cell === 'string' && cell.includes(String(first));
      case 'NUMBER_GREATER_THAN':
        return typeof cell === 'number' && compareValues(cell, Number(first)) > 0;
      case 'NUMBER_LESS_THAN':
        return typeof cell === 'number' && compareValues(cell, Number(first)) < 0;
      default:
        return false;
    }
  } catch {
    // A formula Sheets could not evaluate formats nothing.
    return false;
  }
}

/** The style of the first rule that applies to the cell and matches, or null. */
export function conditionalStyle(
  sheet: SheetModel,
  row: number,
  column: number,
  ctx: RuleContext,
): RuleStyle | null {
  for (const rule of sheet.conditionalRules) {
    const range = rule.ranges.find(
      ({ sheet: s, area }) =>
        s === sheet &&
        row >= area.row &&
        row < area.row + area.numRows &&
        column >= area.column &&
        column < area.column + area.numColumns,
    );
    if (!range) continue;
    // Sheets writes a rule's formula for the top-left cell of its first range.
    const first = rule.ranges[0]?.area ?? range.area;
    if (matches(rule, sheet, row, column, first, ctx)) {
      return {
        ...(rule.background ? { background: rule.background } : {}),
        ...(rule.fontColor ? { fontColor: rule.fontColor } : {}),
        ...(rule.bold !== undefined ? { bold: rule.bold } : {}),
      };
    }
  }
  return null;
}
