// Upload tab in Chromium: "Choose from Drive" (the local host's stand-in for the Google Picker,
// which grants the picked file to the add-in as the real one does under drive.file) or a pasted
// link, three steps with progress, the document id; a pasted id the add-in was never given gets
// a message that says to use Choose from Drive; a checksum mismatch, a storage failure and a
// failed last step each say which step failed and leave nothing a retry would duplicate; files
// over 45 MB are refused unread. Google's own picker script is never loaded here. The sidebar is
// 300 px wide, as in Sheets, narrower than the Picker's minimum (566 × 350 px): the Picker opens
// in a modal dialog over the editor and the pick reaches the sidebar through the server.

import { oversizeFile, sampleDriveFiles, SAMPLE_IDS } from './support/drive-samples';
import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const sidebar = useSidebarSessions();
let s: SidebarSession;
let external: string[];

async function openUpload(drive = sampleDriveFiles()): Promise<void> {
  s = await sidebar.open({ drive });
  await s.page.setViewportSize({ width: 300, height: 720 });
  external = [];
  s.page.on('request', (r) => {
    if (!r.url().startsWith(s.host.url)) external.push(r.url());
  });
  await s.tab('Upload');
}

const status = () => s.page.locator('#upload-status');
const steps = () => s.page.locator('#upload-steps li');
const attach = () => s.page.getByRole('button', { name: 'Attach document' }).click();
const documents = () => s.h.emulator.account()!.documents();
const stepStates = () =>
  steps().evaluateAll((items) => items.map((li) => li.getAttribute('data-state')));
const dialogFrame = () => s.page.locator('iframe[data-gas-dialog]');
const pickerDialog = () =>
  s.page.frameLocator('iframe[data-gas-dialog]').getByRole('dialog', { name: 'Select a file' });
const chosen = () => s.page.locator('#upload-chosen');
const pasteLink = (text: string) =>
  s.page.getByLabel('Or paste a Drive link or file id').fill(text);

async function pick(name: string): Promise<void> {
  await s.page.getByRole('button', { name: 'Choose from Drive' }).click();
  await pickerDialog().getByRole('button', { name }).click();
  await dialogFrame().waitFor({ state: 'detached' });
  await chosen().getByText(name, { exact: true }).waitFor();
}

test('picks a Drive PDF with Choose from Drive and attaches it in three steps', async () => {
  await openUpload();
  expect(s.h.gas.drive.isGranted(SAMPLE_IDS.billOfLading)).toBe(false);
  await s.page.getByRole('button', { name: 'Choose from Drive' }).click();
  // The picker shows the Drive's PDFs and images.
  await pickerDialog().getByRole('button', { name: 'container-photo.png' }).waitFor();
  await expect(pickerDialog().getByRole('listitem').count()).resolves.toBe(3);
  await s.screenshot('upload-picker');
  await pickerDialog().getByRole('button', { name: 'bill-of-lading.pdf' }).click();
  await dialogFrame().waitFor({ state: 'detached' });
  await chosen().getByText('bill-of-lading.pdf').waitFor();
  await expect(chosen().textContent()).resolves.toMatch(/^bill-of-lading\.pdfPDF · 9\d\d B$/);
  // Picking granted the file to the add-in (drive.file), as the real Picker does with the app id.
  expect(s.h.gas.drive.isGranted(SAMPLE_IDS.billOfLading)).toBe(true);
  expect(s.h.gas.drive.isGranted(SAMPLE_IDS.photo)).toBe(false);
  await s.page.getByLabel('Document name (optional)').fill('BOL MAEU240512345');
  await s.screenshot('upload-choose');
  await attach();
  const id = s.page.locator('#upload-result .document-id');
  await id.waitFor();
  const created = documents()[0]!;
  await expect(id.textContent()).resolves.toBe(created.id);
  expect(created.name).toBe('BOL MAEU240512345');
  await expect(stepStates()).resolves.toEqual(['done', 'done', 'done']);
  await expect(status().textContent()).resolves.toBe('Done: Attached "BOL MAEU240512345".');
  const waiting = ['getSettings', 'takePickedFile'];
  expect(s.calls.map((c) => c.fn).filter((fn) => !waiting.includes(fn))).toEqual([
    'openPickerDialog', // the sidebar opens the dialog…
    'getPickerConfig', // …which runs the Picker…
    'storePickedFile', // …and hands the pick to the server, where the sidebar finds it
    'startDriveUpload',
    'sendDriveUpload',
    'finishDriveUpload',
  ]);
  // The bytes stored are the file's, and the document points at the blob, not at a URL.
  const blob = s.h.emulator.account()!.blob(created.blobSignedId)!;
  expect(Buffer.from(blob.bytes!)).toEqual(Buffer.from(sampleDriveFiles()[0]!.bytes));
  expect(external).toEqual([]); // no apis.google.com: the stand-in replaced Google's loader
  await s.screenshot('upload-done');
});

test('the Picker opens in a dialog of at least its minimum size, not in the 300 px sidebar', async () => {
  await openUpload();
  // The Picker (here its stand-in) cannot work in the sidebar itself: 300 px is too narrow.
  await s.page.evaluate(() => {
    const w = window as unknown as {
      google: { picker: { PickerBuilder: new () => Record<string, (v?: unknown) => unknown> } };
    };
    const builder = new w.google.picker.PickerBuilder();
    builder.setOAuthToken!('t');
    builder.setDeveloperKey!('k');
    (builder.build!() as { setVisible(v: boolean): void }).setVisible(true);
  });
  await s.page.locator('[data-picker-too-small]').getByText('at least 566 x 350 px').waitFor();

  await s.page.getByRole('button', { name: 'Choose from Drive' }).click();
  await pickerDialog().getByRole('button', { name: 'bill-of-lading.pdf' }).waitFor();
  expect(s.h.gas.ui.dialogs.map((d) => [d.title, d.modal, d.width, d.height])).toEqual([
    ['Choose a file to attach', true, 600, 425],
  ]);
  const box = (await dialogFrame().boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(566);
  expect(box.height).toBeGreaterThanOrEqual(350);
  await expect(
    s.page.frameLocator('iframe[data-gas-dialog]').locator('[data-picker-too-small]').count(),
  ).resolves.toBe(0);
  // The sidebar waits for the pick without locking its button.
  await expect(s.page.getByRole('button', { name: 'Choose from Drive' }).isEnabled()).resolves.toBe(
    true,
  );
  await pickerDialog().getByRole('button', { name: 'Cancel' }).click();
  await dialogFrame().waitFor({ state: 'detached' });
  await s.page.waitForFunction(
    () =>
      !document.querySelector('#upload-picker-status')?.textContent?.includes('Choose the file'),
  );
  await expect(chosen().textContent()).resolves.toBe('');
});

test('a pasted id the add-in was not given says to use Choose from Drive; once picked it works', async () => {
  await openUpload();
  const link = `https://drive.google.com/file/d/${SAMPLE_IDS.photo}/view?usp=sharing`;
  await pasteLink(link);
  await attach();
  await status().getByText('Step 1 of 3 (Request the upload) failed').waitFor();
  await expect(status().textContent()).resolves.toContain(
    'The add-in cannot open that Drive file: it may only read files you pick with "Choose from Drive". Press "Choose from Drive" and select the file.',
  );
  expect(s.h.emulator.account()!.blobs()).toHaveLength(0);
  await s.screenshot('upload-not-granted');

  // Picked once (in an earlier session, say), the same link works, under the file's own name.
  s.h.gas.drive.grant(SAMPLE_IDS.photo);
  await attach();
  await s.page.locator('#upload-result .document-id').waitFor();
  expect(documents()[0]!.name).toBe('container-photo.png');
  expect(s.callsTo('startDriveUpload').map((c) => c.args)).toEqual([
    [{ fileId: link }],
    [{ fileId: link }],
  ]);
});

test('pasting a link replaces the picked file; cancelling the picker keeps what was chosen', async () => {
  await openUpload();
  await pick('arrival-notice.pdf');
  await s.page.getByRole('button', { name: 'Choose from Drive' }).click();
  await pickerDialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(chosen().textContent()).resolves.toMatch(/^arrival-notice\.pdf/);
  await pasteLink(SAMPLE_IDS.billOfLading);
  await expect(chosen().textContent()).resolves.toBe('');
});

test('a file changed between steps fails the checksum at step 2; a retry attaches it once', async () => {
  await openUpload();
  const file = s.h.gas.drive.files.find((f) => f.id === SAMPLE_IDS.arrivalNotice)!;
  // Edit the file in Drive right after step 1 computed its checksum.
  await s.page.route('**/__gas/run', async (route) => {
    if (route.request().postData()?.includes('"sendDriveUpload"')) {
      const edited = file.bytes.slice();
      edited[edited.length - 2] = 0xff - edited[edited.length - 2]!;
      file.bytes = edited;
    }
    await route.continue();
  });
  await pick('arrival-notice.pdf');
  await attach();
  await status().getByText('Step 2 of 3 (Send the file) failed').waitFor();
  await expect(status().textContent()).resolves.toContain('checksum did not match');
  await expect(status().textContent()).resolves.toContain('Nothing was attached');
  await expect(stepStates()).resolves.toEqual(['done', 'failed', 'waiting']);
  expect(documents()).toHaveLength(0);
  await s.screenshot('upload-checksum-failed');

  await s.page.unroute('**/__gas/run');
  await attach();
  await s.page.locator('#upload-result .document-id').waitFor();
  expect(documents()).toHaveLength(1);
  expect(s.callsTo('startDriveUpload')).toHaveLength(2); // a fresh checksum for the new bytes
});

test('a storage failure says step 2 failed', async () => {
  await openUpload();
  s.h.emulator.faults.enqueue({ status: 503, match: { method: 'PUT', path: /^\/storage\// } });
  await pick('container-photo.png');
  await attach();
  await status().getByText('Step 2 of 3 (Send the file) failed').waitFor();
  await expect(status().textContent()).resolves.toContain('The storage service answered 503');
  expect(documents()).toHaveLength(0);
});

test('a failed last step is retried alone: the stored file is not sent again', async () => {
  await openUpload();
  s.h.emulator.faults.enqueue({ status: 500, match: { method: 'POST', path: '/v2/documents' } });
  await pick('bill-of-lading.pdf');
  await attach();
  await status().getByText('Step 3 of 3 (Create the document) failed').waitFor();
  await expect(status().textContent()).resolves.toContain('The file is stored');
  await attach();
  await s.page.locator('#upload-result .document-id').waitFor();
  expect(documents()).toHaveLength(1);
  expect(s.callsTo('startDriveUpload')).toHaveLength(1);
  expect(s.callsTo('sendDriveUpload')).toHaveLength(1);
  expect(s.callsTo('finishDriveUpload')).toHaveLength(2);
});

test('files over 45 MB are refused before anything is read', async () => {
  await openUpload([...sampleDriveFiles(), oversizeFile()]);
  await pick('whole-voyage-scan.pdf');
  await expect(chosen().textContent()).resolves.toBe(
    'whole-voyage-scan.pdfPDF · 61.0 MB · too large (over 45 MB)',
  );
  await attach();
  await expect(status().textContent()).resolves.toMatch(
    /^Error: "whole-voyage-scan\.pdf" is 61\.0 MB; files over 45 MB cannot be attached\./,
  );
  expect(s.callsTo('startDriveUpload')).toHaveLength(0); // refused in the page
  await expect(s.page.locator('#upload-steps').isHidden()).resolves.toBe(true);
  await s.screenshot('upload-oversize');

  // Pasted, the server refuses it at step 1 (from its size, before reading the bytes).
  await pasteLink(SAMPLE_IDS.oversize);
  await attach();
  await status().getByText('Step 1 of 3 (Request the upload) failed').waitFor();
  await expect(status().textContent()).resolves.toContain('files over 45 MB cannot be attached');
  expect(s.h.emulator.account()!.blobs()).toHaveLength(0);
});

test('file names are shown as text; asks for a file; explains a link that is not a Drive link', async () => {
  const odd = '<b>x</b><img src=x onerror=alert(2)>.png';
  await openUpload([
    ...sampleDriveFiles(),
    { ...sampleDriveFiles()[2]!, id: '1OddName0000000000000000000005', name: odd },
  ]);
  await attach();
  await expect(status().textContent()).resolves.toBe(
    'Error: Choose a file from Drive, or paste a Drive link or file id.',
  );
  await pick(odd);
  await expect(chosen().locator('.file-name').textContent()).resolves.toBe(odd);
  await expect(s.page.evaluate('document.querySelectorAll("img, b").length')).resolves.toBe(0);
  await pasteLink('https://example.com/x.pdf');
  await attach();
  await status().getByText('That is not a Google Drive file link or id').waitFor();
});

test('Choose from Drive says what the deployer must set when the picker is not set up', async () => {
  await openUpload();
  s.h.gas.properties.script.map.delete('PICKER_APP_ID');
  await s.page.getByRole('button', { name: 'Choose from Drive' }).click();
  await s.page
    .locator('#upload-picker-status')
    .getByText('"Choose from Drive" is not set up')
    .waitFor();
  await expect(s.page.locator('#upload-picker-status').textContent()).resolves.toContain(
    'PICKER_DEVELOPER_KEY and PICKER_APP_ID',
  );
  await expect(pickerDialog().count()).resolves.toBe(0);
});
