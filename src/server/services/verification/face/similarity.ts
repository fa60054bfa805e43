// Similarity of two face embeddings, 0..1 (1 = the same face), as @vladmandic/human defines it
// (match.similarity with its defaults: Euclidean distance × 25, mapped from 0.2..0.8 to 0..1), kept
// here so the API thread compares without loading the engine.
export function faceSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  const distance = Math.round(100 * 25 * sum) / 100;
  if (distance === 0) return 1;
  const normalised = (1 - Math.sqrt(distance) / 100 - 0.2) / (0.8 - 0.2);
  return Math.max(0, Math.min(1, normalised));
}
