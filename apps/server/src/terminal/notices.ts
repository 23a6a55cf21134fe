/** How long a notice is remembered for a socket still saying hello: well past the hello's own timeout. */
export const NOTICE_KEEP_MS = 120_000;

/**
 * The state and sync notices of the last NOTICE_KEEP_MS, by terminal, for
 * the sockets that were saying hello as they were sent.
 *
 * A socket's terminal row is read before the upgrade, and the socket is held
 * (reachable by notices) only once its welcome is sent. A notice sent in
 * between finds no socket to tell, and the welcome was written from the row
 * read before it: the screen would keep an old manifest until the next
 * reconciliation, or an old state for good (a later sync reads its new row).
 * So the gateway takes a `mark()` before reading the row, and once the socket
 * is held asks `missedSince(terminal, mark)`: when true it tells the screen
 * its state and manifest again.
 */
export class RecentNotices {
  private seq = 0;
  /** The last notice of each terminal, oldest first. */
  private readonly last = new Map<number, { seq: number; at: number }>();
  /** Notices up to this one were forgotten: a mark older than it may have missed one. */
  private forgotten = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly keepMs = NOTICE_KEEP_MS,
  ) {}

  /** A mark to take before reading a terminal's row. */
  mark(): number {
    return this.seq;
  }

  /** These terminals were sent a state or sync notice. */
  note(ids: Iterable<number>): void {
    const at = this.now();
    const seq = ++this.seq;
    for (const id of ids) {
      // Deleted first, so the map stays in the order of the notices and the oldest come first.
      this.last.delete(id);
      this.last.set(id, { seq, at });
    }
    for (const [id, n] of this.last) {
      if (at - n.at <= this.keepMs) break;
      this.last.delete(id);
      this.forgotten = n.seq;
    }
  }

  /** Whether a notice for this terminal may have come after `mark`. */
  missedSince(terminalId: number, mark: number): boolean {
    return mark < this.forgotten || (this.last.get(terminalId)?.seq ?? 0) > mark;
  }

  get size(): number {
    return this.last.size;
  }
}
