// The built dist/ as Apps Script receives it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { PUBLIC_FUNCTIONS } from '../../src/surface';

const dist = path.resolve(__dirname, '../../dist');
const code = readFileSync(path.join(dist, 'Code.js'), 'utf8');

describe('dist/Code.js', () => {
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

  it('stays small: Apps Script loads the whole project for every custom-function call', () => {
    expect(Buffer.byteLength(code)).toBeLessThan(150 * 1024);
  });

  it('ships a V8 manifest with explicit scopes and the API host allowed', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, 'appsscript.json'), 'utf8'));
    expect(manifest.runtimeVersion).toBe('V8');
    expect(manifest.oauthScopes).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/spreadsheets',
        'https://www.googleapis.com/auth/script.external_request',
        'https://www.googleapis.com/auth/script.container.ui',
        'https://www.googleapis.com/auth/script.scriptapp',
      ]),
    );
    expect(manifest.urlFetchWhitelist).toContain('https://api.terminal49.com/');
  });
});
