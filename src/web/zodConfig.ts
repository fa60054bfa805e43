// Zod probes `new Function('')` to decide whether it may compile fast validators; under our CSP
// (no 'unsafe-eval') that probe is a reported violation in every browser console. Jitless mode skips
// the probe. Zod reads this global when it first loads — in a lazy chunk, after this module ran —
// so the first load does not have to carry zod just to configure it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
