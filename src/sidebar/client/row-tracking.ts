// In the References tab, for the selected row: Stop / Resume tracking of its shipment (stopping
// asks first: the service then stops updating every container of the shipment) and the Timeline
// of its container(s): each event in words, when on the place's own clock, and where; and the
// Evidence for a dispute of its container (a sheet of its own). Everything the service sent is
// put in as text.

import { byId, el, fill } from './dom';
import { call, type ResultOf } from './server';
import { showStatus, withBusy } from './status';

type SelectedRow = ResultOf<'getSelectedRow'>;
type Timeline = ResultOf<'getTimeline'>;

export interface RowTracking {
  /** The row the References tab now shows (null: none). */
  show(row: SelectedRow): void;
}

function timelineList(timeline: Timeline): Node[] {
  const several = timeline.containers.length > 1;
  const nodes: Node[] = timeline.containers
    .flatMap((c): (HTMLElement | null)[] => [
      several ? el('h3', { text: c.container }) : null,
      c.events.length === 0
        ? el('p', { className: 'hint', text: `No events for ${c.container} yet.` })
        : el(
            'ol',
            { attrs: { 'aria-label': `Events of ${c.container}` } },
            c.events.map((e) =>
              el('li', {}, [
                el('span', { className: 'what', text: e.label }),
                el('span', { className: 'when', text: e.time || 'time not reported' }),
                e.place ? el('span', { className: 'where', text: e.place }) : null,
              ]),
            ),
          ),
      c.problem ? el('p', { className: 'hint', text: c.problem }) : null,
    ])
    .filter((n): n is HTMLElement => n !== null);
  if (timeline.more > 0)
    nodes.push(el('p', { className: 'hint', text: `And ${timeline.more} more containers.` }));
  return nodes;
}

export function setupRowTracking(): RowTracking {
  const section = byId('row-tracking', HTMLElement);
  const stop = byId('row-stop', HTMLButtonElement);
  const resume = byId('row-resume', HTMLButtonElement);
  const confirmBox = byId('row-stop-confirm', HTMLElement);
  const question = byId('row-stop-question', HTMLElement);
  const yes = byId('row-stop-yes', HTMLButtonElement);
  const no = byId('row-stop-no', HTMLButtonElement);
  const status = byId('row-tracking-status', HTMLElement);
  const showTimeline = byId('timeline-show', HTMLButtonElement);
  const timeline = byId('timeline', HTMLElement);
  const timelineStatus = byId('timeline-status', HTMLElement);
  const evidence = byId('evidence-build', HTMLButtonElement);
  const evidenceStatus = byId('evidence-status', HTMLElement);
  let number = '';

  const closeConfirm = () => {
    confirmBox.hidden = true;
    stop.hidden = false;
  };

  stop.addEventListener('click', () => {
    question.textContent = `Stop tracking the shipment of ${number}? The service stops updating all of its containers until you resume.`;
    confirmBox.hidden = false;
    stop.hidden = true;
    yes.focus();
  });
  no.addEventListener('click', () => {
    closeConfirm();
    stop.focus();
  });
  yes.addEventListener('click', () => {
    const wanted = number;
    void withBusy(yes, status, `Stopping tracking of ${wanted}…`, async () => {
      const result = await call('stopTracking', { number: wanted });
      closeConfirm();
      showStatus(status, 'ok', result.message);
    });
  });
  resume.addEventListener('click', () => {
    const wanted = number;
    void withBusy(resume, status, `Resuming tracking of ${wanted}…`, async () => {
      const result = await call('resumeTracking', { number: wanted });
      showStatus(status, 'ok', result.message);
    });
  });
  showTimeline.addEventListener('click', () => {
    const wanted = number;
    void withBusy(showTimeline, timelineStatus, `Reading the events of ${wanted}…`, async () => {
      const result = await call('getTimeline', { number: wanted });
      fill(timeline, timelineList(result));
      showStatus(timelineStatus, 'info', '');
    });
  });

  evidence.addEventListener('click', () => {
    const wanted = number;
    void withBusy(evidence, evidenceStatus, `Building the evidence for ${wanted}…`, async () => {
      const result = await call('buildEvidence', { number: wanted });
      showStatus(evidenceStatus, 'ok', result.message);
    });
  });

  return {
    show(row) {
      const usable = !!row && row.number !== '';
      section.hidden = !usable;
      if (row?.number === number) return;
      number = usable ? row.number : '';
      closeConfirm();
      fill(timeline, []);
      showStatus(status, 'info', '');
      showStatus(timelineStatus, 'info', '');
      showStatus(evidenceStatus, 'info', '');
    },
  };
}
