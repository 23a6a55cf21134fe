/** How long a read of the database's side of the health check answers the checks that follow it. */
export const HEALTH_KEEP_MS = 1_000;

/**
 * The database's side of the health check: the live workers, counted on the check's own connection (a
 * count that comes back is the proof that the database answers). The checks that arrive while a read
 * runs wait for it, and its count answers the checks of the second after: a balancer's checks, a
 * supervisor's and a flood of requests to the public path cost at most one statement a second and
 * never pile up on the one connection. A failed read is not kept: the next check reads again.
 */
export class HealthProbe {
  private last: { workers: Promise<number>; settledAt: number | null } | null = null;

  constructor(
    private readonly read: () => Promise<number>,
    private readonly now: () => number = () => performance.now(),
    private readonly keepMs = HEALTH_KEEP_MS,
  ) {}

  workers(): Promise<number> {
    const last = this.last;
    if (last && (last.settledAt === null || this.now() - last.settledAt < this.keepMs)) return last.workers;
    const entry: { workers: Promise<number>; settledAt: number | null } = {
      workers: this.read(),
      settledAt: null,
    };
    this.last = entry;
    entry.workers.then(
      () => {
        entry.settledAt = this.now();
      },
      () => {
        if (this.last === entry) this.last = null;
      },
    );
    return entry.workers;
  }
}
