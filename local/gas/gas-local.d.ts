// gas-local 1.3.1 ships no types. require(folder, globals, { filter }) walks `folder`, and runs
// every file `filter` accepts (called with `${folder}/${relative path}`) in one vm context made
// from `globals` (returned as is when it already is a context), and returns that context.
declare module 'gas-local' {
  import type { Context } from 'node:vm';

  export function require(
    folderPath: string,
    globalObject?: object,
    options?: { filter?: (file: string) => boolean },
  ): Context;
}
