// The build the page runs (issue 19 §5): package.json's version and the git commit, injected by Vite's
// `define` (vite.config.ts) at build, dev and test time. Support snapshots carry it as `appVersion`.
// Error reporting keeps the spec's fixed release '2.0.0' (portal-spec.md "Error reporting";
// ErrorReporting.release); this is the finer name support reads beside it.

declare const __APP_BUILD__: { version: string; commit: string } | undefined;

/** Outside Vite (a plain Node script) nothing is injected: the build is unknown, not invented. */
export const APP_BUILD: { version: string; commit: string } =
  typeof __APP_BUILD__ === 'undefined' ? { version: 'unknown', commit: 'unknown' } : __APP_BUILD__;

/** `2.0.0+1f9f0ec`: semver build metadata names the commit. */
export const APP_VERSION = `${APP_BUILD.version}+${APP_BUILD.commit}`;
