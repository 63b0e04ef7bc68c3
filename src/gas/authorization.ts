// Which scopes this user has granted, over ScriptApp.getAuthorizationInfo(AuthMode.FULL, scopes):
// "In almost all cases, scripts should call ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL)"
// (ScriptApp reference); with a list of scopes, getAuthorizedScopes() "returns the authorized
// scopes from the specified list" and getAuthorizationUrl() the address where the user grants
// the rest (AuthorizationInfo reference). @types/google-apps-script 2.0.13 predates the scopes
// argument, hence the narrow type below. A custom function may not call ScriptApp at all, and
// needs no grant: cells never ask.

import { AppError } from '../core/errors';
import { CAPABILITIES, permissionMessage, type Capability, type Grant } from '../core/permissions';
import { PRODUCT_NAME } from '../core/product';

interface ScopedAuthorizationInfo {
  getAuthorizationStatus(): unknown;
  getAuthorizationUrl(): string | null;
  getAuthorizedScopes(): string[];
}

interface ScopedScriptApp {
  getAuthorizationInfo(mode: unknown, scopes: string[]): ScopedAuthorizationInfo;
  AuthMode: { FULL: unknown };
}

export function grantOf(scopes: readonly string[]): Grant {
  const script = ScriptApp as unknown as ScopedScriptApp;
  const info = script.getAuthorizationInfo(script.AuthMode.FULL, [...scopes]);
  if (String(info.getAuthorizationStatus()) !== 'REQUIRED') return { missing: [], url: null };
  const granted = new Set(info.getAuthorizedScopes());
  return { missing: scopes.filter((s) => !granted.has(s)), url: info.getAuthorizationUrl() };
}

/** What `capability` lacks now (one ScriptApp call). */
export function grantFor(capability: Capability): Grant {
  return grantOf(CAPABILITIES[capability].scopes);
}

/** Throws, saying which permission and how to grant it, when `capability` lacks one. */
export function requirePermission(capability: Capability): void {
  const grant = grantFor(capability);
  if (grant.missing.length > 0) {
    throw new AppError('permission', permissionMessage(capability, grant, PRODUCT_NAME));
  }
}
