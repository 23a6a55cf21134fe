import { createHash, randomInt } from "node:crypto";
import { VERIFICATION_CODE_RESEND_MS, VERIFICATION_CODE_TTL_MS } from "@marquee/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verificationCodes } from "../../db/schema";
import type { Clock } from "../../platform/deps";

const MAX_ATTEMPTS = 5;
/** A code is bound to its user and, for a mail address being confirmed, to that address. */
const hash = (userId: number, code: string, address?: string) =>
  createHash("sha256")
    .update(address === undefined ? `${userId}:${code}` : `${userId}:${address.toLowerCase()}:${code}`)
    .digest("base64url");

/**
 * Mailed codes: six digits, one live code per user, a few tries each. A
 * second-factor sign-in code is bound to the user; a code confirming a mail
 * address (user management) to the user and that address, so neither kind
 * passes for the other. A new code replaces the user's live one.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Seconds to wait before another code may be sent (0: now). */
  async waitSeconds(userId: number): Promise<number> {
    const [row] = await this.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
    if (!row) return 0;
    const left = row.sentAt.getTime() + VERIFICATION_CODE_RESEND_MS - this.clock.now().getTime();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  async issue(userId: number, address?: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const now = this.clock.now();
    const values = {
      codeHash: hash(userId, code, address),
      sentAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
      attempts: 0,
    };
    await this.db
      .insert(verificationCodes)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: verificationCodes.userId, set: values });
    return code;
  }

  /** Withdraws the live code (its mail could not be sent). */
  async revoke(userId: number): Promise<void> {
    await this.db.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
  }

  /** Checks a code; a right one is used up, a wrong one counts a try. */
  async check(userId: number, code: string, address?: string): Promise<boolean> {
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.userId, userId))
      .returning();
    if (!row || row.attempts > MAX_ATTEMPTS || row.expiresAt.getTime() <= this.clock.now().getTime())
      return false;
    if (row.codeHash !== hash(userId, code, address)) return false;
    await this.db.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
    return true;
  }
}

/** "j***@example.com": enough to recognise one's own address. */
export function maskMail(mail: string): string {
  const [local = "", domain = ""] = mail.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}
