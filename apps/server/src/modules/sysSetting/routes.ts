import {
  type Announcement,
  AnnouncementQuery,
  AnnouncementResponse,
  AnnouncementSaveBody,
  API_PREFIX,
  ApiServerSupportResponse,
  CommandLogQuery,
  CommandLogResponse,
  GetKeyQuery,
  GetKeyResponse,
  isSettingKey,
  OkResponse,
  SaveKeyBody,
  SETTINGS,
  type SettingKey,
  type SettingType,
  settingType,
  TestMailBody,
  TestMailResponse,
  VERSION,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { can } from "../../platform/actor";
import { AppError, badRequest, FieldErrors } from "../../platform/errors";
import { MailNotConfiguredError } from "../../platform/mail";
import { emailOf } from "../user/repo";
import { assertMayWrite, readableSettingKeys, readSettingsAs, writeSettingAs } from "./access";
import { listCommands } from "./commands";
import { authorisedTerminalIds, readAnnouncement, saveAnnouncement } from "./repo";

const MASK = "********";

/** What the SMTP server (or the connection to it) said, as an operator can act on it. */
function smtpReason(err: unknown): string {
  const e = err as { code?: unknown; response?: unknown; message?: unknown };
  const said = typeof e.response === "string" && e.response ? e.response : String(e.message ?? err);
  return typeof e.code === "string" ? `${said} (${e.code})` : said;
}

/** Settings by key (spec §3, §7) and the announcement. */
export const sysSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/a/api/sysSetting/getKey",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["setting"], querystring: GetKeyQuery, response: { 200: GetKeyResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const debugTypes = req.query.debugTypes === true;
      // The definitions describe every key the caller may read: only for those who see the settings.
      if (debugTypes && !can(actor, "sys:setting:view")) {
        throw new AppError(403, "auth.forbidden", { permission: "sys:setting:view" });
      }
      const requested = [
        ...(req.query.key ? [req.query.key] : []),
        ...(Array.isArray(req.query.keyList) ? req.query.keyList : (req.query.keyList ?? "").split(",")),
      ]
        .map((k) => k.trim())
        .filter(Boolean);
      const unknown = requested.filter((k) => !isSettingKey(k));
      if (unknown.length) {
        throw new FieldErrors(
          unknown.map((key) => ({ field: "key", key: "setting.unknownKey", values: { key } })),
        );
      }
      // No key named: every key the caller may read; a named key they may not read is refused.
      const keys = requested.length ? ([...new Set(requested)] as SettingKey[]) : readableSettingKeys(actor);
      const values = await readSettingsAs(services, actor, keys);
      const smtp = values.smtp as { password?: string } | null | undefined;
      if (smtp?.password) values.smtp = { ...smtp, password: MASK };
      // The online provider's keys are shown as set or not, never read back.
      const stripe = values.stripe as { secretKey?: string; webhookSecret?: string } | undefined;
      if (stripe)
        values.stripe = {
          ...stripe,
          secretKey: stripe.secretKey ? MASK : "",
          webhookSecret: stripe.webhookSecret ? MASK : "",
        };
      if (!debugTypes) return { jsonObject: values };
      const types: Record<string, SettingType> = Object.fromEntries(keys.map((k) => [k, settingType(k)]));
      return { jsonObject: values, types };
    },
  );

  app.post(
    "/a/api/sysSetting/saveKey",
    {
      // Platform and shared keys need sys:setting:edit, a tenant key its own permission (checked per key).
      config: { access: { anyOf: ["sys:setting:edit", "terminal:alarm:rules"] } },
      schema: { tags: ["setting"], body: SaveKeyBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { key } = req.body;
      if (!isSettingKey(key))
        throw new FieldErrors([{ field: "key", key: "setting.unknownKey", values: { key } }]);
      assertMayWrite(actor, key);
      let value = req.body.value;
      if (typeof value === "string" && req.headers["content-type"]?.includes("form")) {
        try {
          value = JSON.parse(value);
        } catch {
          throw new FieldErrors([{ field: "value", key: "validation.format" }]);
        }
      }
      if (
        key === "smtp" &&
        value &&
        typeof value === "object" &&
        (value as { password?: string }).password === MASK
      ) {
        const current = await services.settings.get("smtp");
        value = { ...value, password: current?.password ?? "" };
      }
      if (key === "stripe" && value && typeof value === "object") {
        // A masked key sent back unchanged keeps the stored one.
        const sent = value as { secretKey?: unknown; webhookSecret?: unknown };
        if (sent.secretKey === MASK || sent.webhookSecret === MASK) {
          const current = await services.settings.get("stripe");
          value = {
            ...sent,
            ...(sent.secretKey === MASK ? { secretKey: current.secretKey } : {}),
            ...(sent.webhookSecret === MASK ? { webhookSecret: current.webhookSecret } : {}),
          };
        }
      }
      const parsed = SETTINGS[key].schema.safeParse(value, { reportInput: true });
      if (!parsed.success) throw parsed.error;
      req.audit.target = `setting:${key}`;
      await writeSettingAs(services, actor, key, parsed.data as never);
      // What screens may play depends on these (review on: approved content only; the default
      // time zone of plans): every authorised screen fetches its manifest again.
      if (key === "audit" || key === "defaultTimezone") {
        try {
          await app.services.hub.notifySync(await authorisedTerminalIds(services.db));
        } catch (err) {
          req.log.warn({ err, key }, "could not tell the screens about a setting change");
        }
      }
      return {};
    },
  );

  app.get(
    "/a/api/sysSetting/isSupportApiServer",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["setting"], response: { 200: ApiServerSupportResponse } },
    },
    // Read from the running server: the API document is served when its routes are registered.
    async () => {
      const docs = `${API_PREFIX}/docs`;
      const openapi = `${docs}/json`;
      const support = app.hasRoute({ method: "GET", url: openapi });
      return {
        support,
        docs: support && app.hasRoute({ method: "GET", url: docs }) ? docs : null,
        openapi: support ? openapi : null,
        version: VERSION,
      };
    },
  );

  app.get(
    "/a/api/sysSetting/ajaxScrollCmd",
    {
      config: { access: { anyOf: ["terminal:device:view", "sys:log:view"] } },
      schema: { tags: ["setting"], querystring: CommandLogQuery, response: { 200: CommandLogResponse } },
    },
    async (req) => ({
      ...(await listCommands(services, actorOf(req), req.query)),
    }),
  );

  app.post(
    "/a/api/sysSetting/testMail",
    {
      config: { access: { permission: "sys:setting:edit" } },
      schema: { tags: ["setting"], body: TestMailBody, response: { 200: TestMailResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      let to = req.body.to || null;
      if (!to) {
        to = (await emailOf(services.db, actor.userId)) || null;
      }
      if (!to) throw new FieldErrors([{ field: "to", key: "mail.noRecipient" }]);
      req.audit.target = "setting:smtp";
      req.audit.detail = { to };
      try {
        await services.mailer.send(
          to,
          req.t("mail.testSubject"),
          req.t("mail.testBody", { user: actor.username }),
        );
      } catch (err) {
        // Not configured is the caller's to fix here (save the SMTP server first), hence a 400.
        if (err instanceof MailNotConfiguredError) throw badRequest("mail.notConfigured");
        req.log.warn({ err }, "the test mail failed");
        throw new AppError(502, "mail.testFailed", { reason: smtpReason(err) });
      }
      return { msg: req.t("mail.testSent", { mail: to }), to };
    },
  );

  app.get(
    "/a/api/sysSetting/announcement",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["setting"], querystring: AnnouncementQuery, response: { 200: AnnouncementResponse } },
    },
    // The stored announcement with its window; the console shows it only while start < now < end
    // and colseTipOn is 1 (spec §4), and needs the raw times for its dismissal rules.
    async () => ({ ...(await readAnnouncement(services.db)) }),
  );

  app.post(
    "/a/api/sysSetting/announcementManagerSave",
    {
      config: { access: { permission: "sys:announcement:edit" } },
      schema: { tags: ["setting"], body: AnnouncementSaveBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const value = req.body as Announcement;
      req.audit.target = "setting:announcement";
      await saveAnnouncement(services.db, value, actor.userId, services.clock.now());
      return {};
    },
  );
};
