import { compileDriveQuery } from '../../local/gas/drive-query';
import { driveIdFor } from '../../local/gas/drive';

const files = [
  { name: 'bol.pdf', mimeType: 'application/pdf', lastUpdated: new Date('2026-11-19T10:00:00Z') },
  { name: 'photo.png', mimeType: 'image/png', lastUpdated: new Date('2026-10-01T10:00:00Z') },
  { name: 'old.pdf', mimeType: 'application/pdf', trashed: true },
  { name: 'notes.txt', mimeType: 'text/plain' },
];
const names = (q: string) => files.filter(compileDriveQuery(q)).map((f) => f.name);

describe('Drive search queries', () => {
  it("evaluates the add-in's query: and binds tighter than or, parentheses, trashed", () => {
    expect(
      names("trashed = false and (mimeType = 'application/pdf' or mimeType contains 'image/')"),
    ).toEqual(['bol.pdf', 'photo.png']);
    expect(
      names("mimeType = 'application/pdf' or mimeType contains 'image/' and trashed = false"),
    ).toEqual(['bol.pdf', 'photo.png', 'old.pdf']);
    expect(names("not title contains 'pdf'")).toEqual(['photo.png', 'notes.txt']);
    expect(names("modifiedDate > '2026-11-01T00:00:00'")).toEqual(['bol.pdf']);
    expect(names("title = 'it\\'s'")).toEqual([]);
  });

  it('rejects what it cannot parse, as Drive does', () => {
    for (const q of ["title ~ 'x'", "(title = 'x'", "owner = 'me'", 'trashed = maybe']) {
      expect(() => compileDriveQuery(q)).toThrow(/Invalid argument: q/);
    }
  });

  it('gives folder-loaded files Drive-shaped ids', () => {
    expect(driveIdFor('bill-of-lading.pdf')).toMatch(/^1[A-Za-z0-9_-]{32}$/);
    expect(driveIdFor('a.pdf')).not.toBe(driveIdFor('b.pdf'));
  });
});
