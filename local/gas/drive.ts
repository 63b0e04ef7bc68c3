// DriveApp over an in-memory list of files (or a folder loaded at start). An unknown id fails
// like Apps Script (the message users report: "No item with the given ID could be found. Possibly
// because you have not edited this item or you do not have permission to access it.").
// searchFiles understands the Drive v2 query subset in drive-query.ts.
//
// Access follows the manifest's Drive scope. `drive` / `drive.readonly` see the whole Drive.
// `drive.file` alone ("files the app created or the user opened with it", Google's scope list)
// sees only the files each user granted by picking them in the Google Picker: getFileById fails
// for any other id, and getFiles/searchFiles list granted files only. `DriveStore.grant` is what
// the Picker does (the local host's stand-in picker calls it; tests call it directly).
// DriveApp itself needs drive.readonly or drive: its reference lists only those scopes, and
// Google's Picker sample for drive.file reads the pick through the Drive API instead
// (googleworkspace/apps-script-samples#486). So under drive.file alone every DriveApp call fails
// with the permission error; the picked files are read over REST (drive-rest.ts).

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FakeBlob } from './blob';
import { fail } from './errors';
import { compileDriveQuery } from './drive-query';
import { registerFake } from './registry';

export interface DriveFileSpec {
  id: string;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  lastUpdated?: Date;
  trashed?: boolean;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
};

/** A Drive-shaped id (33 URL-safe characters), stable for a name, so links and ids look real. */
export function driveIdFor(name: string): string {
  return `1${createHash('sha256').update(name).digest('base64url').slice(0, 32)}`;
}

/** Every regular file of a folder becomes a Drive file (id from its name; see driveIdFor). */
export function loadDriveFolder(folder: string): DriveFileSpec[] {
  return readdirSync(folder)
    .filter((name) => statSync(path.join(folder, name)).isFile())
    .map((name) => ({
      id: driveIdFor(name),
      name,
      mimeType: MIME_BY_EXTENSION[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      bytes: new Uint8Array(readFileSync(path.join(folder, name))),
      lastUpdated: statSync(path.join(folder, name)).mtime,
    }));
}

export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
const FULL_DRIVE_SCOPES = [
  'https://www.googleapis.com/auth/drive',
  'https://www.googleapis.com/auth/drive.readonly',
];

/** `picked-files`: drive.file without a broader Drive scope; `full`: everything (no manifest). */
export type DriveAccess = 'full' | 'picked-files';

export function driveAccessFor(oauthScopes: readonly string[] | undefined): DriveAccess {
  if (!oauthScopes || oauthScopes.some((s) => FULL_DRIVE_SCOPES.includes(s))) return 'full';
  return oauthScopes.includes(DRIVE_FILE_SCOPE) ? 'picked-files' : 'full';
}

/** The scopes of the manifest deployed with a bundle (dist/appsscript.json beside dist/Code.js). */
export function manifestScopes(codePath: string | undefined): string[] | undefined {
  if (!codePath) return undefined;
  const manifest = path.join(path.dirname(codePath), 'appsscript.json');
  if (!existsSync(manifest)) return undefined;
  const scopes = (JSON.parse(readFileSync(manifest, 'utf8')) as { oauthScopes?: unknown })
    .oauthScopes;
  return Array.isArray(scopes) ? scopes.map(String) : undefined;
}

export interface DriveOptions {
  files: DriveFileSpec[];
  /** Overrides what the manifest's scopes imply. */
  access?: DriveAccess;
}

/** The Drive shared by every execution, and which files each user has granted the script. */
export class DriveStore {
  readonly files: DriveFileSpec[];
  access: DriveAccess;
  /**
   * Test knob: where a file's `?alt=media` download answers with a redirect (302 + Location)
   * instead of the bytes. Drive documents the bytes in the answer; a client that follows a
   * redirect with the user's OAuth token would hand the token to whatever host it names, so the
   * add-in must not follow one with it (its tests set this to see that it does not).
   */
  readonly mediaRedirects = new Map<string, string>();
  readonly #granted = new Map<string, Set<string>>();

  constructor(
    options: DriveOptions,
    private readonly defaultUser: string,
  ) {
    this.files = options.files;
    this.access = options.access ?? 'full';
  }

  /** What picking the file in the Google Picker does under drive.file. */
  grant(fileId: string, user = this.defaultUser): void {
    let ids = this.#granted.get(user);
    if (!ids) this.#granted.set(user, (ids = new Set()));
    ids.add(fileId);
  }

  isGranted(fileId: string, user = this.defaultUser): boolean {
    return this.#granted.get(user)?.has(fileId) ?? false;
  }

  /** The files `user`'s scripts can reach. */
  visibleTo(user: string): DriveFileSpec[] {
    if (this.access === 'full') return [...this.files];
    return this.files.filter((f) => this.isGranted(f.id, user));
  }
}

export function createDriveStore(
  option: DriveOptions | string | undefined,
  codePath: string | undefined,
  user: string,
): DriveStore {
  const options = typeof option === 'string' ? { files: loadDriveFolder(option) } : option;
  return new DriveStore(
    {
      files: options?.files ?? [],
      access: options?.access ?? driveAccessFor(manifestScopes(codePath)),
    },
    user,
  );
}

export class FakeFile {
  constructor(private readonly spec: DriveFileSpec) {}

  getId(): string {
    return this.spec.id;
  }

  getName(): string {
    return this.spec.name;
  }

  getMimeType(): string {
    return this.spec.mimeType;
  }

  getSize(): number {
    return this.spec.bytes.length;
  }

  getLastUpdated(): Date {
    return new Date(this.spec.lastUpdated?.getTime() ?? 0);
  }

  getUrl(): string {
    return `https://drive.google.com/file/d/${this.spec.id}/view?usp=drivesdk`;
  }

  getBlob(): FakeBlob {
    return new FakeBlob(this.spec.bytes.slice(), this.spec.mimeType, this.spec.name);
  }

  getAs(contentType: string): FakeBlob {
    return this.getBlob().setContentType(contentType);
  }
}

export class FakeFileIterator {
  #index = 0;

  constructor(private readonly files: DriveFileSpec[]) {}

  hasNext(): boolean {
    return this.#index < this.files.length;
  }

  next(): FakeFile {
    const spec = this.files[this.#index];
    if (!spec) fail('Cannot retrieve the next object: iterator has reached the end.');
    this.#index += 1;
    return new FakeFile(spec);
  }

  getContinuationToken(): string {
    return String(this.#index);
  }
}

export const NO_SUCH_FILE =
  'No item with the given ID could be found. Possibly because you have not edited this item or you do not have permission to access it.';

export class FakeDriveApp {
  constructor(
    private readonly store: DriveStore,
    private readonly user: string,
  ) {}

  #files(method: string): DriveFileSpec[] {
    if (this.store.access === 'picked-files') {
      fail(
        `You do not have permission to call DriveApp.${method}. Required permissions: (https://www.googleapis.com/auth/drive.readonly || https://www.googleapis.com/auth/drive)`,
      );
    }
    return this.store.visibleTo(this.user);
  }

  getFileById(id: string): FakeFile {
    const spec = this.#files('getFileById').find((f) => f.id === id);
    if (!spec) fail(NO_SUCH_FILE);
    return new FakeFile(spec);
  }

  getFiles(): FakeFileIterator {
    return new FakeFileIterator(this.#files('getFiles'));
  }

  getFilesByName(name: string): FakeFileIterator {
    return new FakeFileIterator(this.#files('getFilesByName').filter((f) => f.name === name));
  }

  searchFiles(params: string): FakeFileIterator {
    const test = compileDriveQuery(String(params));
    return new FakeFileIterator(this.#files('searchFiles').filter((f) => test(f)));
  }
}

registerFake(FakeDriveApp, { label: 'DriveApp', service: 'Drive', scope: 'drive' });
registerFake(FakeFile, { label: 'File', service: 'Drive', scope: 'drive' });
registerFake(FakeFileIterator, { label: 'FileIterator', service: null, scope: 'drive' });
