// The shape of one function Apps Script may call (src/surface.ts, src/surface-cells.ts): the build
// writes its top-level stub and the JSDoc Sheets shows from it.

export interface PublicParam {
  name: string;
  type?: string;
  doc: string;
  optional?: boolean;
}

export interface PublicFunction {
  name: string;
  kind: 'custom-function' | 'server' | 'trigger';
  summary: string;
  params: PublicParam[];
  returns?: string;
}
