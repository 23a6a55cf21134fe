import { type PasswordPolicy, passwordExpired } from "@marquee/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema";
import { CAPTCHA_COOKIE } from "../../platform/captcha";
import { AppError, badRequest } from "../../platform/errors";
import { hostLabel } from "../../platform/office-tree";
import { dummyHash, verifyPassword } from "../../platform/password";
import type { Services } from "../../platform/services";
import { passwordRefused } from "../sso/service";
import { guardKeys, LoginGuard } from "./guard";
import { readPassword } from "./password-input";

export type UserRow = typeof users.$inferSelect;

/** Why a user must choose a new password before a session is made. */
export type ChangeReason = "expired" | "reset";

/**
 * The sign-in rules, shared by /a/login, the second-factor mail and
 * pwdPastDueModify: lockout and captcha, the password, the tenant's domain,
 * the account and its tenant being open, and the password's age.
 */
export class SignInRules {
  readonly guard: LoginGuard;

  constructor(private readonly services: Services) {
    this.guard = new LoginGuard(services.db, services.clock, () => services.settings.get("captchaThreshold"));
    // Made now, so even the first unknown user name costs one verify, like a known one.
    void dummyHash();
  }

  async findUser(username: string): Promise<UserRow | undefined> {
    const [user] = await this.services.db
      .select()
      .from(users)
      // A service account never signs in: its name answers like an unknown one.
      .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.kind, "person")));
    return user;
  }

  lockedError(until: Date): AppError {
    return new AppError(423, "login.locked", {
      minutes: Math.max(1, Math.ceil((until.getTime() - this.services.clock.now().getTime()) / 60_000)),
    });
  }

  /** Refuses a locked user or address, and asks for the captcha once failures reach the threshold. */
  async assertMayTry(req: FastifyRequest, keys: string[], validateCode: string): Promise<void> {
    const state = await this.guard.state(keys);
    if (state.lockedUntil) throw this.lockedError(state.lockedUntil);
    if (await this.guard.needsCaptcha(state)) {
      if (!validateCode) throw badRequest("login.captchaRequired", undefined, { needCaptcha: true });
      if (!(await this.services.captcha.verify(req.cookies[CAPTCHA_COOKIE], validateCode))) {
        throw badRequest("login.captchaWrong", undefined, { needCaptcha: true });
      }
    }
  }

  /** Counts a failure against the keys: the refusal to throw (`key`, or the lockout it reached). */
  async fail(
    keys: string[],
    key: "login.invalidCredentials" | "login.codeWrong" = "login.invalidCredentials",
    extra: Record<string, unknown> = {},
  ): Promise<AppError> {
    const after = await this.guard.fail(keys);
    if (after.lockedUntil) return this.lockedError(after.lockedUntil);
    return badRequest(key, undefined, { ...extra, needCaptcha: await this.guard.needsCaptcha(after) });
  }

  /**
   * On a tenant's own second-level domain only its users (and the platform's)
   * may sign in; anyone else is told exactly what a wrong password tells.
   */
  private async domainAllows(req: FastifyRequest, officeId: number): Promise<boolean> {
    // The same host the brand is chosen by (behind a trusted proxy, the forwarded one).
    const label = hostLabel(req.host);
    const tenant = label ? await this.services.tree.byDomain(label) : undefined;
    if (!tenant) return true;
    if (await this.services.tree.within(officeId, tenant.path)) return true;
    return (await this.services.tree.tenantOf(officeId))?.type === "platform";
  }

  /**
   * Verifies a user name and password (encrypted like the console sends it),
   * counting a failure when either is wrong; then refuses a disabled account
   * and a disabled or expired tenant, which only someone with the right
   * password learns.
   */
  async checkPassword(req: FastifyRequest, username: string, rawPassword: string): Promise<UserRow> {
    const keys = guardKeys(username, req.ip);
    const before = await this.guard.state(keys);
    if (before.lockedUntil) throw this.lockedError(before.lockedUntil);
    const password = await readPassword(this.services, rawPassword);
    const user = await this.findUser(username);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user || !ok || !(await this.domainAllows(req, user.officeId))) throw await this.fail(keys);
    if (!user.enabled) throw new AppError(403, "login.disabled");
    // Single sign-on (issue 23): a tenant that turned passwords off signs its users in through its provider.
    const ssoLabel = await passwordRefused(this.services, user);
    if (ssoLabel !== null) throw new AppError(403, "sso.passwordOff", { label: ssoLabel });
    const block = await this.services.tree.blocked(user.officeId, this.services.clock.now());
    if (block) {
      throw new AppError(403, block.reason === "expired" ? "login.tenantExpired" : "login.tenantDisabled", {
        name: block.office.name,
      });
    }
    return user;
  }

  /** Whether the user must choose a new password first, and why. */
  async changeReason(user: UserRow): Promise<{ reason: ChangeReason | null; policy: PasswordPolicy }> {
    const policy = await this.services.settings.get("passwordPolicy");
    if (user.mustChangePassword) return { reason: "reset", policy };
    if (passwordExpired(policy, user.passwordChangedAt, this.services.clock.now()))
      return { reason: "expired", policy };
    return { reason: null, policy };
  }

  /**
   * The answer to right credentials whose password must be changed: no session, a flag for the
   * console. HTTP 200 (a 400 showed as an error in every browser's console) with code 400, so the
   * console still takes it as a refusal; the audit log records it as refused.
   */
  changeRequired(req: FastifyRequest, reason: ChangeReason, policy: PasswordPolicy) {
    req.audit.refused = true;
    return {
      code: 400,
      msg: req.t(reason === "reset" ? "login.passwordReset" : "login.passwordExpired"),
      passwordExpired: true,
      reason,
      passwordPolicy: policy,
    };
  }
}
