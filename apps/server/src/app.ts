import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_PREFIX, VERSION } from "@marquee/contracts";
import Fastify, { type FastifyBaseLogger, type FastifyContextConfig, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { runsWork, servesWeb } from "./config";
import { alarmRoutes } from "./modules/alarm/routes";
import { behaviorRoutes } from "./modules/behavior/routes";
import { brandRoutes } from "./modules/brand/routes";
import { commonRoutes } from "./modules/common/routes";
import { debugRoutes } from "./modules/debug/routes";
import { dictRoutes } from "./modules/dict/routes";
import { feedRoutes } from "./modules/feeds/routes";
import { helpRoutes } from "./modules/help/routes";
import { homeRoutes } from "./modules/home/routes";
import { logRoutes } from "./modules/log/routes";
import { fileRoutes } from "./modules/material/file-routes";
import { MaterialProcessor } from "./modules/material/processor";
import { materialRoutes } from "./modules/material/routes";
import { sweepUploads } from "./modules/material/upload";
import { menuManageRoutes } from "./modules/menu/manage-routes";
import { menuRoutes } from "./modules/menu/routes";
import { messageRoutes } from "./modules/message/routes";
import { customerRoutes } from "./modules/office/customer-routes";
import { officeRoutes } from "./modules/office/routes";
import { payRoutes } from "./modules/pay/routes";
import { playerStatic } from "./modules/player/static";
import { playPlanRoutes } from "./modules/playPlan/routes";
import { popRoutes } from "./modules/pop/routes";
import { positionRoutes } from "./modules/position/routes";
import { programRoutes } from "./modules/program/routes";
import { publishRoutes } from "./modules/publish/routes";
import { PublishService } from "./modules/publish/service";
import { publishMessageRoutes } from "./modules/publishMessage/routes";
import { roleRoutes } from "./modules/role/routes";
// Service accounts (issue 23).
import { serviceAccountRoutes } from "./modules/serviceAccount/routes";
import { sessionRoutes } from "./modules/session/routes";
// Single sign-on (issue 23).
import { ssoRoutes } from "./modules/sso/routes";
import { statisticsRoutes } from "./modules/statistics/routes";
import { strategyRoutes } from "./modules/strategy/routes";
import { syncRoutes } from "./modules/sync/routes";
import { sysSettingRoutes } from "./modules/sysSetting/routes";
import { terminalRoutes } from "./modules/terminal/routes";
import { terminalSetRoutes } from "./modules/terminalSet/routes";
import { tokenRoutes } from "./modules/token/routes";
import { userManageRoutes } from "./modules/user/manage-routes";
import { userRoutes } from "./modules/user/routes";
// Video walls (issue 24).
import { wallRoutes } from "./modules/wall/routes";
// Signed webhooks (issue 23)
import { webhookRoutes } from "./modules/webhook/routes";
import { widgetRoutes } from "./modules/widget/routes";
import { accessPlugin } from "./platform/access";
import { apiTokenPlugin } from "./platform/api-token";
import { auditPlugin } from "./platform/audit";
import type { AppDeps } from "./platform/deps";
import { DataDisk, watchDisk } from "./platform/disk";
import { envelopePlugin, jsonSerializerCompiler, zodValidatorCompiler } from "./platform/envelope";
import { i18nPlugin } from "./platform/i18n";
import { ProcessRegistry, STALE_AFTER_MS, watchWorkers } from "./platform/processes";
import { createServices, type PlatformServices, type Services } from "./platform/services";
import { sessionPlugin } from "./platform/session";
import { TerminalHub } from "./terminal/hub";
import { terminalPlugin } from "./terminal/plugin";

/**
 * The services the modules own, built once beside the platform's (see Services). The processor,
 * the hub and publishing keep the services object and read it only once it is complete.
 */
function withModuleServices(app: FastifyInstance, platform: PlatformServices): Services {
  const services = platform as Services;
  services.processor = new MaterialProcessor(services, services.storage, services.jobs);
  services.hub = new TerminalHub(services, app.deps.database.pool, app.log, {
    offlineGraceMs: app.deps.config.webhookOfflineGraceMs,
  });
  services.publishing = new PublishService(services, app.log);
  return services;
}

/**
 * Builds the HTTP app. Plugins load in a fixed order: config (deps), the
 * database (services), envelope and errors, session, access, audit, then the
 * domain modules under /apm-web.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger | undefined,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // 1. config and 2. database
  app.decorate("deps", deps);
  const processes = new ProcessRegistry(deps.database.db, app.log, config.role);
  const disk = new DataDisk(config.dataDir, config.diskReserveBytes);
  const platform = await createServices({
    db: deps.database.db,
    pool: deps.database.pool,
    clock: deps.clock,
    processes,
    disk,
    dataDir: config.dataDir,
    storage: config.storage,
    log: deps.log,
  });
  app.decorate("services", withModuleServices(app, platform));
  const { jobs, storage, processor } = app.services;
  const web = servesWeb(config.role);
  const work = runsWork(config.role);
  // Registered once every module has said what it takes over from a dead process (onReap); the first
  // reap runs before the server answers, so nothing a killed process left is read as live.
  app.addHook("onReady", () => processes.start());
  app.addHook("onClose", () => processes.stop());
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);

  // 3. envelope and errors, i18n, body parsing
  await app.register(cookie);
  await app.register(i18nPlugin);
  const consoleDir = web ? deps.consoleDir : undefined;
  const consoleIndex = consoleDir ? () => readFileSync(path.join(consoleDir, "index.html")) : undefined;
  await app.register(envelopePlugin, { consoleIndex });
  // A worker node answers HTTP only for the health check (a load balancer's or supervisor's).
  if (!web) {
    const health = `${API_PREFIX}/f/health`;
    app.addHook("onRequest", async (req, reply) => {
      const at = req.url.split("?")[0] ?? "";
      if (at !== health)
        return reply.code(404).send({ code: 404, msg: req.t("common.notFound", { path: at }) });
    });
  }
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  await app.register(rateLimit, { global: false });

  // 4. session, 5. access, 6. audit
  await app.register(sessionPlugin, { store: app.services.sessions, actors: app.services.actors });
  await app.register(apiTokenPlugin, {
    tokens: app.services.apiTokens,
    actors: app.services.actors,
    tree: app.services.tree,
    clock: deps.clock,
  });
  await app.register(accessPlugin, { publicOrigin: config.publicOrigin });
  await app.register(auditPlugin, { services: app.services });

  // 7. background jobs (pg-boss in the same database), stopped before the database closes
  await jobs.start();
  app.addHook("onClose", () => jobs.stop());
  if (work) await processor.start();

  // 7b. housekeeping: uploads left untouched (and chunk files no upload names), and the data disk's
  // free space (a warning, and a notice to the platform's administrators, when it runs low)
  const housekeeping: Array<ReturnType<typeof setTimeout>> = [];
  const every = (ms: number, what: string, fn: () => Promise<unknown>) => {
    const run = () => fn().catch((err) => app.log.warn({ err }, `${what} failed`));
    housekeeping.push(setInterval(run, ms).unref());
    return run();
  };
  app.addHook("onReady", async () => {
    // A node that does no work itself warns when no live process does (a cluster of web nodes alone);
    // the first look waits until workers started beside it have said they live.
    if (!work) {
      const look = () =>
        every(60_000, "the check for a live worker", () => watchWorkers(app.services.db, processes, app.log));
      housekeeping.push(setTimeout(() => void look(), STALE_AFTER_MS).unref());
      return;
    }
    await every(3_600_000, "the sweep of stale uploads", () =>
      sweepUploads(app.services.db, storage, config.uploadExpiryMs),
    );
    await every(60_000, "the data disk check", () => watchDisk(app.services, app.log));
  });
  app.addHook("onClose", async () => {
    for (const timer of housekeeping) clearTimeout(timer);
  });

  // 8. the API document and the modules. A worker node builds the modules (they own their job handlers
  // and periodic passes) but answers HTTP only for the health check; its hub only joins the bus.
  if (!web) {
    await app.services.hub.start();
    app.addHook("onClose", () => app.services.hub.stop());
  }
  await app.register(swagger, {
    openapi: {
      info: { title: "Marquee API", version: VERSION },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "Authorization" },
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description: "An API token (mqt_…), made in the personal centre",
          },
        },
      },
    },
    // Each signed-in call says how it may be made: with the console's cookie, or an API token unless
    // the call is for a session only.
    transform: (doc) => {
      const out = jsonSchemaTransform(doc);
      const config = doc.route.config as FastifyContextConfig | undefined;
      const access = config?.access;
      if (!doc.url.startsWith(`${API_PREFIX}/a/`) || !access || "open" in access) return out;
      const security: Array<Record<string, string[]>> = [{ session: [] }];
      if (!config?.sessionOnly) security.push({ bearerAuth: [] });
      return { ...out, schema: { ...out.schema, security } };
    },
    // The named (recursive) schemas, such as the menu tree's nodes, as components the answers refer to.
    transformObject: jsonSchemaTransformObject,
  });
  // "Authorize" takes an API token and keeps it across reloads, so a user can try calls with it.
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    uiConfig: { persistAuthorization: true },
  });
  if (consoleDir) {
    // Hashed bundles never change; index.html is always asked again.
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: "/",
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) =>
        res.header(
          "cache-control",
          file.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        ),
    });
    app.get("/", async (_req, reply) => reply.redirect("/login"));
  }
  // The web player at /player/ (apps/player/dist, when built).
  if (web) await app.register(playerStatic());
  // Terminals: the hub (app.services.hub, used by the modules below) starts, and the /t/* gateway.
  if (web) await app.register(terminalPlugin);
  await app.register(
    async (api) => {
      await api.register(commonRoutes);
      await api.register(sessionRoutes);
      await api.register(userRoutes);
      await api.register(menuRoutes);
      await api.register(messageRoutes);
      await api.register(sysSettingRoutes);
      await api.register(logRoutes);
      await api.register(officeRoutes);
      await api.register(customerRoutes);
      await api.register(brandRoutes);
      await api.register(userManageRoutes);
      await api.register(roleRoutes);
      await api.register(menuManageRoutes);
      await api.register(dictRoutes);
      await api.register(helpRoutes);
      await api.register(tokenRoutes);
      // Service accounts (issue 23).
      await api.register(serviceAccountRoutes);
      await api.register(materialRoutes);
      await api.register(fileRoutes);
      await api.register(programRoutes);
      await api.register(widgetRoutes);
      await api.register(feedRoutes);
      await api.register(terminalRoutes);
      await api.register(terminalSetRoutes);
      await api.register(strategyRoutes);
      await api.register(alarmRoutes);
      await api.register(positionRoutes);
      await api.register(debugRoutes);
      await api.register(syncRoutes);
      await api.register(playPlanRoutes);
      await api.register(publishMessageRoutes);
      await api.register(publishRoutes);
      await api.register(statisticsRoutes);
      await api.register(popRoutes);
      await api.register(behaviorRoutes);
      await api.register(homeRoutes);
      await api.register(payRoutes);
      // Signed webhooks (issue 23)
      await api.register(webhookRoutes);
      // Single sign-on (issue 23).
      await api.register(ssoRoutes);
      // Video walls (issue 24).
      await api.register(wallRoutes);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
