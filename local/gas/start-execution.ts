// How an execution starts, the same for run() and the concurrent scheduler: its kind and
// AuthMode, the account it runs as, what getInstallationSource() answers, and that account's
// grants in the project (consent.ts).

import { UserConsent } from './consent';
import { Execution } from './execution';
import type { AuthModeName, ExecutionKind } from './policy';
import type { RuntimeHost } from './runtime-host';
import type { InstallationSourceName } from './script-app';

export interface ExecutionStart {
  kind?: ExecutionKind;
  authMode?: AuthModeName;
  /** The account it runs as; default: the runtime's user. */
  user?: string;
  /** What ScriptApp.getInstallationSource() answers; default: the runtime's. */
  installationSource?: InstallationSourceName;
}

/** Custom functions run in CUSTOM_FUNCTION, simple triggers LIMITED by default, the rest FULL. */
export const defaultAuthMode = (kind: ExecutionKind): AuthModeName =>
  kind === 'custom-function' ? 'CUSTOM_FUNCTION' : kind === 'simple-trigger' ? 'LIMITED' : 'FULL';

export function startExecution(rt: RuntimeHost, fn: string, start: ExecutionStart): Execution {
  const kind = start.kind ?? 'menu';
  const exec = new Execution(
    fn,
    kind,
    start.authMode ?? defaultAuthMode(kind),
    rt.clock,
    rt.counters,
  );
  exec.user = start.user ?? rt.sessionOptions.effectiveUserEmail;
  exec.installationSource = start.installationSource ?? rt.installationSource;
  exec.consent = new UserConsent(rt.project.consent, exec.user, rt.oauthScopes);
  return exec;
}
