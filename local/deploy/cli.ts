// `npm run deploy [-- --script-id ID] [--web-app] [--title NAME]`: see deploy.ts.
import { execFileSync } from 'node:child_process';
import { DeployError, deploy, parseArgs } from './deploy';

const cwd = process.cwd();
try {
  deploy(parseArgs(process.argv.slice(2)), {
    cwd,
    env: process.env,
    log: (line) => console.log(line),
    build: () => execFileSync(process.execPath, ['esbuild.config.mjs'], { cwd, stdio: 'inherit' }),
  });
} catch (err) {
  if (!(err instanceof DeployError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
