// Upload: attach a Drive file as a document in three server steps (request the upload, send the
// bytes, create the document), each shown as it happens. A file over 50 MB is refused before
// anything is read. The upload's state stays on the server; the page only holds its token.

import { MAX_UPLOAD_BYTES } from '../../engine/document-upload';
import { byId, el, fill } from './dom';
import { fileKind, formatBytes, formatDateTime, tooLargeMessage } from './format';
import { call, messageOf, type ResultOf } from './server';
import { clearStatus, showStatus, withBusy } from './status';
import type { TabHandlers } from './tabs';

type DriveFile = ResultOf<'listRecentDriveFiles'>[number];
type StepState = 'waiting' | 'active' | 'done' | 'failed';

const STEPS = ['Request the upload', 'Send the file', 'Create the document'] as const;
const STATE_TEXT: Record<StepState, string> = {
  waiting: 'waiting',
  active: 'in progress…',
  done: 'done',
  failed: 'failed',
};

export function setupUploadTab(): TabHandlers {
  const form = byId('upload-form', HTMLFormElement);
  const list = byId('upload-files', HTMLElement);
  const listStatus = byId('upload-files-status', HTMLElement);
  const reload = byId('upload-reload', HTMLButtonElement);
  const link = byId('upload-link', HTMLInputElement);
  const name = byId('upload-name', HTMLInputElement);
  const submit = byId('upload-submit', HTMLButtonElement);
  const steps = byId('upload-steps', HTMLOListElement);
  const status = byId('upload-status', HTMLElement);
  const result = byId('upload-result', HTMLElement);
  let files: DriveFile[] = [];
  let loaded = false;
  /** Set when the bytes are stored but creating the document failed: retry only that step. */
  let resume: { token: string; source: string } | null = null;

  function renderFiles(): void {
    if (files.length === 0) {
      fill(list, [el('p', { className: 'hint', text: 'No PDFs or images found in your Drive.' })]);
      return;
    }
    fill(
      list,
      files.map((f, i) => {
        const id = `upload-file-${i}`;
        const meta = [fileKind(f.mimeType), formatBytes(f.size), formatDateTime(f.updatedAt)];
        if (f.size > MAX_UPLOAD_BYTES) meta.push('too large (over 50 MB)');
        return el('div', { className: 'file' }, [
          el('input', { attrs: { type: 'radio', name: 'upload-file', id, value: f.id } }),
          el('label', { attrs: { for: id } }, [
            el('span', { className: 'file-name', text: f.name }),
            el('span', { className: 'hint', text: meta.filter(Boolean).join(' · ') }),
          ]),
        ]);
      }),
    );
  }

  async function loadFiles(): Promise<void> {
    await withBusy(reload, listStatus, 'Loading recent Drive files…', async () => {
      files = await call('listRecentDriveFiles');
      loaded = true;
      renderFiles();
      clearStatus(listStatus);
    });
  }

  function chosen(): { fileId: string; label: string; size?: number } | null {
    const pasted = link.value.trim();
    if (pasted !== '') return { fileId: pasted, label: 'the pasted file' };
    const radio = list.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const file = files.find((f) => f.id === radio?.value);
    return file ? { fileId: file.id, label: file.name, size: file.size } : null;
  }

  /** The progress list, shown only once an upload has started. */
  function renderSteps(states: StepState[] | null, notes: string[] = []): void {
    steps.hidden = states === null;
    if (states === null) return;
    fill(
      steps,
      STEPS.map((label, i) => {
        const state = states[i] ?? 'waiting';
        return el('li', { attrs: { 'data-state': state } }, [
          el('span', { className: 'step-label', text: `${label}: ` }),
          el('span', { className: 'step-state', text: STATE_TEXT[state] }),
          notes[i] ? el('span', { className: 'hint step-note', text: ` ${notes[i]}` }) : null,
        ]);
      }),
    );
  }

  // Choosing one source clears the other, so it is always clear which file will be attached.
  list.addEventListener('change', () => (link.value = ''));
  link.addEventListener('input', () => {
    const radio = list.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (radio) radio.checked = false;
  });
  reload.addEventListener('click', () => void loadFiles());

  async function upload(source: { fileId: string }): Promise<void> {
    const states: StepState[] = ['waiting', 'waiting', 'waiting'];
    const notes: string[] = [];
    let step = 0;
    const at = (i: number, state: StepState, note?: string) => {
      step = i;
      states[i] = state;
      if (note !== undefined) notes[i] = note;
      renderSteps(states, notes);
    };
    try {
      let token: string;
      if (resume && resume.source === source.fileId) {
        // Only one such retry: if it fails again (e.g. the upload expired), start afresh.
        token = resume.token;
        resume = null;
        at(0, 'done');
        at(1, 'done', 'already stored');
      } else {
        resume = null;
        at(0, 'active');
        const started = await call('startDriveUpload', {
          fileId: source.fileId,
          ...(name.value.trim() ? { name: name.value.trim() } : {}),
        });
        token = started.token;
        at(0, 'done', `${started.name}, ${formatBytes(started.byteSize)}`);
        at(1, 'active');
        await call('sendDriveUpload', { token });
        at(1, 'done');
        resume = { token, source: source.fileId };
      }
      at(2, 'active');
      const done = await call('finishDriveUpload', { token });
      resume = null;
      at(2, 'done');
      showStatus(status, 'ok', `Attached "${done.name}".`);
      fill(result, [
        el('span', { text: 'Document id: ' }),
        el('code', { className: 'document-id', text: done.documentId }),
      ]);
    } catch (e) {
      at(step, 'failed');
      const again =
        step === 2
          ? 'The file is stored: press Attach document to try creating the document again.'
          : 'Press Attach document to start again.';
      // The step is named here already; the server's own "Upload failed while …:" would repeat it.
      const said = messageOf(e).replace(/^Upload failed while [^:]*:\s*/, '');
      showStatus(
        status,
        'error',
        `Step ${step + 1} of 3 (${STEPS[step]}) failed: ${said} ${again}`,
      );
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    fill(result, []);
    const source = chosen();
    if (!source) {
      showStatus(status, 'error', 'Choose a recent file or paste a Drive link or file id.');
      return;
    }
    if (source.size !== undefined && source.size > MAX_UPLOAD_BYTES) {
      // Refused here, before the server reads a byte of it.
      renderSteps(null);
      showStatus(status, 'error', tooLargeMessage(source.label, source.size));
      return;
    }
    void withBusy(submit, status, `Attaching ${source.label}…`, () => upload(source));
  });

  renderSteps(null);
  return {
    onShow: () => {
      if (!loaded) void loadFiles();
    },
  };
}
