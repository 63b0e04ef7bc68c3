// Upload: attach a Drive file as a document in three server steps (request the upload, send the
// bytes, create the document), each shown as it happens. The file comes from "Choose from Drive"
// (the Google Picker, which also grants the add-in access to it under the drive.file scope) or a
// pasted link or id (which works only for a file granted before). A file over the cap (core/upload-limits.ts) is refused
// before anything is read. The upload's state stays on the server; the page only holds its token.

import { MAX_UPLOAD_BYTES, MAX_UPLOAD_TEXT } from '../../core/upload-limits';
import { byId, el, fill } from './dom';
import { chooseInDialog, type PickedFile } from './drive-picker';
import { fileKind, formatBytes, tooLargeMessage } from './format';
import { call, messageOf } from './server';
import { clearStatus, showError, showStatus, withBusy } from './status';
import type { TabHandlers } from './tabs';

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
  const choose = byId('upload-choose', HTMLButtonElement);
  const chosenView = byId('upload-chosen', HTMLElement);
  const pickerStatus = byId('upload-picker-status', HTMLElement);
  const link = byId('upload-link', HTMLInputElement);
  const name = byId('upload-name', HTMLInputElement);
  const submit = byId('upload-submit', HTMLButtonElement);
  const steps = byId('upload-steps', HTMLOListElement);
  const status = byId('upload-status', HTMLElement);
  const result = byId('upload-result', HTMLElement);
  let picked: PickedFile | null = null;
  /** Set when the bytes are stored but creating the document failed: retry only that step. */
  let resume: { token: string; source: string } | null = null;

  function renderPicked(): void {
    if (!picked) {
      fill(chosenView, []);
      return;
    }
    const meta = [fileKind(picked.mimeType)];
    if (picked.sizeBytes !== undefined) meta.push(formatBytes(picked.sizeBytes));
    if ((picked.sizeBytes ?? 0) > MAX_UPLOAD_BYTES)
      meta.push(`too large (over ${MAX_UPLOAD_TEXT})`);
    fill(chosenView, [
      el('span', { className: 'file-name', text: picked.name }),
      el('span', { className: 'hint', text: meta.join(' · ') }),
    ]);
  }

  /**
   * The button stays enabled while the dialog is open: a dialog closed with its own × sends no
   * answer, and pressing the button again opens a new one (the old wait then ends quietly).
   */
  let picks = 0;
  async function pickFile(): Promise<void> {
    const mine = ++picks;
    showStatus(pickerStatus, 'busy', 'Choose the file in the Google Drive window…');
    try {
      const file = await chooseInDialog();
      if (mine !== picks) return; // a newer dialog replaced this one
      clearStatus(pickerStatus);
      if (!file) return;
      picked = file;
      link.value = '';
      renderPicked();
    } catch (e) {
      showError(pickerStatus, e);
    }
  }

  function chosen(): { fileId: string; label: string; size?: number } | null {
    const pasted = link.value.trim();
    if (pasted !== '') return { fileId: pasted, label: 'the pasted file' };
    return picked ? { fileId: picked.id, label: picked.name, size: picked.sizeBytes } : null;
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
  link.addEventListener('input', () => {
    picked = null;
    renderPicked();
  });
  choose.addEventListener('click', () => void pickFile());

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
      showStatus(status, 'error', 'Choose a file from Drive, or paste a Drive link or file id.');
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
  return {};
}
