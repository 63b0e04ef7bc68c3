// DriveApp over an in-memory list of files (or a folder loaded at start). An unknown id fails
// like Apps Script: "No item with the given ID could be found, or you do not have permission to
// access it." searchFiles understands the Drive v2 query subset in drive-query.ts.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

export class FakeDriveApp {
  constructor(private readonly files: DriveFileSpec[]) {}

  getFileById(id: string): FakeFile {
    const spec = this.files.find((f) => f.id === id);
    if (!spec)
      fail('No item with the given ID could be found, or you do not have permission to access it.');
    return new FakeFile(spec);
  }

  getFiles(): FakeFileIterator {
    return new FakeFileIterator([...this.files]);
  }

  getFilesByName(name: string): FakeFileIterator {
    return new FakeFileIterator(this.files.filter((f) => f.name === name));
  }

  searchFiles(params: string): FakeFileIterator {
    const test = compileDriveQuery(String(params));
    return new FakeFileIterator(this.files.filter((f) => test(f)));
  }
}

registerFake(FakeDriveApp, { label: 'DriveApp', service: 'Drive', scope: 'drive' });
registerFake(FakeFile, { label: 'File', service: 'Drive', scope: 'drive' });
registerFake(FakeFileIterator, { label: 'FileIterator', service: null, scope: 'drive' });
