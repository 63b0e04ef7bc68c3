// Which build this is: a bound script or the editor add-on. Decided when the bundle is built
// (esbuild's `define`, esbuild.config.mjs), never guessed at run time: in an add-on's single
// script project, ScriptApp.getInstallationSource() answers NONE for the deployer pressing Run
// and, undocumented, perhaps for test deployments; choosing stores by that answer once let one
// customer's settings (the API key among them) reach every other customer's cells.

export type DeploymentMode = 'bound' | 'add-on';

declare const __DEPLOYMENT__: DeploymentMode | undefined;

/** The build's mode. Code run outside a bundle (unit tests of src/) is the bound build's. */
export const DEPLOYMENT: DeploymentMode =
  typeof __DEPLOYMENT__ === 'undefined' ? 'bound' : __DEPLOYMENT__;
