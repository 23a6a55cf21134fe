import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { entitlements, payOrders } from "../../db/schema";
import type { Services } from "../../platform/services";
import { expireOrder, revertEntitlement, startEntitlement } from "./apply";

/** How often the pass runs. */
export const PAY_PASS_MS = 60_000;
/** One pass at a time across server processes (pg_try_advisory_xact_lock(PAY_LOCK, 0)). */
const PAY_LOCK = 727_400;
/** Rows handled per pass and step (the next pass takes the rest). */
const BATCH = 500;

export interface PayPassResult {
  /** Another process held the lock: this pass did nothing. */
  skipped: boolean;
  /** Pending orders past payBefore, now expired. */
  expired: number;
  /** Renewals that started and were added to the quota. */
  started: number;
  /** Entitlements that ended and were taken back. */
  ended: number;
}

/**
 * The payment pass, in one transaction holding an advisory lock: pending
 * orders past payBefore expire (the buyer is told); entitlements whose start
 * has come (renewals) are added to the quota; those that ended are taken back.
 * Each step is guarded by its own column (state, applied_at, reverted_at), so
 * a row is handled exactly once whatever runs twice. `now` is injectable;
 * `wait` waits for the lock instead of skipping.
 */
export async function runPayPass(
  services: Services,
  opts: { now?: Date; wait?: boolean } = {},
): Promise<PayPassResult> {
  const now = opts.now ?? services.clock.now();
  return services.db.transaction(async (tx) => {
    // The timer skips when another process is at it; a caller that must see its pass run (tests) waits.
    const lock = await tx.execute<{ ok: boolean }>(
      opts.wait
        ? sql`select true as ok from (select pg_advisory_xact_lock(${PAY_LOCK}::int, 0)) l`
        : sql`select pg_try_advisory_xact_lock(${PAY_LOCK}::int, 0) as ok`,
    );
    if (!lock.rows[0]?.ok) return { skipped: true, expired: 0, started: 0, ended: 0 };
    let expired = 0;
    const late = await tx
      .select({ id: payOrders.id })
      .from(payOrders)
      .where(and(eq(payOrders.state, "pending"), lte(payOrders.payBefore, now)))
      .orderBy(asc(payOrders.payBefore))
      .limit(BATCH);
    for (const o of late) if (await expireOrder(services, tx, o.id)) expired++;

    let started = 0;
    const due = await tx
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(
        and(isNull(entitlements.appliedAt), isNull(entitlements.revertedAt), lte(entitlements.startsAt, now)),
      )
      .orderBy(asc(entitlements.startsAt))
      .limit(BATCH);
    for (const e of due) if (await startEntitlement(tx, e.id, now)) started++;

    let ended = 0;
    const over = await tx
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(
        and(isNull(entitlements.revertedAt), isNotNull(entitlements.endsAt), lte(entitlements.endsAt, now)),
      )
      .orderBy(asc(entitlements.endsAt))
      .limit(BATCH);
    for (const e of over) if (await revertEntitlement(tx, e.id, now)) ended++;
    return { skipped: false, expired, started, ended };
  });
}

/** Runs the pass every PAY_PASS_MS in the server; stop() waits for the pass under way. */
export class PayPass {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.busy || this.stopped) return;
      this.busy = true;
      const run = runPayPass(this.services)
        .catch((err) => this.log.warn({ err }, "the payment pass failed"))
        .finally(() => {
          this.busy = false;
        });
      this.running = run;
    }, PAY_PASS_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }
}
