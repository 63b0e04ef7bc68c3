// Equipment as contracts write it (docs/reference.md#free-time): a Free Time row's `Equipment`
// (`reefer`, `reefer 40`, `40' flat rack`) and the box's own, read from the service's
// `equipment_type` (dry, reefer, open top, flat rack, bulk, tank) and `equipment_length` (10, 20,
// 40, 45; the service's container schema). Reefers and tanks have their own free time and rates,
// so a row may be for them alone; blank matches any box.

import type { ContainerAttributes } from './model';

export const EQUIPMENT_TYPES = ['dry', 'reefer', 'open top', 'flat rack', 'bulk', 'tank'] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];
export const EQUIPMENT_LENGTHS = [10, 20, 40, 45] as const;

/** What a rule asks for: a type, and a length or any length. */
export interface EquipmentRule {
  type: EquipmentType;
  length: number | null;
}

/** What a box is, as far as the service knows (null: not known). */
export interface BoxEquipment {
  type: string | null;
  length: number | null;
}

const WRITE_INSTEAD =
  'write dry, reefer, open top, flat rack, bulk or tank, optionally with a length (reefer 40)';

/** `Open-Top`, `flat_rack`, `  reefer ` → the service's spelling. */
const normalized = (text: string) =>
  text.trim().toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ');

/** `40`, `40'`, `40ft`, `40 ft`, `40-foot` → 40 (the foot marks are how contracts write them). */
function lengthOf(word: string): number | null {
  const m = /^(\d{2})\s*(?:'|’|ft|foot|feet)?$/.exec(word.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return (EQUIPMENT_LENGTHS as readonly number[]).includes(n) ? n : null;
}

/**
 * A rule's `Equipment` cell: null when blank (any box), the equipment, or why it is not one (the
 * words after `Equipment "…"`).
 */
export function parseEquipment(value: unknown): EquipmentRule | null | string {
  if (value === '' || value == null) return null;
  if (typeof value !== 'string') return `is not a kind of equipment: ${WRITE_INSTEAD}`;
  const text = normalized(value);
  if (text === '') return null;
  // The length may come first (`40' reefer`, as bills of lading write it) or last (`reefer 40`).
  const lead = /^(\d{2}\s*(?:'|’|ft|foot|feet)?)\s+(.+)$/.exec(text);
  const tail = /^(.+?)\s+(\d{2}\s*(?:'|’|ft|foot|feet)?)$/.exec(text);
  const [typeText, lengthText] = lead
    ? [lead[2]!, lead[1]!]
    : tail
      ? [tail[1]!, tail[2]!]
      : [text, ''];
  const type = EQUIPMENT_TYPES.find((t) => t === typeText.trim());
  if (!type) return `is not a kind of equipment: ${WRITE_INSTEAD}`;
  if (lengthText === '') return { type, length: null };
  const length = lengthOf(lengthText);
  return length === null
    ? `has a length that is not 10, 20, 40 or 45 feet: ${WRITE_INSTEAD}`
    : { type, length };
}

/** The box's equipment as the service reports it; unknown parts are null. */
export function equipmentOf(a: ContainerAttributes): BoxEquipment {
  const type = typeof a.equipment_type === 'string' ? normalized(a.equipment_type) : '';
  // Only a number or numeric text is a length: Number() of an object the service should never
  // send may throw (no prototype) or mean nothing.
  const raw = a.equipment_length;
  const length = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN;
  return {
    type: type === '' ? null : type,
    length: raw !== '' && Number.isFinite(length) ? length : null,
  };
}

/**
 * A rule's equipment matches a box of that type (and that length, when the rule names one). A
 * box whose equipment the service does not report matches only rules that name none: its terms
 * cannot be known to be a reefer's.
 */
export function equipmentMatches(rule: EquipmentRule | null, box: BoxEquipment): boolean {
  if (rule === null) return true;
  if (box.type !== rule.type) return false;
  return rule.length === null || box.length === rule.length;
}

/** `reefer 40`, `tank`; `unknown` for a box the service reports none for. */
export function equipmentText(e: EquipmentRule | BoxEquipment | null): string {
  if (!e || e.type === null) return e?.length ? `${e.length} ft` : 'unknown';
  return e.length === null ? e.type : `${e.type} ${e.length}`;
}
