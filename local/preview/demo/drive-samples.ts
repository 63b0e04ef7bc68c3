// The fake Drive of the preview: the sample documents shipped in local/samples/drive. Their ids
// are shaped like Drive ids (letters, digits, - and _), because the add-in refuses anything else
// as a pasted link or id; a file name such as "bill-of-lading.pdf" would not pass.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DriveFileSpec } from '../../gas';

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** "bill-of-lading.pdf" → "sample-bill-of-lading-pdf". */
export function sampleFileId(name: string): string {
  return `sample-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function sampleDriveFiles(folder: string): DriveFileSpec[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter(
      (name) =>
        MIME[path.extname(name).toLowerCase()] && statSync(path.join(folder, name)).isFile(),
    )
    .map((name) => ({
      id: sampleFileId(name),
      name,
      mimeType: MIME[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      bytes: new Uint8Array(readFileSync(path.join(folder, name))),
      lastUpdated: statSync(path.join(folder, name)).mtime,
    }));
}
