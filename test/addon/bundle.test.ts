// Both builds as Apps Script receives them: dist/ (the bound script) and dist-addon/ (the editor
// add-on), each from `npm run build` / `npm run build:addon`.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { UrlFetchAllowlist } from '../../local/gas/url-fetch-allowlist';
import { PUBLIC_FUNCTIONS } from '../../src/surface';

interface Manifest {
  runtimeVersion: string;
  oauthScopes: string[];
  urlFetchWhitelist: string[];
  webapp?: unknown;
}

const built = (folder: string) => {
  const dist = path.resolve(__dirname, '../..', folder);
  return {
    code: readFileSync(path.join(dist, 'Code.js'), 'utf8'),
    manifest: JSON.parse(readFileSync(path.join(dist, 'appsscript.json'), 'utf8')) as Manifest,
  };
};
const BUILDS = { 'dist (bound)': built('dist'), 'dist-addon (add-on)': built('dist-addon') };

describe.each(Object.entries(BUILDS))('%s', (_name, { code, manifest }) => {
  it('declares every public function at the top level with its real parameter names', () => {
    for (const fn of PUBLIC_FUNCTIONS) {
      const params = fn.params.map((p) => p.name).join(', ');
      expect(code).toContain(`\nfunction ${fn.name}(${params}) {`);
    }
  });

  it('carries the @customfunction JSDoc Sheets needs for autocomplete', () => {
    for (const fn of PUBLIC_FUNCTIONS.filter((f) => f.kind === 'custom-function')) {
      const block = new RegExp(`/\\*\\*[^]*?@customfunction\\n \\*/\\nfunction ${fn.name}\\(`);
      expect(code).toMatch(block);
      expect(fn.name).toMatch(/^[A-Z][A-Z_]*[A-Z]$/); // upper snake, never ending in _
    }
  });

  it('loads with no Apps Script service present and calls none at load time', () => {
    const context = vm.createContext({});
    expect(() => vm.runInContext(code, context)).not.toThrow();
    for (const fn of PUBLIC_FUNCTIONS) expect(typeof context[fn.name]).toBe('function');
  });

  // The bound grew with the product (the sheet's rules, ref sync, key safety, then alerts, push,
  // carriers and timelines: 228 KB; then money at risk, push under Google's web-app rules and the
  // dispatcher's rules: 257 KB, still a few ms to evaluate here; then a team on one key — the
  // key's window and the pace after a 429, the schedules list, hand-over, failing schedules, the
  // add-on's state sheet: 329 KB; then contract terms, Closed Days, the Change Log read back and
  // the evidence for a dispute: 363 KB; then inland rail, Return By as a deadline and the tour: 374 KB): the benchmark measures the load; this catches a
  // dependency or a data table swept in by accident. Identifiers are kept unminified on purpose:
  // Apps Script's execution log shows them in stack traces.
  it('stays small: Apps Script loads the whole project for every custom-function call', () => {
    expect(Buffer.byteLength(code)).toBeLessThan(384 * 1024);
  });

  it('ships a V8 manifest with explicit scopes', () => {
    expect(manifest.runtimeVersion).toBe('V8');
    expect(manifest.oauthScopes).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/spreadsheets',
        'https://www.googleapis.com/auth/script.external_request',
        'https://www.googleapis.com/auth/script.container.ui',
        'https://www.googleapis.com/auth/script.scriptapp',
      ]),
    );
  });

  it('lets UrlFetchApp reach every host the add-in fetches, and those only', () => {
    const list = new UrlFetchAllowlist(manifest.urlFetchWhitelist);
    // The API, and the direct-upload endpoint at its origin.
    expect(list.allows('https://api.terminal49.com/v2/containers?page[size]=100')).toBe(true);
    expect(list.allows('https://api.terminal49.com/rails/active_storage/direct_uploads')).toBe(
      true,
    );
    // direct_upload.url: a presigned S3 PUT ("service_name": "amazon"); bucket and region are
    // the service's, so both of S3's virtual-hosted forms must pass.
    for (const host of ['t49-uploads.s3.amazonaws.com', 't49-uploads.s3.us-west-2.amazonaws.com']) {
      expect(list.allows(`https://${host}/883c4cf4/pqjug51u?X-Amz-Signature=ab`)).toBe(true);
    }
    // The app host is only linked to, never fetched; nothing else is reachable.
    for (const url of [
      'https://app.terminal49.com/',
      'https://example.com/',
      'http://api.terminal49.com/v2',
    ]) {
      expect([url, list.allows(url)]).toEqual([url, false]);
    }
  });
});

describe('what differs between the builds, decided when built', () => {
  const bound = BUILDS['dist (bound)'];
  const addon = BUILDS['dist-addon (add-on)'];

  it('only the bound script is a web app (push updates); the add-on asks for no scope more', () => {
    expect(bound.manifest.webapp).toBeDefined();
    expect(addon.manifest.webapp).toBeUndefined();
    expect(bound.manifest.oauthScopes).toEqual(expect.arrayContaining(addon.manifest.oauthScopes));
    // Every scope the add-on asks for is justified in the listing's scope page.
    const justified = readFileSync(
      path.resolve(__dirname, '../../docs/marketplace/scopes.md'),
      'utf8',
    );
    for (const scope of addon.manifest.oauthScopes)
      expect([scope, justified.includes(scope)]).toEqual([scope, true]);
  });

  it("the add-on's bundle cannot open the stores every user of the add-on shares", () => {
    // The script-wide cache and lock: not in the add-on's code at all (esbuild dropped the bound
    // branch). Script properties: read once, for the deployer's Picker settings.
    expect(addon.code).not.toMatch(/getScriptCache|getScriptLock/);
    expect(addon.code.match(/getScriptProperties\(\)[.\w]*/g)).toEqual([
      'getScriptProperties().getProperties',
    ]);
    expect(bound.code).toMatch(/getScriptCache/);
  });

  it('no execution asks getInstallationSource to choose anything: only Diagnostics shows it', () => {
    for (const { code } of [bound, addon]) {
      expect(code.match(/getInstallationSource/g)).toHaveLength(1);
    }
  });
});
