import {
  AUTH_COOKIE,
  CheckLoginResponse,
  HealthResponse,
  type HealthStatus,
  IsSysInitResponse,
  OkResponse,
  PublishKeyResponse,
  SYS_INIT,
  SysInitBody,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPTCHA_COOKIE } from "../../platform/captcha";
import { binaryResponse } from "../../platform/download";
import { AppError } from "../../platform/errors";
import { readPassword } from "../session/password-input";
import { loginInfo } from "../sso/service";
import { assertPasswordPolicy } from "../user/repo";
import { HealthProbe } from "./health";
import { AlreadyInitialisedError, initialiseSystem, isInitialised } from "./init";

/** The open calls: system initialisation, the login key, captcha, session probe, health. */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const openLimit = { rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 } };

  app.get(
    "/f/common/isSysInit",
    { config: openLimit, schema: { tags: ["session"], response: { 200: IsSysInitResponse } } },
    async (req) => ({
      data: (await isInitialised(services.db)) ? SYS_INIT.initialised : SYS_INIT.notInitialised,
      // Single sign-on (issue 23): what the sign-in page of this host offers.
      sso: await loginInfo(services, req.host),
    }),
  );

  app.post(
    "/f/common/sysInit",
    {
      config: { access: { open: true }, action: "sysInit", ...openLimit },
      schema: { tags: ["session"], body: SysInitBody, response: { 200: OkResponse } },
    },
    async (req) => {
      req.audit.username = req.body.username;
      const password = await readPassword(services, req.body.password);
      await assertPasswordPolicy(services.settings, password, "password");
      try {
        const { userId, officeId } = await initialiseSystem(services.db, { ...req.body, password });
        services.tree.invalidate();
        req.audit.userId = userId;
        req.audit.officeId = officeId;
        return {};
      } catch (err) {
        if (err instanceof AlreadyInitialisedError) throw new AppError(409, "sysInit.done");
        throw err;
      }
    },
  );

  app.get(
    "/f/common/getPublishKey",
    { config: openLimit, schema: { tags: ["session"], response: { 200: PublishKeyResponse } } },
    async () => {
      const on = await services.settings.get("landingEncryption");
      return {
        landingEncryption: on,
        publicKeyJson: { ...services.loginKey.publicKeyJson, isLandingEncryption: on },
      };
    },
  );

  const captchaImage = binaryResponse("the captcha image", ["image/svg+xml"]);
  app.get(
    "/f/common/captcha",
    { config: openLimit, schema: { tags: ["session"], response: captchaImage } },
    async (req, reply) => {
      const { id, svg } = await services.captcha.create();
      reply.setCookie(CAPTCHA_COOKIE, id, {
        path: "/apm-web",
        httpOnly: true,
        sameSite: "lax",
        secure: req.protocol === "https",
        maxAge: 300,
      });
      reply.header("cache-control", "no-store");
      return reply.type("image/svg+xml").send(svg);
    },
  );

  app.post(
    "/f/common/checkIslogin",
    { config: openLimit, schema: { tags: ["session"], response: { 200: CheckLoginResponse } } },
    async (req) => ({
      isLogin: req.actor !== null && !!req.cookies[AUTH_COOKIE],
    }),
  );

  // On the health check's own connection: a node whose pool is busy is busy, not down.
  const health = new HealthProbe(() => services.processes.workersAlive(app.deps.database.probe));
  // For load balancers and supervisors: 503 while the database is out of reach. A data disk running low,
  // or no live process doing the jobs (`workers` 0: web nodes alone), keeps the answer 200 (the node still
  // serves) and says so; the log and a notice to the platform's administrators say it too.
  app.get(
    "/f/health",
    { schema: { tags: ["ops"], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (req, reply) => {
      const disk = await services.disk.space().catch(() => null);
      try {
        const workers = await health.workers();
        const status: HealthStatus = workers === 0 ? "noWorker" : disk?.low ? "diskLow" : "ok";
        return { status, disk, workers };
      } catch {
        return reply
          .status(503)
          .send({ code: 503, msg: req.t("common.unavailable"), status: "unavailable", disk, workers: null });
      }
    },
  );
};
