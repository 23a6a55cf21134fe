import {
  LoginBody,
  LoginResponse,
  LoginSendCodeBody,
  OkResponse,
  SeniorValidationQuery,
  SeniorValidationResponse,
  VERIFICATION_CODE_TTL_MS,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest } from "../../platform/errors";
import { MailNotConfiguredError } from "../../platform/mail";
import { clearSessionCookie, setSessionCookie } from "../../platform/session";
import { maskMail, VerificationCodes } from "./codes";
import { SignInRules } from "./credentials";
import { guardKeys } from "./guard";
import { recordSignIn } from "./repo";

/**
 * Sign-in with captcha, lockout and second factor; the tenant rules (its
 * domain, disabled or expired tenants) and passwords that must be changed
 * first (see SignInRules); sign-out.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const loginLimit = { rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 } };
  const rules = new SignInRules(services);
  const guard = rules.guard;
  const codes = new VerificationCodes(services.db, services.clock);

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
      await rules.assertMayTry(req, keys, validateCode);
      const user = await rules.checkPassword(req, username, req.body.password);
      req.audit.userId = user.id;
      req.audit.officeId = user.officeId;
      // The right password, but past its time (or set by an administrator): no session until it is changed.
      const change = await rules.changeReason(user);
      if (change.reason) return rules.changeRequired(req, change.reason, change.policy);
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
          throw await rules.fail(keys, "login.codeWrong", { needVerificationCode: true });
        }
      }
      await guard.clear(keys);
      const token = await services.sessions.create(user.id, req.ip, req.headers["user-agent"]);
      await recordSignIn(services.db, user.id, services.clock.now(), req.ip);
      setSessionCookie(req, reply, token);
      return {
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
      // Asked before any password, so it tells nothing about the user: whether the name exists or
      // has the second factor on. Failures count by name and address, an unknown name's the same way;
      // /a/login asks for the code (needVerificationCode) once the password is right.
      const state = await guard.state(guardKeys(req.query.username, req.ip));
      return {
        needVerificationCode: false,
        needCaptcha: await guard.needsCaptcha(state),
      };
    },
  );

  app.post(
    "/a/api/user/loginSendVerificationCode",
    {
      config: { access: { open: true }, action: "loginSendVerificationCode", ...loginLimit },
      schema: { tags: ["session"], body: LoginSendCodeBody, response: { 200: OkResponse } },
    },
    async (req) => {
      req.audit.username = req.body.username;
      const user = await rules.checkPassword(req, req.body.username, req.body.password);
      req.audit.userId = user.id;
      req.audit.officeId = user.officeId;
      const change = await rules.changeReason(user);
      if (change.reason) return rules.changeRequired(req, change.reason, change.policy);
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
      return { msg: req.t("login.codeSent", { mail: maskMail(user.email) }) };
    },
  );

  app.post(
    "/a/logout",
    {
      config: { access: { signedIn: true }, action: "logout", sessionOnly: true },
      schema: { tags: ["session"], response: { 200: OkResponse } },
    },
    async (req, reply) => {
      if (req.sessionHash) await services.sessions.end(req.sessionHash);
      clearSessionCookie(req, reply);
      return {};
    },
  );
};
