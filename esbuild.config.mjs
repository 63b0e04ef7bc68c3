// Builds the add-in for Apps Script, as a bound script (default, into dist/) or as the editor
// add-on (--addon, into dist-addon/), and the local Node tools (--local).
//
// The two builds differ in what they are, decided here and never guessed at run time: the bundle's
// `__DEPLOYMENT__` (src/core/deployment.ts) and the manifest. The add-on's manifest is the bound
// one without the `webapp` section (an add-on has no web app: push updates are the bound build's)
// and with only the scopes the add-on uses (ADDON_SCOPES).
//
// `clasp push` sends every script file under the build's folder (the project file's rootDir) that
// .claspignore allows, so each folder holds the add-in's files only: the local tools build to
// local/.build/, and the add-in build deletes anything else it finds in its folder (an older
// layout's Node bundles would otherwise be pushed, and their top-level `require` fails every
// execution in Apps Script).
//
// Apps Script only calls top-level `function` declarations and esbuild strips JSDoc, so the add-in
// is bundled as an IIFE with a private global, and a footer of generated stubs (with the
// `@customfunction` JSDoc Sheets needs for autocomplete) delegates to it. The stubs are generated
// from src/surface.ts, the one list of what Apps Script may call; the build fails when that list
// and the exports of src/main.ts disagree.
import * as esbuild from 'esbuild';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const BUNDLE_GLOBAL = 'ContainerTracking';
const args = new Set(process.argv.slice(2));

/** Where each build goes (the rootDir of its clasp project file) and what it is. */
const BUILDS = {
  bound: { dist: 'dist', deployment: 'bound' },
  addon: { dist: 'dist-addon', deployment: 'add-on' },
};
const BUILD = args.has('--addon') ? BUILDS.addon : BUILDS.bound;
const DIST = BUILD.dist;

/**
 * The add-on's scopes, each justified in docs/marketplace/scopes.md. A scope the bound manifest
 * gains is not the add-on's until it is listed here (and justified there).
 */
const ADDON_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets',
  'https://www.googleapis.com/auth/script.external_request',
  'https://www.googleapis.com/auth/script.container.ui',
  'https://www.googleapis.com/auth/script.scriptapp',
  'https://www.googleapis.com/auth/script.send_mail',
  'https://www.googleapis.com/auth/drive.file',
  'https://www.googleapis.com/auth/userinfo.email',
];

/** The build's appsscript.json: the bound one as written, or the add-on's made from it. */
function manifest() {
  const bound = JSON.parse(readFileSync('appsscript.json', 'utf8'));
  if (BUILD.deployment === 'bound') return bound;
  const { webapp: _webapp, ...addon } = bound;
  const unknown = ADDON_SCOPES.filter((s) => !bound.oauthScopes.includes(s));
  if (unknown.length)
    throw new Error(`ADDON_SCOPES lists scopes appsscript.json lacks: ${unknown}`);
  return { ...addon, oauthScopes: bound.oauthScopes.filter((s) => ADDON_SCOPES.includes(s)) };
}
/** Exactly what clasp pushes (.claspignore allows these and nothing else). */
const ADDON_FILES = new Set(['Code.js', 'Sidebar.html', 'appsscript.json']);
/** Gitignored, outside what clasp pushes. */
const LOCAL_OUT = 'local/.build';

/** Local tools (Node): entry → local/.build/<name>.js */
const LOCAL_ENTRIES = {
  emulator: 'local/emulator/cli.ts',
  bench: 'local/bench/bench.ts',
  deploy: 'local/deploy/cli.ts',
  preview: 'local/preview/cli.ts',
  // The preview's emulator child process, its synckit HTTP worker and its page's script.
  'preview-emulator': 'local/preview/emulator-child.ts',
  'preview-fetch-worker': 'local/preview/fetch-worker.ts',
  'preview-page': 'local/preview/page/client/main.ts',
};

async function loadSurface() {
  const result = await esbuild.build({
    entryPoints: ['src/surface.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
  });
  const url =
    'data:text/javascript;base64,' + Buffer.from(result.outputFiles[0].text).toString('base64');
  return (await import(url)).PUBLIC_FUNCTIONS;
}

function jsdoc(fn) {
  const lines = [fn.summary];
  for (const p of fn.params) {
    const name = p.optional ? `[${p.name}]` : p.name;
    lines.push(`@param {${p.type ?? 'any'}} ${name} ${p.doc}`);
  }
  if (fn.returns) lines.push(`@return ${fn.returns}`);
  if (fn.kind === 'custom-function') lines.push('@customfunction');
  return ['/**', ...lines.map((l) => ` * ${l}`), ' */'].join('\n');
}

function stub(fn) {
  const params = fn.params.map((p) => p.name).join(', ');
  return `${jsdoc(fn)}\nfunction ${fn.name}(${params}) {\n  return ${BUNDLE_GLOBAL}.${fn.name}(${params});\n}\n`;
}

/**
 * The sidebar's page from its parts: the skeleton (src/sidebar/sidebar.html) with its style sheet
 * (sidebar.css) and one partial per panel (panels/<name>.html, where `<!-- panel: name -->`
 * stands). A marker whose part is missing fails the build.
 */
function assembleSidebar(skeleton) {
  const part = (file) => {
    if (!existsSync(file)) throw new Error(`The sidebar needs ${file}, which does not exist.`);
    return readFileSync(file, 'utf8').trimEnd();
  };
  return skeleton
    .replace('/*__SIDEBAR_STYLES__*/', () => part('src/sidebar/sidebar.css'))
    .replace(/<!-- panel: ([a-z-]+) -->/g, (_m, name) => part(`src/sidebar/panels/${name}.html`));
}

async function buildSidebar() {
  const entry = 'src/sidebar/client/main.ts';
  const template = 'src/sidebar/sidebar.html';
  if (!existsSync(template)) return;
  let script = '';
  if (existsSync(entry)) {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: 'iife',
      target: 'es2019',
      minify: true,
      write: false,
    });
    // Inline safely: a literal "</script" inside the code would end the tag early.
    script = result.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  }
  const html = assembleSidebar(readFileSync(template, 'utf8')).replace(
    '/*__SIDEBAR_SCRIPT__*/',
    () => script,
  );
  writeAtomically('Sidebar.html', html);
}

/**
 * Readers (a running preview loads dist/ for every execution) see the old file or the new one,
 * never half of one. The file is staged outside dist/, so no reader ever meets a temporary file.
 */
function writeAtomically(name, text) {
  mkdirSync(LOCAL_OUT, { recursive: true });
  const temp = path.join(LOCAL_OUT, `.dist-${name}.${process.pid}.tmp`);
  writeFileSync(temp, text);
  renameSync(temp, path.join(DIST, name));
}

/** Deletes whatever in dist/ is not one of the add-in's files. */
function removeStaleOutput() {
  for (const entry of readdirSync(DIST)) {
    if (!ADDON_FILES.has(entry)) rmSync(path.join(DIST, entry), { recursive: true, force: true });
  }
}

async function buildAddon() {
  mkdirSync(DIST, { recursive: true });
  removeStaleOutput();
  const surface = await loadSurface();
  const result = await esbuild.build({
    entryPoints: ['src/main.ts'],
    bundle: true,
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
    target: 'es2019',
    platform: 'neutral',
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    define: { __DEPLOYMENT__: JSON.stringify(BUILD.deployment) },
    write: false,
  });
  const body = result.outputFiles[0].text;

  // Which names does the bundle export? Evaluate it without any Apps Script service present:
  // this also proves the bundle calls no service at load time.
  const vm = await import('node:vm');
  const ctx = vm.createContext({});
  vm.runInContext(`${body}\nthis.__exports = Object.keys(${BUNDLE_GLOBAL});`, ctx);
  const exported = new Set(ctx.__exports);
  const declared = new Set(surface.map((f) => f.name));
  const missing = [...declared].filter((n) => !exported.has(n));
  const undeclared = [...exported].filter((n) => !declared.has(n));
  if (missing.length || undeclared.length) {
    throw new Error(
      `src/surface.ts and src/main.ts disagree. Declared but not exported: [${missing}]; exported but not declared: [${undeclared}]`,
    );
  }

  const header =
    '// Container Tracking for Google Sheets. Built file: edit src/ and run `npm run build`.\n';
  const footer = surface.map(stub).join('\n');
  writeAtomically('Code.js', `${header}${body}\n${footer}`);
  writeAtomically('appsscript.json', `${JSON.stringify(manifest(), null, 2)}\n`);
  await buildSidebar();
  console.log(
    `built ${DIST}/Code.js (${BUILD.deployment}: ${Buffer.byteLength(body + footer)} bytes, ${surface.length} public functions)`,
  );
}

async function buildLocal() {
  mkdirSync(LOCAL_OUT, { recursive: true });
  const entryPoints = Object.fromEntries(
    Object.entries(LOCAL_ENTRIES).filter(([, path]) => existsSync(path)),
  );
  await esbuild.build({
    entryPoints,
    outdir: LOCAL_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

if (args.has('--local')) await buildLocal();
else await buildAddon();
