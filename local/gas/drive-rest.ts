// The Drive REST API (v3 files.get) as UrlFetchApp reaches it with the script's OAuth token, over
// the same fake Drive as DriveApp. Under the drive.file scope this is how Google has a script read
// the files the user picked: its Apps Script Picker sample for drive.file reads the pick through
// the Drive API, not DriveApp (googleworkspace/apps-script-samples#486), and DriveApp's methods
// list only drive.readonly or drive among their scopes (DriveApp reference). Rules kept here:
// no `Authorization: Bearer <ScriptApp.getOAuthToken()>` of this project → 401; a token whose
// user granted no Drive scope (granular consent, consent.ts: the token "only includes scopes that
// the script currently needs", and what was refused is not among them) → 403 with Google APIs'
// insufficient-scope error (ACCESS_TOKEN_SCOPE_INSUFFICIENT, as every Google REST API answers
// it); a file the token's user may not see (never picked, or unknown) → 404 "File not found:
// <id>." as Drive answers; `?alt=media` → the bytes with the file's type; otherwise the metadata
// asked for in `fields` (size as a string, as Drive v3 sends int64 values).

import { header, type HttpHandler, type HttpRequest, type HttpResponse } from '../http';
import { SCOPES, UserConsent } from './consent';
import type { DriveStore } from './drive';
import type { GasProject } from './project';

const DRIVE_SCOPES = [SCOPES.driveFile, SCOPES.driveReadonly, SCOPES.drive];

export const DRIVE_FILES_URL = 'https://www.googleapis.com/drive/v3/files/';

const json = (status: number, value: unknown): HttpResponse => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=UTF-8' },
  body: JSON.stringify(value),
});

const driveError = (code: number, reason: string, message: string) =>
  json(code, { error: { code, message, errors: [{ domain: 'global', reason, message }] } });

/** Answers Drive files.get requests from `drive`; every other request goes to `next`. */
export function driveRestHandler(
  drive: DriveStore,
  project: Pick<GasProject, 'tokens' | 'consent'>,
  manifestScopes: readonly string[] | undefined,
  next: HttpHandler,
): HttpHandler {
  return (request: HttpRequest) => {
    if (!request.url.startsWith(DRIVE_FILES_URL)) return next(request);
    const url = new URL(request.url);
    const id = decodeURIComponent(url.pathname.slice('/drive/v3/files/'.length));
    if (request.method !== 'GET' || id === '' || id.includes('/')) {
      return driveError(405, 'methodNotAllowed', 'Only files.get is served here.');
    }
    const bearer = /^Bearer (.+)$/.exec(header(request.headers, 'Authorization') ?? '');
    const user = bearer ? project.tokens.ownerOf(bearer[1]!) : undefined;
    if (user === undefined) {
      return driveError(401, 'authError', 'Request had invalid authentication credentials.');
    }
    const consent = new UserConsent(project.consent, user, manifestScopes);
    if (!DRIVE_SCOPES.some((s) => consent.isGranted(s))) {
      return json(403, {
        error: {
          code: 403,
          message: 'Request had insufficient authentication scopes.',
          errors: [
            {
              message: 'Insufficient Permission',
              domain: 'global',
              reason: 'insufficientPermissions',
            },
          ],
          status: 'PERMISSION_DENIED',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
              domain: 'googleapis.com',
            },
          ],
        },
      });
    }
    const file = drive.visibleTo(user).find((f) => f.id === id && !f.trashed);
    if (!file) return driveError(404, 'notFound', `File not found: ${id}.`);
    if (url.searchParams.get('alt') === 'media') {
      const redirect = drive.mediaRedirects.get(file.id);
      if (redirect) return { status: 302, headers: { Location: redirect }, body: '' };
      return { status: 200, headers: { 'Content-Type': file.mimeType }, body: file.bytes.slice() };
    }
    const all: Record<string, string> = {
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      size: String(file.bytes.length),
    };
    const fields = (url.searchParams.get('fields') ?? 'kind,id,name,mimeType').split(',');
    return json(
      200,
      Object.fromEntries(
        fields
          .map((f) => f.trim())
          .filter((f) => f in all)
          .map((f) => [f, all[f]]),
      ),
    );
  };
}
