// The add-in as it was before reads followed the active work (issue 19), built from git, so the
// benchmark can count today's strategy beside the previous one on the same scenario. Built once
// into local/.build/ (gitignored); without git (an exported tree) the comparison is left out.

import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** The last commit before the active-work strategy. */
export const BASELINE_REV = '59560d7';

const FILES = ['src', 'esbuild.config.mjs', 'appsscript.json', '.clasp.json', '.claspignore'];

/** dist/Code.js of the baseline, or null when it cannot be built here. */
export function baselineCodePath(): string | null {
  const dir = path.resolve('local/.build', `baseline-${BASELINE_REV}`);
  const code = path.join(dir, 'dist/Code.js');
  if (existsSync(code)) return code;
  try {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${BASELINE_REV} ${FILES.join(' ')} | tar -x -C "${dir}"`, {
      stdio: 'ignore',
    });
    const modules = path.join(dir, 'node_modules');
    if (!existsSync(modules)) symlinkSync(path.resolve('node_modules'), modules);
    execSync('node esbuild.config.mjs', { cwd: dir, stdio: 'ignore' });
    return existsSync(code) ? code : null;
  } catch {
    return null;
  }
}
