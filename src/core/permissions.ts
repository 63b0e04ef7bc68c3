// Permissions granted in part. Since 2025 a person may grant an editor add-on (or a bound script)
// some of its scopes and refuse others, and Google's scopes guide says scripts "should be
// designed to handle these permissions using requireScopes or getAuthorizationInfo"
// (developers.google.com/apps-script/concepts/scopes). Each capability names the scopes it needs;
// before it acts it asks which of them are missing (gas/authorization.ts) and, when one is, says
// which permission and how to grant it, and the rest of the add-in keeps working.

export const SCOPES = {
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
  sendMail: 'https://www.googleapis.com/auth/script.send_mail',
  driveFile: 'https://www.googleapis.com/auth/drive.file',
  userEmail: 'https://www.googleapis.com/auth/userinfo.email',
} as const;

/**
 * Each scope as Google's consent screen words it, so the person finds the line to tick (the
 * wording is the consent screen's as seen there; Google's reference pages do not list it).
 */
const CONSENT_SCREEN_WORDING: Record<string, string> = {
  [SCOPES.spreadsheets]: 'See, edit, create, and delete all your Google Sheets spreadsheets',
  [SCOPES.externalRequest]: 'Connect to an external service',
  [SCOPES.containerUi]:
    'Display and run third-party web content in prompts and sidebars inside Google applications',
  [SCOPES.scriptApp]: 'Allow this application to run when you are not present',
  [SCOPES.sendMail]: 'Send email as you',
  [SCOPES.driveFile]:
    'See, edit, create, and delete only the specific Google Drive files you use with this app',
  [SCOPES.userEmail]: 'See your primary Google Account email address',
};

export type Capability = 'refresh' | 'alerts' | 'auto-refresh' | 'uploads' | 'sidebar' | 'push';

/** What each capability needs, and how a message names it. */
export const CAPABILITIES: Record<Capability, { what: string; scopes: readonly string[] }> = {
  refresh: {
    what: 'Refreshing the Tracking sheet',
    scopes: [SCOPES.spreadsheets, SCOPES.externalRequest],
  },
  alerts: { what: 'Sending alert emails', scopes: [SCOPES.sendMail] },
  'auto-refresh': { what: 'Scheduling auto-refresh', scopes: [SCOPES.scriptApp] },
  uploads: {
    what: 'Attaching a file from Drive',
    scopes: [SCOPES.driveFile, SCOPES.externalRequest, SCOPES.containerUi],
  },
  sidebar: { what: 'Opening the sidebar', scopes: [SCOPES.containerUi] },
  push: { what: 'Turning on push updates', scopes: [SCOPES.externalRequest] },
};

export const CAPABILITY_ORDER = Object.keys(CAPABILITIES) as Capability[];

/** Which of its scopes a capability lacks, and where Google lets the person grant them. */
export interface Grant {
  missing: string[];
  /** Google's authorization address for the missing scopes (null when it gives none). */
  url: string | null;
}

const wording = (scope: string) => `"${CONSENT_SCREEN_WORDING[scope] ?? scope}"`;

/** What a person reads when a capability lacks a permission: which one, and how to grant it. */
export function permissionMessage(
  capability: Capability,
  grant: Grant,
  productName: string,
): string {
  const { what } = CAPABILITIES[capability];
  const names = grant.missing.map(wording).join(' and ');
  const plural = grant.missing.length > 1 ? 'permissions' : 'permission';
  const how = grant.url
    ? `Grant it at ${grant.url} , then try again.`
    : `Open Extensions → ${productName} again and, when Google asks, tick it.`;
  return `${what} needs the ${plural} ${names}, which was not granted. ${how} Everything else keeps working.`;
}
