// The comparison worker of bench/support/abusePowLibraries.ts (bundled by esbuild at run time):
// ALTCHA v2's own solver with its WebCrypto PBKDF2, and Cap's two browser solvers (the JS fallback
// its widget runs without its WebAssembly, and hash-wasm's SHA-256 standing in for that WebAssembly).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

async function capFallback(salt, target) {
  const encoder = new TextEncoder();
  for (let nonce = 0; ; nonce++) {
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(salt + nonce)));
    let hex = '';
    for (let k = 0; k < Math.ceil(target.length / 2); k++) hex += hash[k].toString(16).padStart(2, '0');
    if (hex.startsWith(target)) return nonce;
  }
}

function capWasm(sha, salt, target) {
  for (let nonce = 0; ; nonce++) {
    sha.init();
    sha.update(salt + nonce);
    if (sha.digest('hex').startsWith(target)) return nonce;
  }
}

self.onmessage = async ({ data }) => {
  const started = performance.now();
  if (data.kind === 'altcha') {
    const solution = await solveChallenge({ challenge: data.challenge, deriveKey });
    self.postMessage({ ms: performance.now() - started, counter: solution && solution.counter });
  } else if (data.kind === 'capFallback') {
    for (const [salt, target] of data.pairs) await capFallback(salt, target);
    self.postMessage({ ms: performance.now() - started });
  } else {
    const sha = await self.hashwasm.createSHA256();
    for (const [salt, target] of data.pairs) capWasm(sha, salt, target);
    self.postMessage({ ms: performance.now() - started });
  }
};
