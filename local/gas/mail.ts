// MailApp. Rules from Google's MailApp reference and the quotas page: the daily quota counts
// recipients (every to, cc and bcc address of every email), 100 a day for consumer accounts and
// 1,500 for Workspace, over a rolling 24 hours; past it sendEmail throws "Service invoked too many
// times for one day: email." and sends nothing. Users report getRemainingDailyQuota() answering -1
// after such a refusal, so this fake does too: the product must treat anything below the recipients
// it needs as "not now". Custom functions and simple triggers cannot send mail (it needs the
// script.send_mail scope), which policy.ts enforces. The quota is the sending account's ("per
// user" on the quotas page): each execution spends its own user's recipients (Execution.user).

import { fail, MESSAGES } from './errors';
import type { Execution } from './execution';
import { pushNewest } from './keep-newest';
import { DailyQuota } from './quota';
import { registerFake } from './registry';

export const SEND_MAIL_SCOPE = 'https://www.googleapis.com/auth/script.send_mail';

/** One email as the runtime records it: what a mail client would show. */
export interface SentEmail {
  at: number;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  htmlBody: string | null;
  name: string | null;
  replyTo: string | null;
  noReply: boolean;
}

interface UserMail {
  quota: DailyQuota;
  /** Refused sends until the quota frees again (then getRemainingDailyQuota answers -1). */
  refusedAt: number | null;
}

/** The project's mail state: the outbox (what was sent), each user's quota, failures to inject. */
export class MailState {
  /** The newest emails sent (keep-newest.ts); `dropped` older ones are gone. */
  readonly outbox: SentEmail[] = [];
  dropped = 0;
  private readonly users = new Map<string, UserMail>();
  /** The next N sends fail with this message (a transient Gmail failure), sending nothing. */
  failNext: { count: number; message: string } | null = null;

  constructor(private readonly recipientsPerDay: number) {}

  /** One user's state; the first user asked for is the project's own (`quota`). */
  #of(user: string): UserMail {
    let state = this.users.get(user);
    if (!state) {
      state = { quota: new DailyQuota('email', this.recipientsPerDay), refusedAt: null };
      this.users.set(user, state);
    }
    return state;
  }

  /** The quota of the project's first user (tests use it up or widen it). */
  get quota(): DailyQuota {
    const first = this.users.values().next();
    return first.done ? this.#of('').quota : first.value.quota;
  }

  /** The quota of one user. */
  quotaOf(user: string): DailyQuota {
    return this.#of(user).quota;
  }

  remaining(now: number, user = ''): number {
    const state = this.#of(user);
    state.quota.spend(now, 0); // moves the rolling window
    const left = state.quota.limit - state.quota.used();
    if (state.refusedAt !== null && left <= 0) return -1;
    state.refusedAt = null;
    return left;
  }

  send(email: SentEmail, user = ''): void {
    const state = this.#of(user);
    if (this.failNext && this.failNext.count > 0) {
      this.failNext.count -= 1;
      const message = this.failNext.message;
      if (this.failNext.count === 0) this.failNext = null;
      fail(message);
    }
    const recipients = email.to.length + email.cc.length + email.bcc.length;
    try {
      state.quota.spend(email.at, recipients);
    } catch (e) {
      state.refusedAt = email.at;
      throw e;
    }
    this.dropped += pushNewest(this.outbox, email);
  }
}

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
/** Sizes Gmail refuses (Apps Script quotas page: attachments and body 200 KB per message). */
const MAX_BODY_BYTES = 200 * 1024;
const MAX_SUBJECT_CHARS = 250;

function addresses(raw: unknown): string[] {
  if (raw == null || raw === '') return [];
  const list = String(raw)
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  for (const a of list) if (!EMAIL.test(a)) fail(`Invalid email: ${a}`);
  return list;
}

interface MessageOptions {
  to?: unknown;
  subject?: unknown;
  body?: unknown;
  htmlBody?: unknown;
  name?: unknown;
  replyTo?: unknown;
  noReply?: unknown;
  cc?: unknown;
  bcc?: unknown;
}

export class FakeMailApp {
  constructor(
    private readonly state: MailState,
    private readonly exec: Execution,
    /** The manifest's oauthScopes, when known: sending needs script.send_mail among them. */
    private readonly oauthScopes?: readonly string[],
  ) {}

  getRemainingDailyQuota(): number {
    return this.state.remaining(this.exec.now(), this.exec.user);
  }

  /** sendEmail(message) or sendEmail(recipient, subject, body[, options]), as MailApp has them. */
  sendEmail(...args: unknown[]): void {
    if (this.oauthScopes && !this.oauthScopes.includes(SEND_MAIL_SCOPE)) {
      fail(MESSAGES.permissionWithScope('MailApp.sendEmail', SEND_MAIL_SCOPE));
    }
    const message: MessageOptions =
      args.length === 1 && typeof args[0] === 'object' && args[0] !== null
        ? (args[0] as MessageOptions)
        : {
            ...((args[3] as MessageOptions | undefined) ?? {}),
            to: args[0],
            subject: args[1],
            body: args[2],
          };
    const to = addresses(message.to);
    if (to.length === 0) fail('Failed to send email: no recipient');
    const subject = String(message.subject ?? '');
    if (subject.length > MAX_SUBJECT_CHARS) fail(MESSAGES.argumentTooLarge('subject'));
    const body = String(message.body ?? '');
    const htmlBody = message.htmlBody == null ? null : String(message.htmlBody);
    const size = Buffer.byteLength(body) + (htmlBody ? Buffer.byteLength(htmlBody) : 0);
    if (size > MAX_BODY_BYTES) fail(MESSAGES.argumentTooLarge(htmlBody ? 'htmlBody' : 'body'));
    this.state.send(
      {
        at: this.exec.now(),
        to,
        cc: addresses(message.cc),
        bcc: addresses(message.bcc),
        subject,
        body,
        htmlBody,
        name: message.name == null ? null : String(message.name),
        replyTo: message.replyTo == null ? null : String(message.replyTo),
        noReply: message.noReply === true,
      },
      this.exec.user,
    );
  }
}

registerFake(FakeMailApp, {
  label: 'MailApp',
  service: 'Mail',
  scope: 'mail',
  methods: { getRemainingDailyQuota: { service: 'Mail' } },
});
