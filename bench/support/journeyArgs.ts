// `--applicants N` (or `--applicants=N`) on the bench command line; default 100, quick 10.

export function applicantsFrom(argv: readonly string[], quick: boolean): number {
  const fallback = quick ? 10 : 100;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg === '--applicants' ? argv[i + 1] : arg.startsWith('--applicants=') ? arg.slice(13) : undefined;
    if (value === undefined) continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--applicants needs a whole number ≥ 1, got "${value}"`);
    return n;
  }
  return fallback;
}
