// Granular consent as ScriptApp shows it (consent.ts keeps the grants): getAuthorizationInfo,
// requireScopes and requireAllScopes, and the AuthorizationInfo they answer with.
// Sources: the ScriptApp and AuthorizationInfo reference pages and the scopes guide ("Handle
// granular OAuth permissions", developers.google.com/apps-script/concepts/scopes).

import { fail } from './errors';
import type { Execution } from './execution';
import { registerFake } from './registry';

export const AuthorizationStatus = { REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' } as const;

export const SCRIPT_ID = 'fake-script-id';

/**
 * AuthorizationInfo over the user's grants (consent.ts). Reference: getAuthorizationStatus "Gets a
 * value that indicates whether the user needs to authorize this script to use one or more
 * services"; getAuthorizationUrl "returns null if no authorization is required";
 * getAuthorizedScopes "If authorization information is requested for a specified list of
 * scopes, returns the authorized scopes from the specified list".
 */
export class FakeAuthorizationInfo {
  constructor(
    /** The scopes asked about that the user has not granted. */
    private readonly missing: readonly string[],
    private readonly authorized: readonly string[],
  ) {}

  getAuthorizationStatus(): string {
    return this.missing.length > 0
      ? AuthorizationStatus.REQUIRED
      : AuthorizationStatus.NOT_REQUIRED;
  }

  /**
   * Google does not document the URL's shape and none was found in public code; this one is on
   * Apps Script's host and names the missing scopes, so a test can follow it (an assumption).
   */
  getAuthorizationUrl(): string | null {
    if (this.missing.length === 0) return null;
    const scope = encodeURIComponent(this.missing.join(' '));
    return `https://script.google.com/macros/d/${SCRIPT_ID}/authorize?scope=${scope}`;
  }

  getAuthorizedScopes(): string[] {
    return [...this.authorized];
  }

  /** The asked scopes the user has not granted (static: scripts never see it). */
  static missingOf(info: FakeAuthorizationInfo): string[] {
    return [...info.missing];
  }
}

/** The scopes asked about: the given list (each must be one the manifest requests), or all. */
function asked(exec: Execution, oAuthScopes: unknown): string[] {
  const consent = exec.consent;
  if (oAuthScopes === undefined || oAuthScopes === null) return [...(consent?.requested ?? [])];
  const scopes = (Array.isArray(oAuthScopes) ? oAuthScopes : [oAuthScopes]).map(String);
  const unknown = consent?.unknownScope(scopes);
  if (unknown) fail(unknown);
  return scopes;
}

/**
 * getAuthorizationInfo(authMode[, oAuthScopes]): the user's grants for the given scopes, or for
 * every scope of the manifest. "In almost all cases, scripts should call
 * ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL), since no other authorization mode
 * requires that users grant authorization" (ScriptApp reference): another mode needs nothing.
 */
export function authorizationInfo(
  exec: Execution,
  authMode: unknown,
  oAuthScopes: unknown,
): FakeAuthorizationInfo {
  const scopes = asked(exec, oAuthScopes);
  const consent = exec.consent;
  const authorized = consent ? scopes.filter((s) => consent.isGranted(s)) : scopes;
  const missing = String(authMode) === 'FULL' ? scopes.filter((s) => !authorized.includes(s)) : [];
  return new FakeAuthorizationInfo(missing, authorized);
}

/**
 * requireScopes (a list) and requireAllScopes (undefined): "Validates if the user has granted
 * consent for the requested scopes … If any of the specified consents are missing, then this
 * method ends the current execution and renders an authorization prompt to request the missing
 * consents. Scopes that are invalid or not required by the script lead to an error." (ScriptApp
 * reference). The prompt needs a person at the editor: a time-driven trigger, a simple trigger
 * or a web app just ends (Execution.endForConsent records which). The scopes guide's trigger
 * advice agrees: call requireScopes "before installing a trigger", since "users might not be
 * present to provide permissions".
 */
export function requireScopes(exec: Execution, authMode: unknown, oAuthScopes: unknown): void {
  const info = authorizationInfo(exec, authMode, oAuthScopes);
  if (info.getAuthorizationStatus() === AuthorizationStatus.NOT_REQUIRED) return;
  exec.endForConsent(FakeAuthorizationInfo.missingOf(info));
}

registerFake(FakeAuthorizationInfo, { label: 'AuthorizationInfo', service: null, scope: 'local' });
