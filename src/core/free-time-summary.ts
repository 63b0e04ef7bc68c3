// What the sidebar's Settings shows of the Free Time rules: each row in words with how many of
// the sheet's boxes it prices, and the boxes no rule of either kind matches (bounded lists: the
// sidebar shows a few, the counts say the rest).

import { isBroken, MAX_RULE_ROWS, ruleFor, type FreeTimeTerms, type RuleRow } from './free-time';
import { equipmentText } from './equipment';
import { readingOf, type PricedBox } from './money-outputs';

export interface RuleView {
  row: number;
  /** `demurrage · MAEU · any terminal · 150x4, 250x5, 400 USD`, or why the row cannot be read. */
  text: string;
  problem: boolean;
  /** Boxes this row is the first match of (per kind). */
  boxes: number;
}

export interface FreeTimeSummary {
  problem: string | null;
  rules: RuleView[];
  /** Boxes that match no rule of either kind: no money is shown for them. */
  unmatched: string[];
  unmatchedTotal: number;
  boxes: number;
}

export const MAX_LISTED = 20;

function tiersText(r: Extract<RuleRow, { tiers: unknown }>): string {
  return r.tiers.map((t) => (t.days == null ? String(t.rate) : `${t.rate}x${t.days}`)).join(', ');
}

function ruleText(r: RuleRow): string {
  if (isBroken(r)) return `row ${r.row}: ${r.problem}`;
  const parts = [
    r.kind,
    r.carrier ?? 'any carrier',
    r.terminal ?? 'any terminal',
    ...(r.equipment ? [equipmentText(r.equipment)] : []),
    ...(r.contract ? [`contract ${r.contract}`] : []),
    ...(r.kind === 'detention' ? [`${r.freeDays} ${r.counting} free days`] : []),
    `${tiersText(r)} ${r.currency}`,
  ];
  return parts.join(' · ');
}

export function freeTimeSummary(
  terms: FreeTimeTerms,
  boxes: readonly PricedBox[],
): FreeTimeSummary {
  const uses = new Map<number, number>();
  const unmatched: string[] = [];
  for (const b of boxes) {
    // The place the Terminal column shows (an inland box's pickup facility), as money matches.
    const { terminal, equipment } = readingOf(b, b.box?.now ?? 0).money;
    const matched = (['demurrage', 'detention'] as const)
      .map((kind) =>
        ruleFor(terms, kind, b.carrier, terminal, {
          equipment,
          contract: b.contract ?? null,
        }),
      )
      .filter((r): r is RuleRow => r != null);
    for (const r of new Set(matched)) uses.set(r.row, (uses.get(r.row) ?? 0) + 1);
    if (matched.length === 0) unmatched.push(b.attributes.number);
  }
  return {
    problem: terms.problem,
    rules: [
      ...terms.rules.map((r) => ({
        row: r.row,
        text: ruleText(r),
        problem: isBroken(r),
        boxes: uses.get(r.row) ?? 0,
      })),
      // Example rows are no terms: said, so nobody wonders why they price nothing.
      ...(terms.examples ?? []).map((row) => ({
        row,
        text: `row ${row}: an EXAMPLE, prices nothing (change its terms or clear its Note)`,
        problem: true,
        boxes: 0,
      })),
      // Said, not silently ignored: the rows below are never read.
      ...(terms.unreadFrom
        ? [
            {
              row: terms.unreadFrom,
              text: `row ${terms.unreadFrom} and below: not read (${MAX_RULE_ROWS} rules at most)`,
              problem: true,
              boxes: 0,
            },
          ]
        : []),
    ],
    unmatched: unmatched.sort().slice(0, MAX_LISTED),
    unmatchedTotal: unmatched.length,
    boxes: boxes.length,
  };
}
