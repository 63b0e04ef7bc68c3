// npm run deploy: onto Google in one command, with clasp (the only tool that talks to Google).
// Two builds (esbuild.config.mjs), each its own Apps Script project:
// - the bound script (default; dist/): with no script yet, `clasp create-script --type sheets
//   --rootDir dist` makes a new Google spreadsheet with the add-in's script bound to it; the build
//   then replaces the files clasp pulled into dist/ (a starter Code.js and manifest). `--web-app`
//   deploys it as a web app for push updates, and every later deploy updates that deployment so
//   that `/exec` runs the new code (Google's deployments guide: "the head deployment reflects
//   those changes while the versioned deployment remains intact").
// - the editor add-on (`--addon`; dist-addon/): a standalone script the publisher made in a
//   standard Cloud project (docs/deploying.md); `--script-id ID` names it the first time.
// Then `clasp push --force` (the manifest changes with the add-in: without --force clasp asks on
// stdin). Not logged in: it says to run `npx clasp login`, and touches nothing.
//
// What every deployer shares is the committed .clasp.json (rootDir, file settings). Each build's
// own project file, with the script id, is the deployer's and gitignored: .clasp.bound.json and
// .clasp.addon.json, made from .clasp.json and passed to clasp with --project. The bound build's
// spreadsheet and web app deployment id live in .deploy.json (gitignored). Nothing secret is in
// any of them.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type BuildName = 'bound' | 'addon';

export interface DeployOptions {
  build: BuildName;
  scriptId?: string;
  webApp: boolean;
  title: string;
}

/** Each build's folder (its project file's rootDir) and its deployer's own project file. */
export const BUILD_PROJECTS: Record<BuildName, { rootDir: string; projectFile: string }> = {
  bound: { rootDir: 'dist', projectFile: '.clasp.bound.json' },
  addon: { rootDir: 'dist-addon', projectFile: '.clasp.addon.json' },
};

/** The add-on's name (menus, sidebar, listing); the bound spreadsheet is created with it. */
export const DEFAULT_TITLE = 'LFD Watch: Container Tracking';

interface DeployState {
  spreadsheetId?: string;
  webAppDeploymentId?: string;
}

export interface DeployContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Rebuilds the bound add-in into dist/ (after clasp has pulled its starter files there). */
  build: () => void;
}

export class DeployError extends Error {}

const PLACEHOLDER_IDS = new Set(['', 'REPLACE_WITH_YOUR_SCRIPT_ID']);

export function parseArgs(argv: readonly string[]): DeployOptions {
  const options: DeployOptions = { build: 'bound', webApp: false, title: DEFAULT_TITLE };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--web-app') options.webApp = true;
    else if (arg === '--addon') options.build = 'addon';
    else if (arg === '--script-id' || arg === '--title') {
      const value = argv[++i];
      if (!value || value.startsWith('--')) throw new DeployError(`${arg} needs a value.`);
      if (arg === '--script-id') options.scriptId = value;
      else options.title = value;
    } else {
      throw new DeployError(
        `Unknown option ${arg}. Use: npm run deploy [-- --script-id ID] [--web-app] [--title NAME], or npm run deploy -- --addon --script-id ID`,
      );
    }
  }
  if (options.build === 'addon' && options.webApp)
    throw new DeployError(
      "The add-on has no web app (push updates are the bound script's): drop --web-app or --addon.",
    );
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

/**
 * Runs clasp with --json (and, given, the build's project file) and returns its parsed answer;
 * clasp's own words on failure.
 */
function clasp(ctx: DeployContext, args: string[], projectFile?: string): unknown {
  const command = ctx.env.CLASP ?? 'clasp';
  const project = projectFile ? ['--project', projectFile] : [];
  let out: string;
  try {
    out = execFileSync(command, [...project, ...args, '--json'], {
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

/** The committed project settings every deployer shares (rootDir, file extensions…). */
function sharedProject(ctx: DeployContext): Record<string, unknown> {
  const shared = readJson<Record<string, unknown>>(path.join(ctx.cwd, '.clasp.json'));
  if (!shared)
    throw new DeployError(
      '.clasp.json (the shared project settings) is missing: restore it with `git checkout .clasp.json`.',
    );
  const { scriptId: _own, parentId: _parent, projectId: _project, ...settings } = shared;
  return settings;
}

export function deploy(options: DeployOptions, ctx: DeployContext): void {
  const build = BUILD_PROJECTS[options.build];
  const projectFile = path.join(ctx.cwd, build.projectFile);
  const project = readJson<{ scriptId?: string }>(projectFile);
  const knownId = project && !PLACEHOLDER_IDS.has(project.scriptId ?? '') ? project.scriptId : null;
  const settings = { ...sharedProject(ctx), rootDir: build.rootDir };

  requireLogin(ctx);

  if (options.scriptId && knownId && options.scriptId !== knownId)
    throw new DeployError(
      `${build.projectFile} already names script ${knownId}. Delete it${options.build === 'bound' ? ' and .deploy.json' : ''} to use another script.`,
    );

  if (options.build === 'addon') {
    const scriptId = knownId ?? options.scriptId;
    if (!scriptId)
      throw new DeployError(
        'The add-on is pushed to a standalone script of a standard Cloud project that you create first (docs/deploying.md, "Editor add-on"): then `npm run deploy -- --addon --script-id <its id>`.',
      );
    if (!knownId) writeJson(projectFile, { ...settings, scriptId });
    clasp(ctx, ['push', '--force'], build.projectFile);
    ctx.log(
      `Pushed the add-on (${build.rootDir}/: appsscript.json, Code.js, Sidebar.html) to script ${scriptId}.`,
    );
    ctx.log(
      'Next: in the Google Workspace Marketplace SDK, App Configuration, set the new script version (docs/marketplace/README.md).',
    );
    return;
  }
  deployBound(options, ctx, { projectFile, knownId, settings });
}

function deployBound(
  options: DeployOptions,
  ctx: DeployContext,
  found: {
    projectFile: string;
    knownId: string | null | undefined;
    settings: Record<string, unknown>;
  },
): void {
  const { projectFile, knownId, settings } = found;
  const projectName = path.basename(projectFile);
  const stateFile = path.join(ctx.cwd, '.deploy.json');
  const state = readJson<DeployState>(stateFile) ?? {};
  const project = readJson<{ scriptId?: string }>(projectFile);

  let created = false;
  if (options.scriptId && !knownId) {
    writeJson(projectFile, { ...settings, scriptId: options.scriptId });
    ctx.log(`Using script ${options.scriptId}.`);
  } else if (!knownId) {
    if (project?.scriptId !== undefined)
      throw new DeployError(`${projectName} has no usable script id: delete it and try again.`);
    ctx.log('No script yet: creating a new Google spreadsheet with the add-in bound to it…');
    // clasp writes the new script's id into the project file it was given.
    writeJson(projectFile, settings);
    const made = clasp(
      ctx,
      ['create-script', '--type', 'sheets', '--title', options.title, '--rootDir', 'dist'],
      projectName,
    ) as { scriptId?: string; parentId?: string };
    if (!made.scriptId) throw new DeployError('clasp create-script did not return a script id.');
    if (made.parentId) state.spreadsheetId = made.parentId;
    writeJson(stateFile, state);
    created = true;
    // clasp pulled the new project's starter files into dist/: build the add-in over them.
    ctx.build();
  }

  clasp(ctx, ['push', '--force'], projectName);
  ctx.log('Pushed the add-in (appsscript.json, Code.js, Sidebar.html).');
  const description = `npm run deploy ${new Date().toISOString()}`;
  if (state.webAppDeploymentId) {
    clasp(
      ctx,
      ['update-deployment', state.webAppDeploymentId, '--description', description],
      projectName,
    );
    ctx.log(`Updated the web app to the new code: ${webAppUrl(state.webAppDeploymentId)}`);
  } else if (options.webApp) {
    const made = clasp(ctx, ['create-deployment', '--description', description], projectName) as {
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
    `Extensions → ${options.title} → Settings: paste your tracking API key, then Test connection.`,
    `Extensions → ${options.title} → Set up Tracking sheet, type container numbers in Number.`,
  ];
  steps.forEach((step, i) => ctx.log(`  ${i + 1}. ${step}`));
  if (!state.webAppDeploymentId)
    ctx.log('Push updates (optional): `npm run deploy -- --web-app` deploys the web app.');
}
