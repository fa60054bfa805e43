// The ID photo's face (embedding and unwrapped texture), kept in this process's memory per stored file so a retry does not
// analyse the document again. Bounded (least recently used out) and never written anywhere: a restart
// forgets it. A document with no usable face is remembered as null.
export class ReferenceCache<T = number[]> {
  private readonly entries = new Map<string, T | null>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  has(fileId: string): boolean {
    return this.entries.has(fileId);
  }

  /** The embedding (null: no face), or undefined when not cached. A hit becomes the most recent. */
  get(fileId: string): T | null | undefined {
    if (!this.entries.has(fileId)) return undefined;
    const value = this.entries.get(fileId) ?? null;
    this.entries.delete(fileId);
    this.entries.set(fileId, value);
    return value;
  }

  set(fileId: string, embedding: T | null): void {
    this.entries.delete(fileId);
    this.entries.set(fileId, embedding);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
