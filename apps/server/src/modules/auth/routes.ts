import {
  LoginBody,
  LoginResponse,
  LoginSendCodeBody,
  SeniorValidationQuery,
  SeniorValidationResponse,
  VERIFICATION_CODE_TTL_MS,
} from "@marquee/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { users } from "../../db/schema";
import { CAPTCHA_COOKIE } from "../../platform/captcha";
import { AppError, badRequest } from "../../platform/errors";
import { MailNotConfiguredError } from "../../platform/mail";
import { dummyHash, verifyPassword } from "../../platform/password";
import { clearSessionCookie, setSessionCookie } from "../../platform/session";
import { maskMail, VerificationCodes } from "./codes";
import { guardKeys, LoginGuard } from "./guard";
import { readPassword } from "./password-input";

/** Sign-in with captcha, lockout and second factor; sign-out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const loginLimit = { rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 } };
  const guard = new LoginGuard(services.db, services.clock);
  const codes = new VerificationCodes(services.db, services.clock);

  const findUser = async (username: string) => {
    const [user] = await services.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    return user;
  };

  const lockedError = (until: Date) =>
    new AppError(423, "login.locked", {
      minutes: Math.max(1, Math.ceil((until.getTime() - services.clock.now().getTime()) / 60_000)),
    });

  /** Verifies a password, counting a failure (and answering why) when it is wrong. */
  const checkPassword = async (req: FastifyRequest, username: string, rawPassword: string) => {
    const keys = guardKeys(username, req.ip);
    const before = await guard.state(keys);
    if (before.lockedUntil) throw lockedError(before.lockedUntil);
    const password = await readPassword(services, rawPassword);
    const user = await findUser(username);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user || !ok) {
      const after = await guard.fail(keys);
      if (after.lockedUntil) throw lockedError(after.lockedUntil);
      throw badRequest("login.invalidCredentials", undefined, {
        needCaptcha: LoginGuard.needsCaptcha(after),
      });
    }
    if (!user.enabled) throw new AppError(403, "login.disabled");
    return { user };
  };

  app.post(
    "/a/login",
    {
      config: { access: { open: true }, action: "login", ...loginLimit },
      schema: { tags: ["session"], body: LoginBody, response: { 200: LoginResponse } },
    },
    async (req, reply) => {
      const { username, validateCode, verificationCode } = req.body;
      req.audit.username = username;
      const keys = guardKeys(username, req.ip);
      const state = await guard.state(keys);
      if (state.lockedUntil) throw lockedError(state.lockedUntil);
      if (LoginGuard.needsCaptcha(state)) {
        if (!validateCode) throw badRequest("login.captchaRequired", undefined, { needCaptcha: true });
        if (!(await services.captcha.verify(req.cookies[CAPTCHA_COOKIE], validateCode))) {
          throw badRequest("login.captchaWrong", undefined, { needCaptcha: true });
        }
      }
      const { user } = await checkPassword(req, username, req.body.password);
      req.audit.userId = user.id;
      req.audit.officeId = user.officeId;
      if (user.twoFactor) {
        if (!user.email) throw badRequest("login.noMail");
        if (!verificationCode) {
          throw badRequest(
            "login.codeRequired",
            { mail: maskMail(user.email) },
            { needVerificationCode: true },
          );
        }
        if (!(await codes.check(user.id, verificationCode))) {
          const after = await guard.fail(keys);
          if (after.lockedUntil) throw lockedError(after.lockedUntil);
          throw badRequest("login.codeWrong", undefined, {
            needVerificationCode: true,
            needCaptcha: LoginGuard.needsCaptcha(after),
          });
        }
      }
      await guard.clear(keys);
      const token = await services.sessions.create(user.id, req.ip, req.headers["user-agent"]);
      setSessionCookie(req, reply, token);
      return {
        code: 0,
        msg: req.t("common.ok"),
        user: { id: user.id, name: user.name, avatar: user.avatar },
      };
    },
  );

  app.get(
    "/a/seniorValidation",
    {
      config: { access: { open: true }, ...loginLimit },
      schema: {
        tags: ["session"],
        querystring: SeniorValidationQuery,
        response: { 200: SeniorValidationResponse },
      },
    },
    async (req) => {
      const state = await guard.state(guardKeys(req.query.username, req.ip));
      const user = await findUser(req.query.username);
      return {
        code: 0,
        msg: req.t("common.ok"),
        needVerificationCode: user?.twoFactor === true,
        needCaptcha: LoginGuard.needsCaptcha(state),
      };
    },
  );

  app.post(
    "/a/api/user/loginSendVerificationCode",
    {
      config: { access: { open: true }, action: "loginSendVerificationCode", ...loginLimit },
      schema: { tags: ["session"], body: LoginSendCodeBody },
    },
    async (req) => {
      req.audit.username = req.body.username;
      const { user } = await checkPassword(req, req.body.username, req.body.password);
      req.audit.userId = user.id;
      req.audit.officeId = user.officeId;
      if (!user.email) throw badRequest("login.noMail");
      const wait = await codes.waitSeconds(user.id);
      if (wait > 0) throw new AppError(429, "login.codeTooSoon", { seconds: wait });
      const code = await codes.issue(user.id);
      try {
        await services.mailer.send(
          user.email,
          req.t("mail.codeSubject"),
          req.t("mail.codeBody", { code, minutes: VERIFICATION_CODE_TTL_MS / 60_000 }),
        );
      } catch (err) {
        await codes.revoke(user.id);
        if (err instanceof MailNotConfiguredError) throw new AppError(503, "mail.notConfigured");
        req.log.warn({ err }, "verification mail failed");
        throw new AppError(502, "mail.failed", { reason: (err as Error).message });
      }
      return { code: 0, msg: req.t("login.codeSent", { mail: maskMail(user.email) }) };
    },
  );

  app.post(
    "/a/logout",
    { config: { access: { signedIn: true }, action: "logout" }, schema: { tags: ["session"] } },
    async (req, reply) => {
      if (req.sessionHash) await services.sessions.end(req.sessionHash);
      clearSessionCookie(req, reply);
      return { code: 0, msg: req.t("common.ok") };
    },
  );
};
