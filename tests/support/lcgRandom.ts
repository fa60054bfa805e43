// A deterministic pseudo-random sequence for unit tests' synthetic images (tests must not depend on
// Math.random): a 32-bit linear congruential generator, written once for the face unit tests.
export function lcgRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
