// ScriptApp.getOAuthToken(): "Gets the OAuth 2.0 access token for the effective user … The token
// returned by this method only includes scopes that the script currently needs" (ScriptApp
// reference; the method lists no scope of its own). So a token stands for one user of one
// project, and carries that user's grants (consent.ts): the Drive REST stand-in (drive-rest.ts)
// asks whose token it is and what they granted. The project's first user gets the token the
// fakes always answered (FAKE_OAUTH_TOKEN), so older tests keep theirs.

/** What ScriptApp.getOAuthToken() answers for the project's first user. */
export const FAKE_OAUTH_TOKEN = 'fake-oauth-token';

export class OAuthTokens {
  readonly #byUser = new Map<string, string>();
  readonly #owners = new Map<string, string>();

  /** The user's token (stable: a fresh token would carry the same grants). */
  issue(user: string): string {
    let token = this.#byUser.get(user);
    if (token === undefined) {
      token =
        this.#byUser.size === 0 ? FAKE_OAUTH_TOKEN : `${FAKE_OAUTH_TOKEN}-${this.#byUser.size + 1}`;
      this.#byUser.set(user, token);
      this.#owners.set(token, user);
    }
    return token;
  }

  /** Whose token this is; undefined for a token this project never issued. */
  ownerOf(token: string): string | undefined {
    return this.#owners.get(token);
  }
}
