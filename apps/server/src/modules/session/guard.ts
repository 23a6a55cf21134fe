import { CAPTCHA_AFTER_FAILURES, LOCKOUT_AFTER_FAILURES, LOCKOUT_MS } from "@marquee/contracts";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginGuards } from "../../db/schema";
import type { Clock } from "../../platform/deps";

export interface GuardState {
  failures: number;
  lockedUntil: Date | null;
}

/** Keys a sign-in attempt counts against: the user name and the address. */
export const guardKeys = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`];

/**
 * Failed sign-ins: a captcha is required after `threshold` failures (the
 * captchaThreshold setting; CAPTCHA_AFTER_FAILURES by default) for the user or
 * the address, and both are locked for LOCKOUT_MS after LOCKOUT_AFTER_FAILURES.
 * Failures older than LOCKOUT_MS are forgotten.
 */
export class LoginGuard {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly threshold: () => Promise<number> = async () => CAPTCHA_AFTER_FAILURES,
  ) {}

  async state(keys: string[]): Promise<GuardState> {
    const rows = await this.db.select().from(loginGuards).where(inArray(loginGuards.key, keys));
    const now = this.clock.now().getTime();
    let failures = 0;
    let lockedUntil: Date | null = null;
    for (const r of rows) {
      const fresh = now - r.updatedAt.getTime() < LOCKOUT_MS;
      if (fresh) failures = Math.max(failures, r.failures);
      if (r.lockedUntil && r.lockedUntil.getTime() > now && (!lockedUntil || r.lockedUntil > lockedUntil)) {
        lockedUntil = r.lockedUntil;
      }
    }
    return { failures, lockedUntil };
  }

  async needsCaptcha(state: GuardState): Promise<boolean> {
    return state.failures >= (await this.threshold());
  }

  /** Counts one failure against every key; answers the state after it. */
  async fail(keys: string[]): Promise<GuardState> {
    const now = this.clock.now();
    const stale = new Date(now.getTime() - LOCKOUT_MS);
    const lockAt = new Date(now.getTime() + LOCKOUT_MS);
    const next = sql`case when ${loginGuards.updatedAt} < ${stale} then 1 else ${loginGuards.failures} + 1 end`;
    for (const key of keys) {
      await this.db
        .insert(loginGuards)
        .values({ key, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: loginGuards.key,
          set: {
            failures: next,
            updatedAt: now,
            lockedUntil: sql`case when ${next} >= ${LOCKOUT_AFTER_FAILURES} then ${lockAt}::timestamptz
              when ${loginGuards.lockedUntil} > ${now} then ${loginGuards.lockedUntil} end`,
          },
        });
    }
    return this.state(keys);
  }

  async clear(keys: string[]): Promise<void> {
    await this.db.delete(loginGuards).where(inArray(loginGuards.key, keys));
  }
}
