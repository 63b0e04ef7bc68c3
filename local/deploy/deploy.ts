// npm run deploy: onto Google in one command, with clasp (the only tool that talks to Google).
//
// - No script yet (.clasp.json missing): `clasp create-script --type sheets --rootDir dist` makes a
//   new Google spreadsheet with the add-in's script bound to it; the build then replaces the
//   files clasp pulled into dist/ (a starter Code.js and manifest) with the add-in's.
// - `--script-id ID`: use an existing script (a spreadsheet's Extensions → Apps Script, or an
//   add-on's standalone project) instead of creating one.
// - Then `clasp push --force` (the manifest changes with the add-in: without --force clasp asks
//   on stdin), and, when a web app deployment is configured, `clasp update-deployment` so that
//   `/exec` runs the new code: Google's deployments guide, "the head deployment reflects those
//   changes while the versioned deployment remains intact". `--web-app` creates that deployment.
// - Not logged in: says to run `npx clasp login`, and touches nothing.
//
// What it remembers lives beside .clasp.json in `.deploy.json` (gitignored, like .clasp.json):
// the spreadsheet it created and the web app's deployment id. Nothing secret is in either.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DeployOptions {
  scriptId?: string;
  webApp: boolean;
  title: string;
}

interface DeployState {
  spreadsheetId?: string;
  webAppDeploymentId?: string;
}

export interface DeployContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Rebuilds the add-in into dist/ (after clasp has pulled its starter files there). */
  build: () => void;
}

export class DeployError extends Error {}

const PLACEHOLDER_IDS = new Set(['', 'REPLACE_WITH_YOUR_SCRIPT_ID']);

export function parseArgs(argv: readonly string[]): DeployOptions {
  const options: DeployOptions = { webApp: false, title: 'Container Tracking' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--web-app') options.webApp = true;
    else if (arg === '--script-id' || arg === '--title') {
      const value = argv[++i];
      if (!value || value.startsWith('--')) throw new DeployError(`${arg} needs a value.`);
      if (arg === '--script-id') options.scriptId = value;
      else options.title = value;
    } else {
      throw new DeployError(
        `Unknown option ${arg}. Use: npm run deploy [-- --script-id ID] [--web-app] [--title NAME]`,
      );
    }
  }
  return options;
}

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    throw new DeployError(`${path.basename(file)} is not valid JSON: fix or delete it.`);
  }
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Runs clasp with --json and returns its parsed answer; clasp's own words on failure. */
function clasp(ctx: DeployContext, args: string[]): unknown {
  const command = ctx.env.CLASP ?? 'clasp';
  let out: string;
  try {
    out = execFileSync(command, [...args, '--json'], {
      cwd: ctx.cwd,
      env: ctx.env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    const e = err as { code?: string; stderr?: string; stdout?: string; message: string };
    if (e.code === 'ENOENT')
      throw new DeployError(`clasp was not found: run \`npm install\` first (it installs clasp).`);
    const said = `${e.stderr ?? ''}${e.stdout ?? ''}`.trim() || e.message;
    const hint = /credential|login|unauthenticated|invalid_grant/i.test(said)
      ? ' Run `npx clasp login` and try again.'
      : /Apps Script API/i.test(said)
        ? ' Turn on the Apps Script API at https://script.google.com/home/usersettings and try again.'
        : '';
    throw new DeployError(`clasp ${args[0]} failed: ${said}${hint}`);
  }
  try {
    return out.trim() ? JSON.parse(out) : {};
  } catch {
    return {};
  }
}

function requireLogin(ctx: DeployContext): void {
  const who = clasp(ctx, ['show-authorized-user']) as { loggedIn?: boolean; email?: string };
  if (!who.loggedIn)
    throw new DeployError(
      'You are not logged in to Google: run `npx clasp login` (once per machine), then `npm run deploy` again.',
    );
  ctx.log(`Signed in to Google as ${who.email ?? 'an unknown account'}.`);
}

function spreadsheetUrl(id: string): string {
  return `https://docs.google.com/spreadsheets/d/${id}/edit`;
}

function webAppUrl(deploymentId: string): string {
  return `https://script.google.com/macros/s/${deploymentId}/exec`;
}

export function deploy(options: DeployOptions, ctx: DeployContext): void {
  const projectFile = path.join(ctx.cwd, '.clasp.json');
  const stateFile = path.join(ctx.cwd, '.deploy.json');
  const project = readJson<{ scriptId?: string }>(projectFile);
  const state = readJson<DeployState>(stateFile) ?? {};
  const knownId = project && !PLACEHOLDER_IDS.has(project.scriptId ?? '') ? project.scriptId : null;

  requireLogin(ctx);

  if (options.scriptId && knownId && options.scriptId !== knownId)
    throw new DeployError(
      `.clasp.json already names script ${knownId}. Delete .clasp.json and .deploy.json to use another script.`,
    );

  let created = false;
  if (options.scriptId && !knownId) {
    writeJson(projectFile, { scriptId: options.scriptId, rootDir: 'dist', fileExtension: 'js' });
    ctx.log(`Using script ${options.scriptId}.`);
  } else if (!knownId) {
    if (project) throw new DeployError('.clasp.json has no script id: delete it and try again.');
    ctx.log('No script yet: creating a new Google spreadsheet with the add-in bound to it…');
    const made = clasp(ctx, [
      'create-script',
      '--type',
      'sheets',
      '--title',
      options.title,
      '--rootDir',
      'dist',
    ]) as { scriptId?: string; parentId?: string };
    if (!made.scriptId) throw new DeployError('clasp create-script did not return a script id.');
    if (made.parentId) state.spreadsheetId = made.parentId;
    writeJson(stateFile, state);
    created = true;
    // clasp pulled the new project's starter files into dist/: build the add-in over them.
    ctx.build();
  }

  clasp(ctx, ['push', '--force']);
  ctx.log('Pushed the add-in (appsscript.json, Code.js, Sidebar.html).');

  const description = `npm run deploy ${new Date().toISOString()}`;
  if (state.webAppDeploymentId) {
    clasp(ctx, ['update-deployment', state.webAppDeploymentId, '--description', description]);
    ctx.log(`Updated the web app to the new code: ${webAppUrl(state.webAppDeploymentId)}`);
  } else if (options.webApp) {
    const made = clasp(ctx, ['create-deployment', '--description', description]) as {
      deploymentId?: string;
    };
    if (!made.deploymentId) throw new DeployError('clasp create-deployment returned no id.');
    state.webAppDeploymentId = made.deploymentId;
    writeJson(stateFile, state);
    ctx.log(`Created the web app: ${webAppUrl(made.deploymentId)}`);
    ctx.log(
      '  Open the sidebar → Settings → Push updates, paste that URL and Turn on. Later deploys update it.',
    );
  }

  ctx.log('');
  if (state.spreadsheetId) ctx.log(`Spreadsheet: ${spreadsheetUrl(state.spreadsheetId)}`);
  ctx.log('Next:');
  const steps = [
    created || state.spreadsheetId
      ? 'Open the spreadsheet above (reload it if it was open).'
      : 'Reload the spreadsheet the script is bound to.',
    'Extensions → Container Tracking → Settings: paste your tracking API key, then Test connection.',
    'Extensions → Container Tracking → Set up Tracking sheet, type container numbers in Number.',
  ];
  steps.forEach((step, i) => ctx.log(`  ${i + 1}. ${step}`));
  if (!state.webAppDeploymentId)
    ctx.log('Push updates (optional): `npm run deploy -- --web-app` deploys the web app.');
}
