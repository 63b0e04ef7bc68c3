// The Drive scope the manifest asks for decides what DriveApp sees, as in Apps Script: with
// drive.file only the files each user picked (Google Picker) are there; with drive or
// drive.readonly, all. Blobs meter their bytes as JS numbers, Utilities.computeDigest takes no
// Blob, and a Blob payload goes out as its bytes.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { byteArrayMeter, type DriveFileSpec } from '../../local/gas';
import { makeRuntime, thrown } from './harness';

const CODE = `
function open(id) { return DriveApp.getFileById(id).getName(); }
function list() {
  var it = DriveApp.getFiles(), names = [];
  while (it.hasNext()) names.push(it.next().getName());
  var found = DriveApp.searchFiles("mimeType = 'application/pdf'"), pdfs = [];
  while (found.hasNext()) pdfs.push(found.next().getName());
  return [names, pdfs];
}
function readTwice(id) { var b = DriveApp.getFileById(id).getBlob(); b.getBytes(); return b.getBytes().length; }
function digestOfBlob(id) {
  return Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, DriveApp.getFileById(id).getBlob());
}
function putBlob(id) {
  UrlFetchApp.fetch('https://storage.example/put', { method: 'put', payload: DriveApp.getFileById(id).getBlob(), contentType: 'application/pdf' });
}
`;

const files = (): DriveFileSpec[] => [
  { id: 'pdf1', name: 'a.pdf', mimeType: 'application/pdf', bytes: new Uint8Array([1, 2, 200]) },
  { id: 'pdf2', name: 'b.pdf', mimeType: 'application/pdf', bytes: new Uint8Array([3]) },
  { id: 'png1', name: 'c.png', mimeType: 'image/png', bytes: new Uint8Array([4, 5]) },
];

/** A runtime over a bundle deployed with this manifest (appsscript.json beside Code.js). */
function deployedWith(oauthScopes: string[] | null, user?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'deploy-'));
  writeFileSync(path.join(dir, 'Code.js'), CODE);
  if (oauthScopes)
    writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify({ oauthScopes }));
  return makeRuntime(CODE, {
    codePath: path.join(dir, 'Code.js'),
    drive: { files: files() },
    ...(user ? { user: { email: user } } : {}),
  });
}

const NO_ITEM =
  'No item with the given ID could be found. Possibly because you have not edited this item or you do not have permission to access it.';

describe('Drive access follows the manifest scope', () => {
  it('drive.file: only picked files open, list and match a search', () => {
    const { rt } = deployedWith(['https://www.googleapis.com/auth/drive.file']);
    expect(rt.drive.access).toBe('picked-files');
    expect(thrown(() => rt.run('open', ['pdf1']))).toBe(NO_ITEM);
    expect(rt.run('list')).toEqual([[], []]);
    rt.drive.grant('pdf1');
    rt.drive.grant('png1');
    expect(rt.run('open', ['pdf1'])).toBe('a.pdf');
    expect(rt.run('list')).toEqual([['a.pdf', 'c.png'], ['a.pdf']]);
    expect(thrown(() => rt.run('open', ['pdf2']))).toBe(NO_ITEM);
  });

  it('drive.file grants are per user', () => {
    const { rt } = deployedWith(['https://www.googleapis.com/auth/drive.file'], 'ana@example.com');
    rt.drive.grant('pdf1', 'bo@example.com');
    expect(thrown(() => rt.run('open', ['pdf1']))).toBe(NO_ITEM);
    rt.drive.grant('pdf1');
    expect(rt.run('open', ['pdf1'])).toBe('a.pdf');
  });

  it.each([
    [['https://www.googleapis.com/auth/drive.readonly']],
    [['https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/drive.file']],
    [null],
  ])('%j (or no manifest): the whole Drive', (scopes) => {
    const { rt } = deployedWith(scopes);
    expect(rt.drive.access).toBe('full');
    expect(rt.run('open', ['pdf2'])).toBe('b.pdf');
    expect(rt.run('list')).toEqual([
      ['a.pdf', 'b.pdf', 'c.png'],
      ['a.pdf', 'b.pdf'],
    ]);
  });
});

describe('Blob bytes', () => {
  beforeEach(() => byteArrayMeter.reset());

  it('each getBytes() hands the script every byte again as a number', () => {
    const { rt } = makeRuntime(CODE, { drive: { files: files() } });
    expect(rt.run('readTwice', ['pdf1'])).toBe(3);
    expect(byteArrayMeter.getBytesCalls).toBe(2);
    expect(byteArrayMeter.toScript).toEqual({ arrays: 2, numbers: 6 });
  });

  it('Utilities.computeDigest has no Blob overload', () => {
    const { rt } = makeRuntime(CODE, { drive: { files: files() } });
    expect(thrown(() => rt.run('digestOfBlob', ['pdf1']))).toBe(
      "The parameters (DigestAlgorithm,Blob) don't match the method signature for Utilities.computeDigest.",
    );
  });

  it('a Blob payload is sent as its bytes, with its length, without becoming numbers', () => {
    const { rt, requests } = makeRuntime(CODE, { drive: { files: files() } });
    rt.run('putBlob', ['pdf1']);
    const [put] = requests;
    expect(Buffer.from(put!.body as Uint8Array)).toEqual(Buffer.from([1, 2, 200]));
    expect(put!.headers['Content-Length']).toBe('3');
    expect(put!.headers['Content-Type']).toBe('application/pdf');
    expect(byteArrayMeter.toScript.numbers + byteArrayMeter.fromScript.numbers).toBe(0);
  });
});
