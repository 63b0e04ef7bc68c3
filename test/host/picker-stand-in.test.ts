// The local host's stand-in for the Google Picker: it lists the user's whole Drive (the Picker
// runs as the user), and a pick grants the file to the add-in only as the real Picker does under
// drive.file: with the app id set. Its grant route takes JSON only, like the run route.

import { startLocalHost } from '../../local/host/host-server';
import { PICKER_FILES_PATH, PICKER_GRANT_PATH } from '../../local/host/picker-stand-in';
import { createHarness } from '../helpers/addon-harness';

const file = (id: string, name: string) => ({
  id,
  name,
  mimeType: 'application/pdf',
  bytes: new Uint8Array(7),
});

async function withHost(run: (url: string, h: ReturnType<typeof createHarness>) => Promise<void>) {
  const h = createHarness();
  h.gas.drive.files.push(file('1PickedFile000000000000000001', 'a.pdf'));
  h.gas.drive.files.push({ ...file('1TrashedFile00000000000000002', 'b.pdf'), trashed: true });
  const host = await startLocalHost({ runtime: h.gas });
  try {
    await run(host.url, h);
  } finally {
    await host.close();
  }
}

const grant = (url: string, body: unknown, contentType = 'application/json') =>
  fetch(`${url}${PICKER_GRANT_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: JSON.stringify(body),
  });

describe('picker stand-in', () => {
  it('lists the Drive for the picker, whatever the add-in was granted', async () => {
    await withHost(async (url) => {
      const files = await (await fetch(`${url}${PICKER_FILES_PATH}`)).json();
      expect(files).toEqual([
        {
          id: '1PickedFile000000000000000001',
          name: 'a.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 7,
        },
      ]);
    });
  });

  it('grants the picked file only with an app id, and only from JSON', async () => {
    await withHost(async (url, h) => {
      const id = '1PickedFile000000000000000001';
      expect((await grant(url, { id }, 'text/plain')).status).toBe(415);
      await grant(url, { id, appId: null });
      expect(h.gas.drive.isGranted(id)).toBe(false);
      await grant(url, { id, appId: '000000000000' });
      expect(h.gas.drive.isGranted(id)).toBe(true);
      expect(await (await grant(url, { id: 'nope', appId: '1' })).json()).toEqual({ ok: false });
    });
  });

  it('gives the sidebar working picker settings unless they are set already', async () => {
    const h = createHarness();
    h.gas.properties.script.map.set('PICKER_APP_ID', '123456789012');
    const host = await startLocalHost({ runtime: h.gas });
    try {
      expect(h.gas.run('getPickerConfig', [], { kind: 'sidebar' })).toEqual({
        oauthToken: 'fake-oauth-token',
        developerKey: 'local-preview-developer-key',
        appId: '123456789012',
      });
      const page = await (await fetch(`${host.url}/sidebar`)).text();
      expect(page).toContain('window.google.picker = picker');
      expect(page).not.toContain('<script src="https://apis.google.com');
    } finally {
      await host.close();
    }
  });
});
