// Settings → Free Time: the rules the money columns use, each in words with how many of the
// sheet's boxes it prices (a row that cannot be read says why), and the boxes no rule matches.
// Everything is set as text: rule cells are the user's, shown, never interpreted.

import { byId } from './dom';
import { call, type ResultOf } from './server';
import { showStatus, withBusy } from './status';

type Report = ResultOf<'getFreeTimeRules'>;

const boxesText = (n: number) => (n === 1 ? '1 box' : `${n} boxes`);

export function unmatchedText(r: Report): string {
  if (r.unmatchedTotal === 0)
    return r.boxes === 0 ? 'No boxes on the Tracking sheet yet.' : 'Every box matches a rule.';
  const more = r.unmatchedTotal - r.unmatched.length;
  const list = r.unmatched.join(', ') + (more > 0 ? ` and ${more} more` : '');
  return `${boxesText(r.unmatchedTotal)} of ${r.boxes} match no rule (no money shown): ${list}.`;
}

export function setupFreeTimeSection(): { show(): void } {
  const list = byId('free-time-rules', HTMLElement);
  const unmatched = byId('free-time-unmatched', HTMLElement);
  const reload = byId('free-time-reload', HTMLButtonElement);
  const status = byId('free-time-status', HTMLElement);

  function render(r: Report): void {
    const items: HTMLLIElement[] = [];
    if (!r.sheet) {
      const li = document.createElement('li');
      li.textContent = 'No Free Time sheet: run Set up Tracking sheet to create one with examples.';
      items.push(li);
    } else if (r.problem) {
      const li = document.createElement('li');
      li.className = 'problem';
      li.textContent = r.problem;
      items.push(li);
    }
    for (const rule of r.rules) {
      const li = document.createElement('li');
      li.className = rule.problem ? 'problem' : '';
      li.textContent = rule.problem
        ? rule.text
        : `Row ${rule.row}: ${rule.text} (${boxesText(rule.boxes)})`;
      items.push(li);
    }
    if (r.sheet && !r.problem && r.rules.length === 0) {
      const li = document.createElement('li');
      li.textContent = 'The Free Time sheet has no rules: the money columns stay blank.';
      items.push(li);
    }
    list.replaceChildren(...items);
    unmatched.textContent = unmatchedText(r);
  }

  function show(): void {
    void withBusy(reload, status, 'Reading the Free Time rules…', async () => {
      const report = await call('getFreeTimeRules');
      render(report);
      const broken = report.rules.filter((r) => r.problem).length;
      showStatus(
        status,
        broken > 0 || report.problem ? 'error' : 'ok',
        broken > 0
          ? `${broken === 1 ? '1 row' : `${broken} rows`} of the Free Time sheet cannot be read: their boxes say why in the money columns.`
          : `${report.rules.length === 1 ? '1 rule' : `${report.rules.length} rules`} in use.`,
      );
    });
  }

  reload.addEventListener('click', show);
  return { show };
}
