// Session. Custom functions run without user identity: the custom-functions guide says
// Session.getActiveUser().getEmail() returns an empty string there. Otherwise the effective user
// is the account the execution runs as (Execution.user: the person at the sidebar, a trigger's
// owner, a web app's deployer); the active user is the same here (one domain is modelled).

import type { Execution } from './execution';
import { registerFake } from './registry';

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
  ) {}

  getScriptTimeZone(): string {
    return this.options.scriptTimeZone;
  }

  getActiveUser(): FakeUser {
    return new FakeUser(this.exec.isCustomFunction ? '' : this.#user());
  }

  #user(): string {
    return this.exec.user || this.options.effectiveUserEmail;
  }

  getEffectiveUser(): FakeUser {
    return new FakeUser(this.exec.isCustomFunction ? '' : this.#user());
  }

  getTemporaryActiveUserKey(): string {
    return Buffer.from(`temp-key:${this.#user()}`).toString('base64url');
  }

  getActiveUserLocale(): string {
    return this.options.locale;
  }
}

registerFake(FakeSession, { label: 'Session', service: 'Session', scope: 'local' });
registerFake(FakeUser, { label: 'User', service: null, scope: 'local' });
