// Drive access for uploads: resolve a pasted link or id, refuse large files before reading them.

import { AppError } from '../core/errors';
import { MAX_UPLOAD_BYTES, type UploadSource } from '../engine/document-upload';

/** Accepts a file id or any Drive/Docs link that carries one. */
export function driveFileId(input: string): string {
  const text = String(input ?? '').trim();
  const fromPath =
    /\/d\/([A-Za-z0-9_-]{10,})/.exec(text) ?? /[?&]id=([A-Za-z0-9_-]{10,})/.exec(text);
  const id = fromPath ? fromPath[1]! : text;
  if (!/^[A-Za-z0-9_-]{10,}$/.test(id)) {
    throw new AppError(
      'input',
      'That is not a Google Drive file link or id. Copy the link from Drive (Share → Copy link).',
    );
  }
  return id;
}

export interface DriveFileInfo {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  updatedAt: string;
}

function file(id: string): GoogleAppsScript.Drive.File {
  try {
    return DriveApp.getFileById(id);
  } catch {
    throw new AppError(
      'input',
      'No Drive file with that link or id is available to you. Check the link and that you can open the file.',
    );
  }
}

export function readUploadSource(fileId: string, name?: string): UploadSource {
  const f = file(driveFileId(fileId));
  const size = f.getSize();
  if (size > MAX_UPLOAD_BYTES) {
    throw new AppError(
      'input',
      `"${f.getName()}" is ${(size / 1024 / 1024).toFixed(1)} MB; files over 50 MB cannot be attached.`,
    );
  }
  const blob = f.getBlob();
  const bytes = blob.getBytes();
  const checksum = Utilities.base64Encode(
    Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, bytes),
  );
  return {
    name: (name && name.trim()) || f.getName(),
    contentType: blob.getContentType() || f.getMimeType() || 'application/octet-stream',
    byteSize: bytes.length,
    checksum,
    bytes,
  };
}

export function recentDocuments(limit = 20): DriveFileInfo[] {
  const query = "trashed = false and (mimeType = 'application/pdf' or mimeType contains 'image/')";
  const it = DriveApp.searchFiles(query);
  const out: DriveFileInfo[] = [];
  while (it.hasNext() && out.length < 200) {
    const f = it.next();
    out.push({
      id: f.getId(),
      name: f.getName(),
      mimeType: f.getMimeType(),
      size: f.getSize(),
      updatedAt: f.getLastUpdated().toISOString(),
    });
  }
  return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, limit);
}
