interface Entry {
  value: Promise<unknown>;
  generation: number;
  at: number;
}

/**
 * Results of list reads (a page, or its total), kept per (table, key) until
 * the table is written. An exact count(*) over a large table on every page,
 * or the same page read again by every open console, is what makes lists
 * slow; a page turn or a refresh with no write in between reuses the answer,
 * and concurrent requests for the same one share one query.
 * Writers call `bump(table)` (in this process, at once); an answer is also
 * dropped after `ttlMs`, so rows written by another server process show
 * within that time. Keys must carry everything that shapes the answer:
 * the caller's data range and every filter.
 */
export class ReadCache {
  private readonly generations = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 5_000,
  ) {}

  bump(table: string): void {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }

  get<T>(table: string, key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generations.get(table) ?? 0;
    const cacheKey = `${table}\u0000${key}`;
    const hit = this.entries.get(cacheKey);
    const now = Date.now();
    if (hit && hit.generation === generation && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const entry = { value, generation, at: now };
    this.entries.set(cacheKey, entry);
    value.catch(() => {
      if (this.entries.get(cacheKey) === entry) this.entries.delete(cacheKey);
    });
    return value;
  }
}
