// Earlier versions of the add-in built from git, so the benchmark can count today's strategy
// beside an earlier one on the same scenario: the add-in before reads followed the active work
// (issue 19), and before a team on one key shared its budget (issue 29). Built once into
// local/.build/ (gitignored); without git (an exported tree) the comparison is left out.

import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** The last commit before the active-work strategy. */
export const BASELINE_REV = '59560d7';
/** The last commit before a team on one key (issue 29): each spreadsheet paced alone. */
export const BEFORE_TEAM_REV = '67b0423';

const FILES = ['src', 'esbuild.config.mjs', 'appsscript.json', '.clasp.json', '.claspignore'];

/** `dist/Code.js` (or, `addOn`, `dist-addon/Code.js`) of `rev`, or null when it cannot be built. */
export function builtAt(rev: string, options: { addOn?: boolean } = {}): string | null {
  const dir = path.resolve('local/.build', `baseline-${rev}`);
  const code = path.join(dir, options.addOn ? 'dist-addon/Code.js' : 'dist/Code.js');
  if (existsSync(code)) return code;
  try {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'src'))) {
      execSync(`git archive ${rev} ${FILES.join(' ')} | tar -x -C "${dir}"`, { stdio: 'ignore' });
    }
    const modules = path.join(dir, 'node_modules');
    if (!existsSync(modules)) symlinkSync(path.resolve('node_modules'), modules);
    execSync(`node esbuild.config.mjs${options.addOn ? ' --addon' : ''}`, {
      cwd: dir,
      stdio: 'ignore',
    });
    return existsSync(code) ? code : null;
  } catch {
    return null;
  }
}

/** dist/Code.js of the baseline, or null when it cannot be built here. */
export function baselineCodePath(): string | null {
  return builtAt(BASELINE_REV);
}
