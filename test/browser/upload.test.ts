// Upload tab in Chromium: recent Drive files or a pasted link, three steps with progress, the
// document id; a checksum mismatch, a storage failure and a failed last step, each saying which
// step failed and leaving nothing a retry would duplicate; files over 50 MB refused unread.

import { oversizeFile, sampleDriveFiles, SAMPLE_IDS } from './support/drive-samples';
import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const sidebar = useSidebarSessions();
let s: SidebarSession;

async function openUpload(drive = sampleDriveFiles()): Promise<void> {
  s = await sidebar.open({ drive });
  await s.tab('Upload');
  await s.page.getByRole('radio').first().waitFor();
}

const status = () => s.page.locator('#upload-status');
const steps = () => s.page.locator('#upload-steps li');
const attach = () => s.page.getByRole('button', { name: 'Attach document' }).click();
const documents = () => s.h.emulator.account()!.documents();
const stepStates = () =>
  steps().evaluateAll((items) => items.map((li) => li.getAttribute('data-state')));

test('attaches a recent Drive PDF in three steps and shows the document id', async () => {
  await openUpload();
  const radios = s.page.getByRole('radio');
  await expect(radios.count()).resolves.toBe(3);
  // Newest first, with kind and size.
  await expect(s.page.locator('#upload-files label').first().textContent()).resolves.toMatch(
    /^bill-of-lading\.pdfPDF · 9\d\d B · /,
  );
  await s.page.getByLabel(/bill-of-lading\.pdf/).check();
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
  expect(s.calls.map((c) => c.fn).filter((fn) => /DriveUpload$/.test(fn))).toEqual([
    'startDriveUpload',
    'sendDriveUpload',
    'finishDriveUpload',
  ]);
  // The bytes stored are the file's, and the document points at the blob, not at a URL.
  const blob = s.h.emulator.account()!.blob(created.blobSignedId)!;
  expect(Buffer.from(blob.bytes!)).toEqual(Buffer.from(sampleDriveFiles()[0]!.bytes));
  await s.screenshot('upload-done');
});

test('attaches a pasted Drive link under the file’s own name', async () => {
  await openUpload();
  await s.page
    .getByLabel('Or paste a Drive link or file id')
    .fill(`https://drive.google.com/file/d/${SAMPLE_IDS.photo}/view?usp=sharing`);
  await attach();
  await s.page.locator('#upload-result .document-id').waitFor();
  expect(documents()[0]!.name).toBe('container-photo.png');
  expect(s.callsTo('startDriveUpload')[0]!.args).toEqual([
    { fileId: `https://drive.google.com/file/d/${SAMPLE_IDS.photo}/view?usp=sharing` },
  ]);
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
  await s.page.getByLabel(/arrival-notice\.pdf/).check();
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
  await s.page.getByLabel(/container-photo\.png/).check();
  await attach();
  await status().getByText('Step 2 of 3 (Send the file) failed').waitFor();
  await expect(status().textContent()).resolves.toContain('The storage service answered 503');
  expect(documents()).toHaveLength(0);
});

test('a failed last step is retried alone: the stored file is not sent again', async () => {
  await openUpload();
  s.h.emulator.faults.enqueue({ status: 500, match: { method: 'POST', path: '/v2/documents' } });
  await s.page.getByLabel(/bill-of-lading\.pdf/).check();
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

test('files over 50 MB are refused before anything is read', async () => {
  await openUpload([...sampleDriveFiles(), oversizeFile()]);
  const big = s.page.getByLabel(/whole-voyage-scan\.pdf/);
  await expect(
    s.page.locator('#upload-files label', { hasText: 'whole-voyage-scan.pdf' }).textContent(),
  ).resolves.toContain('61.0 MB · ');
  await big.check();
  await attach();
  await expect(status().textContent()).resolves.toMatch(
    /^Error: "whole-voyage-scan\.pdf" is 61\.0 MB; files over 50 MB cannot be attached\./,
  );
  expect(s.callsTo('startDriveUpload')).toHaveLength(0); // refused in the page
  await expect(s.page.locator('#upload-steps').isHidden()).resolves.toBe(true);
  await s.screenshot('upload-oversize');

  // Pasted, the server refuses it at step 1 (from its size, before reading the bytes).
  await s.page.getByLabel('Or paste a Drive link or file id').fill(SAMPLE_IDS.oversize);
  await attach();
  await status().getByText('Step 1 of 3 (Request the upload) failed').waitFor();
  await expect(status().textContent()).resolves.toContain('files over 50 MB cannot be attached');
  expect(s.h.emulator.account()!.blobs()).toHaveLength(0);
});

test('file names are shown as text; asks for a file; explains a link that is not a Drive link', async () => {
  const odd = '<b>x</b><img src=x onerror=alert(2)>.png';
  await openUpload([
    ...sampleDriveFiles(),
    { ...sampleDriveFiles()[2]!, id: '1OddName0000000000000000000005', name: odd },
  ]);
  await expect(s.page.locator('#upload-files .file-name').allTextContents()).resolves.toContain(
    odd,
  );
  await expect(s.page.evaluate('document.querySelectorAll("img, b").length')).resolves.toBe(0);
  await attach();
  await expect(status().textContent()).resolves.toBe(
    'Error: Choose a recent file or paste a Drive link or file id.',
  );
  await s.page.getByLabel('Or paste a Drive link or file id').fill('https://example.com/x.pdf');
  await attach();
  await status().getByText('That is not a Google Drive file link or id').waitFor();
});
