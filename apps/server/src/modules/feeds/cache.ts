/** What a feed call answers: the data, or null and why. */
export interface FeedAnswer<T> {
  data: T | null;
  reason: string | null;
}

interface Entry<T> {
  answer: Promise<FeedAnswer<T>>;
  /** When the answer arrived (null while it is being fetched). */
  at: number | null;
  ok: boolean;
}

/**
 * Feed answers kept in memory per key: data for `okMs` (10 minutes), a failure
 * for `failMs` (a minute, so a provider that recovers is seen soon), and one
 * fetch at a time per key however many screens ask at once. The clock is the
 * app's, so tests can move past the expiry.
 */
export class FeedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => number,
    private readonly okMs = 10 * 60_000,
    private readonly failMs = 60_000,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string, load: () => Promise<FeedAnswer<T>>): Promise<FeedAnswer<T>> {
    const hit = this.entries.get(key);
    if (hit && (hit.at === null || this.now() - hit.at < (hit.ok ? this.okMs : this.failMs)))
      return hit.answer;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: Entry<T> = { answer: load(), at: null, ok: false };
    this.entries.set(key, entry);
    entry.answer.then(
      (a) => {
        entry.at = this.now();
        entry.ok = a.data !== null;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.answer;
  }
}
