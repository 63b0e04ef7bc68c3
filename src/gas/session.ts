// Who and where an execution runs, over Session and ScriptApp.

/** The e-mail of the account this execution runs as; '' when Google does not say. */
export function effectiveUserEmail(): string {
  try {
    return Session.getEffectiveUser().getEmail();
  } catch {
    return '';
  }
}

/** The script's own time zone (the manifest's), as opposed to the spreadsheet's. */
export function scriptTimeZone(): string {
  return Session.getScriptTimeZone();
}

/**
 * What ScriptApp says of how the script is installed (NONE, WEB_STORE_ADD_ON,
 * APPS_MARKETPLACE_DOMAIN_ADD_ON), for Diagnostics only: the build decides the mode
 * (core/deployment.ts), because in an add-on's project this may answer NONE.
 */
export function installationSource(): string {
  return String(ScriptApp.getInstallationSource());
}
