// The Drive scope the manifest asks for decides what a script reaches, as in Apps Script: with
// drive.file alone DriveApp is refused (its methods need drive.readonly or drive) and the Drive
// REST API, called with ScriptApp.getOAuthToken(), serves only the files each user picked (Google
// Picker); with drive or drive.readonly, DriveApp sees all. Blobs meter their bytes as JS numbers, Utilities.computeDigest takes no
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
function rest(id, query) {
  var r = UrlFetchApp.fetch('https://www.googleapis.com/drive/v3/files/' + id + query, {
    headers: { Authorization: 'Bearer ' + ScriptApp.getOAuthToken() }, muteHttpExceptions: true });
  return [r.getResponseCode(), r.getContentText()];
}
function restBytes(id) {
  var r = UrlFetchApp.fetch('https://www.googleapis.com/drive/v3/files/' + id + '?alt=media', {
    headers: { Authorization: 'Bearer ' + ScriptApp.getOAuthToken() } });
  var b = r.getBlob();
  return [b.getContentType(), b.getBytes().length];
}
function restNoToken(id) {
  return UrlFetchApp.fetch('https://www.googleapis.com/drive/v3/files/' + id, { muteHttpExceptions: true }).getResponseCode();
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

describe('Drive access follows the manifest scope', () => {
  it('drive.file: DriveApp is refused; the REST API serves picked files only, with the token', () => {
    const { rt } = deployedWith(['https://www.googleapis.com/auth/drive.file']);
    expect(rt.drive.access).toBe('picked-files');
    rt.drive.grant('pdf1');
    expect(thrown(() => rt.run('open', ['pdf1']))).toBe(
      'You do not have permission to call DriveApp.getFileById. Required permissions: (https://www.googleapis.com/auth/drive.readonly || https://www.googleapis.com/auth/drive)',
    );
    expect(thrown(() => rt.run('list'))).toMatch(/permission to call DriveApp.getFiles/);
    expect(rt.run('rest', ['pdf1', '?fields=name,mimeType,size'])).toEqual([
      200,
      JSON.stringify({ name: 'a.pdf', mimeType: 'application/pdf', size: '3' }),
    ]);
    expect(rt.run('restBytes', ['pdf1'])).toEqual(['application/pdf', 3]);
    const [status, body] = rt.run<[number, string]>('rest', ['pdf2', '']);
    expect(status).toBe(404);
    expect(JSON.parse(body).error.message).toBe('File not found: pdf2.');
    expect(rt.run('restNoToken', ['pdf1'])).toBe(401);
  });

  it('drive.file grants are per user', () => {
    const { rt } = deployedWith(['https://www.googleapis.com/auth/drive.file'], 'ana@example.com');
    rt.drive.grant('pdf1', 'bo@example.com');
    expect(rt.run<[number]>('rest', ['pdf1', ''])[0]).toBe(404);
    rt.drive.grant('pdf1');
    expect(rt.run<[number]>('rest', ['pdf1', ''])[0]).toBe(200);
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
