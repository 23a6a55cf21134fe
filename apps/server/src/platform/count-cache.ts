interface Entry {
  total: Promise<number>;
  generation: number;
  at: number;
}

/**
 * Totals of paginated lists, kept per (table, filter) until the table is
 * written. An exact count(*) over a large table on every page is what makes
 * lists slow; a page turn or a refresh with no write in between reuses it,
 * and concurrent requests for the same total share one query.
 * Writers call `bump(table)`; a total is also dropped after `ttlMs`, so rows
 * written by another server process are counted within that time.
 */
export class CountCache {
  private readonly generations = new Map<string, number>();
  private readonly totals = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 5_000,
  ) {}

  bump(table: string): void {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }

  total(table: string, key: string, count: () => Promise<number>): Promise<number> {
    const generation = this.generations.get(table) ?? 0;
    const cacheKey = `${table}\u0000${key}`;
    const hit = this.totals.get(cacheKey);
    const now = Date.now();
    if (hit && hit.generation === generation && now - hit.at < this.ttlMs) return hit.total;
    if (this.totals.size >= this.maxEntries) this.totals.clear();
    const total = count();
    const entry = { total, generation, at: now };
    this.totals.set(cacheKey, entry);
    total.catch(() => {
      if (this.totals.get(cacheKey) === entry) this.totals.delete(cacheKey);
    });
    return total;
  }
}
