import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import svgCaptcha from "svg-captcha";
import type { Db } from "../db/client";
import { captchas } from "../db/schema";
import type { Clock } from "./deps";

export const CAPTCHA_COOKIE = "captchaId";
const TTL_MS = 5 * 60_000;
const hash = (answer: string) => createHash("sha256").update(answer.toLowerCase()).digest("base64url");

/** Captcha pictures; the answer is kept (hashed) on the server under an id held in a cookie. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(): Promise<{ id: string; svg: string; answer: string }> {
    const c = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: "0oO1iIlL",
      color: true,
      background: "#f4f6fa",
    });
    const id = randomBytes(18).toString("base64url");
    const now = this.clock.now().getTime();
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
    await this.db
      .insert(captchas)
      .values({ id, answerHash: hash(c.text), expiresAt: new Date(now + TTL_MS) });
    return { id, svg: c.data, answer: c.text };
  }

  /** Checks an answer once: right or wrong, the picture is used up. */
  async verify(id: string | undefined, answer: string): Promise<boolean> {
    if (!id || !answer) return false;
    const [row] = await this.db.delete(captchas).where(eq(captchas.id, id)).returning();
    return (
      !!row && row.expiresAt.getTime() > this.clock.now().getTime() && row.answerHash === hash(answer.trim())
    );
  }
}
