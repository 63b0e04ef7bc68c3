// Whose user stores a custom function reads. Google's custom-functions guide ("Using Apps Script
// services", the Properties row): "getUserProperties() only gets the properties of the
// spreadsheet owner. Spreadsheet editors can't set user properties in a custom function." A cell
// runs without user identity (Session answers ''), so the person whose edit recalculated it is not
// who its user stores belong to. The guide says nothing of the user cache and user lock ("Cache:
// Works, but not particularly useful"); local/gas gives a cell the owner's, like its properties.

import { createGasRuntime } from '../../local/gas';

const OWNER = 'owner@example.com';
const EDITOR = 'editor@example.com';

const CODE = `
function saveMine(v) { PropertiesService.getUserProperties().setProperty('mine', v); return v; }
function readMine() { return PropertiesService.getUserProperties().getProperty('mine'); }
function cacheMine(v) { CacheService.getUserCache().put('mine', v, 600); return v; }
function cachedMine() { return CacheService.getUserCache().get('mine'); }
function lockMine() { var l = LockService.getUserLock(); return l.tryLock(0); }
`;

function spreadsheetOf(owner?: string) {
  return createGasRuntime({
    code: CODE,
    fetch: () => ({ status: 404, headers: {}, body: '' }),
    user: { email: EDITOR },
    spreadsheet: { id: 'sheet-1', ...(owner ? { owner } : {}) },
  });
}

describe('a custom function and the user stores', () => {
  it("reads the spreadsheet owner's user properties, not the editor's who recalculated it", () => {
    const rt = spreadsheetOf(OWNER);
    rt.run('saveMine', ['editor value'], { user: EDITOR });
    rt.run('saveMine', ['owner value'], { user: OWNER });
    const cell = { kind: 'custom-function' as const, user: EDITOR };
    expect(rt.run('readMine', [], cell)).toBe('owner value');
    expect(rt.run('readMine', [], { user: EDITOR })).toBe('editor value');
  });

  it('refuses an editor’s cell writing user properties; the owner’s own cell may', () => {
    const rt = spreadsheetOf(OWNER);
    expect(() => rt.run('saveMine', ['x'], { kind: 'custom-function', user: EDITOR })).toThrow(
      'You do not have permission to call setProperty',
    );
    expect(rt.run('saveMine', ['y'], { kind: 'custom-function', user: OWNER })).toBe('y');
    expect(rt.run('readMine', [], { user: OWNER })).toBe('y');
  });

  it("gives a cell the owner's user cache and user lock (assumed, like its properties)", () => {
    const rt = spreadsheetOf(OWNER);
    rt.run('cacheMine', ['editor cached'], { user: EDITOR });
    rt.run('cacheMine', ['owner cached'], { user: OWNER });
    expect(rt.run('cachedMine', [], { kind: 'custom-function', user: EDITOR })).toBe(
      'owner cached',
    );
    rt.holdLock('user', rt.clock.now() + 60_000, OWNER);
    expect(rt.run('lockMine', [], { kind: 'custom-function', user: EDITOR })).toBe(false);
    expect(rt.run('lockMine', [], { user: EDITOR })).toBe(true);
  });

  it("makes the runtime's own user the owner when none is named", () => {
    const rt = spreadsheetOf();
    expect(rt.spreadsheet.owner).toBe(EDITOR);
    rt.run('saveMine', ['mine'], { user: EDITOR });
    expect(rt.run('readMine', [], { kind: 'custom-function', user: EDITOR })).toBe('mine');
  });
});
