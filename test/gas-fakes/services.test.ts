import { driveIdFor } from '../../local/gas/drive';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeRuntime, thrown } from './harness';

const CODE = `
function driveInfo(id) {
  var f = DriveApp.getFileById(id);
  var blob = f.getBlob();
  return [f.getName(), f.getMimeType(), f.getSize(), f.getUrl(), blob.getBytes(), blob.getContentType(), f.getLastUpdated().toISOString()];
}
function search(q) {
  var it = q ? DriveApp.searchFiles(q) : DriveApp.getFiles(), names = [];
  while (it.hasNext()) names.push(it.next().getName());
  return names;
}
function sidebar() {
  var html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Tracking').setWidth(300)
    .setSandboxMode(HtmlService.SandboxMode.IFRAME);
  SpreadsheetApp.getUi().showSidebar(html);
  return html.getContent();
}
function missing() { HtmlService.createHtmlOutputFromFile('Nope'); }
function template() {
  var t = HtmlService.createTemplate('<p><?= name ?></p><? for (var i = 0; i < 2; i++) { ?>x<? } ?><?!= raw ?>');
  t.name = '<b>&';
  t.raw = '<i>';
  return t.evaluate().getContent();
}
function menuAndAlert() {
  var ui = SpreadsheetApp.getUi();
  ui.createMenu('Container Tracking').addItem('Refresh now', 'refreshTrackingSheet').addSeparator()
    .addSubMenu(ui.createMenu('Auto-refresh').addItem('Off', 'disableAutoRefresh')).addToUi();
  var first = ui.alert('Delete?', 'Really?', ui.ButtonSet.YES_NO);
  var second = ui.alert('Done');
  SpreadsheetApp.getActive().toast('Refreshed 3 rows', 'Container Tracking');
  return [first === ui.Button.NO, second];
}
function manyToasts(n) {
  for (var i = 0; i < n; i++) SpreadsheetApp.getActive().toast('Toast ' + i);
}
function digests() {
  return [
    Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, 'abc'),
    Utilities.base64Encode('héllo', Utilities.Charset.UTF_8),
    Utilities.newBlob(Utilities.base64Decode('aMOpbGxv')).getDataAsString(),
    Utilities.base64EncodeWebSafe([-1, -2, -3]),
    Utilities.formatDate(new Date(Date.UTC(2026, 10, 25, 5, 0, 0)), 'America/Los_Angeles', "yyyy-MM-dd HH:mm:ss 'PT' EEE MMM a Z"),
    Utilities.formatDate(new Date(Date.UTC(2026, 10, 25, 5, 0, 0)), 'Asia/Tokyo', 'dd/MM/yy h:mm a XXX'),
    Utilities.getUuid().length,
    Session.getScriptTimeZone(),
  ];
}
function badBase64() { Utilities.base64Decode('%%%'); }
`;

const files = [
  {
    id: 'f1',
    name: 'BOL-123.pdf',
    mimeType: 'application/pdf',
    bytes: new Uint8Array([37, 80, 200]),
    lastUpdated: new Date('2026-11-01T00:00:00Z'),
  },
  { id: 'f2', name: 'notes.txt', mimeType: 'text/plain', bytes: new Uint8Array([104, 105]) },
];

describe('DriveApp', () => {
  it('reads files by id, with signed bytes, and fails on unknown ids', () => {
    const { rt } = makeRuntime(CODE, { drive: { files } });
    expect(rt.run('driveInfo', ['f1'])).toEqual([
      'BOL-123.pdf',
      'application/pdf',
      3,
      'https://drive.google.com/file/d/f1/view?usp=drivesdk',
      [37, 80, -56],
      'application/pdf',
      '2026-11-01T00:00:00.000Z',
    ]);
    expect(thrown(() => rt.run('driveInfo', ['zzz']))).toBe(
      'No item with the given ID could be found. Possibly because you have not edited this item or you do not have permission to access it.',
    );
    expect(rt.counters.get('Drive')).toBe(8);
  });

  it('iterates and searches files; loads a folder', () => {
    const { rt } = makeRuntime(CODE, { drive: { files } });
    expect(rt.run('search', [''])).toEqual(['BOL-123.pdf', 'notes.txt']);
    expect(rt.run('search', ["title contains 'bol' and mimeType = 'application/pdf'"])).toEqual([
      'BOL-123.pdf',
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), 'drive-'));
    writeFileSync(path.join(dir, 'arrival.pdf'), 'pdf');
    const loaded = makeRuntime(CODE, { drive: dir }).rt;
    expect(loaded.run<unknown[]>('driveInfo', [driveIdFor('arrival.pdf')]).slice(0, 3)).toEqual([
      'arrival.pdf',
      'application/pdf',
      3,
    ]);
  });
});

describe('HtmlService and Ui', () => {
  it('serves <name>.html from the bundle directory and records the sidebar', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dir, 'Code.js'), CODE);
    writeFileSync(path.join(dir, 'Sidebar.html'), '<h1>Track</h1>');
    const { rt } = makeRuntime('', { code: undefined, codePath: path.join(dir, 'Code.js') });
    expect(rt.run('sidebar')).toBe('<h1>Track</h1>');
    expect(rt.ui.sidebars).toEqual([{ title: 'Tracking', html: '<h1>Track</h1>', width: 300 }]);
    expect(thrown(() => rt.run('missing'))).toBe('No HTML file named Nope was found.');
  });

  it('evaluates templates in the script context, escaping printing scriptlets', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('template')).toBe('<p>&#60;b&#62;&#38;</p>xx<i>');
  });

  it('records menus, alerts (answered from a queue) and toasts', () => {
    const { rt } = makeRuntime(CODE);
    rt.ui.alertResponses.push('NO');
    expect(rt.run('menuAndAlert')).toEqual([true, 'OK']);
    expect(rt.ui.menus).toEqual([
      {
        title: 'Container Tracking',
        addon: false,
        location: ['Container Tracking'],
        items: [
          { caption: 'Refresh now', functionName: 'refreshTrackingSheet' },
          { separator: true },
          {
            caption: 'Auto-refresh',
            submenu: [{ caption: 'Off', functionName: 'disableAutoRefresh' }],
          },
        ],
      },
    ]);
    expect(rt.ui.alerts).toEqual([
      { title: 'Delete?', prompt: 'Really?', buttons: 'YES_NO' },
      { title: '', prompt: 'Done', buttons: 'OK' },
    ]);
    expect(rt.ui.toasts).toEqual([
      { message: 'Refreshed 3 rows', title: 'Container Tracking', timeoutSeconds: 5 },
    ]);
  });

  it('keeps the newest 200 toasts of a long session, counting the ones dropped', () => {
    const { rt } = makeRuntime(CODE);
    rt.run('manyToasts', [250]);
    expect(rt.ui.toasts).toHaveLength(200);
    expect(rt.ui.toasts[0]!.message).toBe('Toast 50');
    expect(rt.ui.toasts.at(-1)!.message).toBe('Toast 249');
    expect(rt.spreadsheet.toastsDropped).toBe(50);
  });
});

describe('Utilities and Session', () => {
  it('computes signed digests, base64 and SimpleDateFormat dates', () => {
    const { rt } = makeRuntime(CODE, { scriptTimeZone: 'America/New_York' });
    const [md5, b64, decoded, webSafe, la, tokyo, uuidLength, tz] = rt.run<unknown[]>('digests');
    expect(md5).toEqual(
      Array.from(Buffer.from('900150983cd24fb0d6963f7d28e17f72', 'hex'), (b) =>
        b > 127 ? b - 256 : b,
      ),
    );
    expect(b64).toBe('aMOpbGxv');
    expect(decoded).toBe('héllo');
    expect(webSafe).toBe('__79');
    expect(la).toBe('2026-11-24 21:00:00 PT Tue Nov PM -0800');
    expect(tokyo).toBe('25/11/26 2:00 PM +09:00');
    expect(uuidLength).toBe(36);
    expect(tz).toBe('America/New_York');
    expect(thrown(() => rt.run('badBase64'))).toBe('Could not decode string.');
  });
});
