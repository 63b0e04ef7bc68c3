// A built Apps Script project on disk, as the runtime loads it: the push set of the folder a
// script file lives in (push-set.ts), its code run by gas-local in one global scope, and the
// manifest (appsscript.json) the runtime acts on.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type vm from 'node:vm';
import { require as loadGasFolder } from 'gas-local';
import { pushSetOf, type PushSet } from './push-set';

/** The parts of appsscript.json the runtime acts on. */
export interface Manifest {
  urlFetchWhitelist?: string[];
}

export interface Project {
  /** Runs every script file of the push set in `context`, as one execution's global scope. */
  load(context: vm.Context): void;
  /** appsscript.json, when clasp pushes one. */
  manifest: Manifest | undefined;
  /**
   * The script files' sources as one program, for contexts gas-local cannot reach (worker
   * threads): running them one after another in one global scope is running their concatenation.
   */
  source(): { code: string; filename: string };
}

/** The project `codePath` belongs to; codePath itself must be one of its script files. */
export function projectOf(codePath: string): Project {
  const file = path.resolve(codePath);
  if (!existsSync(file)) throw new Error(`${codePath} does not exist: build first (npm run build)`);
  const pushSet = pushSetOf(path.dirname(file));
  if (!pushSet.isScript(file)) {
    throw new Error(`${codePath} is not a script file clasp would push (see .claspignore)`);
  }
  return {
    // gas-local reads and compiles the files for each execution (about 0.4 ms more than a cached
    // vm.Script for dist/Code.js), so a file changed on disk is what the next execution runs.
    load: (context) => {
      loadGasFolder(pushSet.folder, context, { filter: (f) => pushSet.isScript(f) });
    },
    manifest: manifestOf(pushSet),
    source: () => {
      const files = pushSet.list().filter((f) => pushSet.isScript(f));
      return {
        code: files.map((f) => readFileSync(path.join(pushSet.folder, f), 'utf8')).join('\n;\n'),
        filename: file,
      };
    },
  };
}

function manifestOf(pushSet: PushSet): Manifest | undefined {
  const file = path.join(pushSet.folder, 'appsscript.json');
  return pushSet.includes(file) && existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest)
    : undefined;
}
