// Session. Custom functions run without user identity: the custom-functions guide says
// Session.getActiveUser().getEmail() returns an empty string there. Otherwise the effective user
// is the account the execution runs as (Execution.user: the person at the sidebar, a trigger's
// owner, a web app's deployer); the active user is the same here (one domain is modelled).
// Reading a user needs the userinfo.email scope: without it in the manifest Apps Script throws
// "Specified permissions are not sufficient to call Session.getEffectiveUser. Required
// permissions: https://www.googleapis.com/auth/userinfo.email" (the error as quoted by projects
// that hit it, e.g. in the Apps Script repositories found by the code search).

import type { Execution } from './execution';
import { fail } from './errors';
import { registerFake } from './registry';

export const USERINFO_EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email';

export interface SessionOptions {
  scriptTimeZone: string;
  activeUserEmail: string;
  effectiveUserEmail: string;
  locale: string;
}

export class FakeUser implements Pick<GoogleAppsScript.Base.User, 'getEmail'> {
  constructor(private readonly email: string) {}

  getEmail(): string {
    return this.email;
  }
}

export class FakeSession {
  constructor(
    private readonly options: SessionOptions,
    private readonly exec: Execution,
    /** The manifest's oauthScopes, when known: reading a user needs userinfo.email among them. */
    private readonly oauthScopes?: readonly string[],
  ) {}

  #needsEmailScope(method: string): void {
    if (this.oauthScopes && !this.oauthScopes.includes(USERINFO_EMAIL_SCOPE)) {
      fail(
        `Specified permissions are not sufficient to call Session.${method}. Required permissions: ${USERINFO_EMAIL_SCOPE}`,
      );
    }
  }

  getScriptTimeZone(): string {
    return this.options.scriptTimeZone;
  }

  getActiveUser(): FakeUser {
    this.#needsEmailScope('getActiveUser');
    return new FakeUser(this.exec.isCustomFunction ? '' : this.#user());
  }

  #user(): string {
    return this.exec.user || this.options.effectiveUserEmail;
  }

  getEffectiveUser(): FakeUser {
    this.#needsEmailScope('getEffectiveUser');
    return new FakeUser(this.exec.isCustomFunction ? '' : this.#user());
  }

  getTemporaryActiveUserKey(): string {
    return Buffer.from(`temp-key:${this.#user()}`).toString('base64url');
  }

  getActiveUserLocale(): string {
    return this.options.locale;
  }
}

// Both name userinfo.email under Authorization (Session reference). A user who refused it on the
// consent screen gets "You do not have permission to call Session.getActiveUser. Required
// permissions: …/userinfo.email" (the Exception a README found by the code search quotes),
// unlike a manifest without the scope ("Specified permissions are not sufficient…", above);
// cells never need it (no consent check for custom functions: consent.ts) and get ''.
const USERINFO = { oauth: [USERINFO_EMAIL_SCOPE] } as const;
registerFake(FakeSession, {
  label: 'Session',
  service: 'Session',
  scope: 'local',
  methods: { getActiveUser: USERINFO, getEffectiveUser: USERINFO },
});
registerFake(FakeUser, { label: 'User', service: null, scope: 'local' });
