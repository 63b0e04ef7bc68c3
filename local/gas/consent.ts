// Granular consent: since 2025 a user may grant a script some of its manifest scopes and refuse
// others. Google's scopes guide ("Handle granular OAuth permissions",
// developers.google.com/apps-script/concepts/scopes): "The granular OAuth consent screen lets
// users specify which individual OAuth scopes to authorize … if a script requests email and
// calendar scopes, users can choose to grant Calendar permission but not Gmail." It reached the
// Apps Script IDE in January 2025 (Apps Script release notes, January 08, 2025) and published
// Editor add-ons in August 2025 (Workspace Updates, "Granular OAuth consent in Google Apps Editor
// Add-ons": "users of these add-on types [can] provide partial OAuth consent … this also includes
// reconsenting to add-ons when OAuth grants expire").
//
// Grants are per user per project (one OAuth grant of one account to one script project): every
// spreadsheet of an add-on sees the same grants for one user, and a time-driven trigger runs with
// its creator's ("Installable triggers always run under the account of the person who created
// them"). By default every user has granted every scope of the manifest, as before granular
// consent; tests refuse some (`project.consent.refuse(user, [scope])`) and grant them again.
//
// What a refusal does, as Google states it:
// - A method whose reference lists a scope the user has not granted fails (AuthorizationStatus
//   reference, REQUIRED: "the trigger runs the script without prompting for authorization but
//   throws an exception if the script attempts to call the unauthorized service"; the Editor
//   add-on triggers guide: "the script still fails if it hits a line of code that requires
//   authorization it does not have"). The message is the one users quote:
//   "You do not have permission to call ScriptApp.newTrigger. Required permissions:
//   https://www.googleapis.com/auth/script.scriptapp" (ttsukagoshi/mail-merge-for-gmail#129, an
//   add-on; the same shape for Session.getActiveUser and userinfo.email in a README found by the
//   code search). Newer executions append ". For more information, see …troubleshooting#…",
//   which is left out here (its exact text was only seen cut off).
// - Custom functions and simple triggers in NONE/LIMITED never need a grant: they run "without
//   that user's authorization" (User.getEmail reference), so no consent check applies to them;
//   policy.ts decides what they may call.
// - Consent only concerns the manifest's scopes: a method whose scope the manifest lacks keeps
//   failing as before (policy.ts, the services' own manifest checks).

export const SCOPES = {
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  spreadsheetsCurrentOnly: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
  sendMail: 'https://www.googleapis.com/auth/script.send_mail',
  driveFile: 'https://www.googleapis.com/auth/drive.file',
  driveReadonly: 'https://www.googleapis.com/auth/drive.readonly',
  drive: 'https://www.googleapis.com/auth/drive',
  userinfoEmail: 'https://www.googleapis.com/auth/userinfo.email',
} as const;

/** The scopes a project without a known manifest is taken to request. */
const KNOWN_SCOPES: readonly string[] = Object.values(SCOPES);

/** Each user's refused scopes in one project (every scope not listed is granted). */
export class ConsentStore {
  readonly #refused = new Map<string, Set<string>>();

  /** The user unticks these scopes on the consent screen (or revokes them later). */
  refuse(user: string, scopes: readonly string[]): void {
    let refused = this.#refused.get(user);
    if (!refused) this.#refused.set(user, (refused = new Set()));
    for (const scope of scopes) refused.add(scope);
  }

  /** The user grants these scopes (the consent prompt answered, or a later re-consent). */
  grant(user: string, scopes: readonly string[]): void {
    const refused = this.#refused.get(user);
    for (const scope of scopes) refused?.delete(scope);
  }

  isGranted(user: string, scope: string): boolean {
    return !(this.#refused.get(user)?.has(scope) ?? false);
  }

  refusedBy(user: string): string[] {
    return [...(this.#refused.get(user) ?? [])];
  }
}

/** Scopes that are not URLs of Google's OAuth scopes, or that the manifest does not request. */
export const SCOPE_NOT_REQUIRED = (scope: string) =>
  `The OAuth scope ${scope} is not required by this script.`;

/**
 * One user's grants as an execution sees them: the manifest's scopes, minus the refused ones.
 * Without a known manifest (most tests of the fakes) every scope counts as requested.
 */
export class UserConsent {
  /** What the project requests: the manifest's oauthScopes, or every scope this fake knows. */
  readonly requested: readonly string[];

  constructor(
    private readonly store: ConsentStore,
    readonly user: string,
    private readonly manifestScopes: readonly string[] | undefined,
  ) {
    this.requested = manifestScopes ?? KNOWN_SCOPES;
  }

  #inManifest(scope: string): boolean {
    return this.manifestScopes?.includes(scope) ?? true;
  }

  isGranted(scope: string): boolean {
    return this.#inManifest(scope) && this.store.isGranted(this.user, scope);
  }

  /**
   * For a method that needs any one of `anyOf`: the manifest's scopes among them when the user
   * granted none (the call must fail naming them), else null. Scopes the manifest does not
   * request are not consent's business (the manifest checks refuse those).
   */
  missingFor(anyOf: readonly string[]): string[] | null {
    const requested = anyOf.filter((s) => this.#inManifest(s));
    if (requested.length === 0 || requested.some((s) => this.isGranted(s))) return null;
    return requested;
  }

  /**
   * `requireScopes`/`getAuthorizationInfo(mode, scopes)`: "Scopes that are invalid or not
   * required by the script lead to an error" (ScriptApp reference; the message is assumed).
   * Returns the message, or null.
   */
  unknownScope(scopes: readonly string[]): string | null {
    const unknown = scopes.find((s) => !this.#inManifest(s));
    return unknown === undefined ? null : SCOPE_NOT_REQUIRED(unknown);
  }
}

/** The "Required permissions" part of Google's message: one scope, or `(a || b)` for either. */
export function requiredPermissions(anyOf: readonly string[]): string {
  return anyOf.length === 1 ? anyOf[0]! : `(${anyOf.join(' || ')})`;
}
