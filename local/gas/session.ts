// Session. Custom functions run without user identity: the custom-functions guide says
// Session.getActiveUser().getEmail() returns an empty string there.

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
    return new FakeUser(this.exec.isCustomFunction ? '' : this.options.activeUserEmail);
  }

  getEffectiveUser(): FakeUser {
    return new FakeUser(this.exec.isCustomFunction ? '' : this.options.effectiveUserEmail);
  }

  getTemporaryActiveUserKey(): string {
    return Buffer.from(`temp-key:${this.options.activeUserEmail}`).toString('base64url');
  }

  getActiveUserLocale(): string {
    return this.options.locale;
  }
}

registerFake(FakeSession, { label: 'Session', service: 'Session', scope: 'local' });
registerFake(FakeUser, { label: 'User', service: null, scope: 'local' });
