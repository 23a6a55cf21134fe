import {
  Envelope,
  WidgetIconQuery,
  WidgetListResponse,
  WidgetSaveBody,
  WidgetTypeInfo,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../platform/access";
import { binaryResponse } from "../../platform/download";
import { badRequest, notFound } from "../../platform/errors";
import { isWidgetIcon, propsSchema, saveWidgetSetting, widgetIconOf, widgetInfos } from "./repo";

/** POST widget/save: the type as the palette now shows it (absent only for a type it no longer lists). */
const WidgetSaveResponse = Envelope.extend({ widget: WidgetTypeInfo.optional() });

/**
 * Widget management (sys:widget:*): per tenant, which widget types the
 * editor's palette offers, the props a new widget starts with, and the
 * palette image. The tenant is the top office of the caller's tenant, so all
 * its institutions share one choice.
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { storage } = services;
  const db = services.db;

  app.get(
    "/a/api/widget/list",
    {
      config: { access: { permission: "sys:widget:view" } },
      schema: { tags: ["widget"], response: { 200: WidgetListResponse } },
    },
    async (req) => ({
      list: await widgetInfos(services, await services.tree.tenantIdOf(actorOf(req).officeId)),
    }),
  );

  app.get(
    "/a/api/widget/palette",
    {
      config: { access: { permission: "content:program:edit" } },
      schema: { tags: ["widget"], response: { 200: WidgetListResponse } },
    },
    async (req) => {
      const all = await widgetInfos(services, await services.tree.tenantIdOf(actorOf(req).officeId));
      return { list: all.filter((w) => w.enabled) };
    },
  );

  app.post(
    "/a/api/widget/save",
    {
      config: { access: { permission: "sys:widget:edit" } },
      schema: { tags: ["widget"], body: WidgetSaveBody, response: { 200: WidgetSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { type, enabled, defaults, iconMaterialId } = req.body;
      req.audit.target = `widget:${type}`;
      const tenantId = await services.tree.tenantIdOf(actor.officeId);
      let override: Record<string, unknown> | undefined;
      if (defaults !== undefined) {
        const parsed = propsSchema(type).partial().strict().safeParse(defaults);
        if (!parsed.success) {
          throw new z.ZodError(parsed.error.issues.map((i) => ({ ...i, path: ["defaults", ...i.path] })));
        }
        override = parsed.data;
      }
      if (iconMaterialId) {
        // Only an image uploaded as a widget image, by someone of this tenant.
        const icon = await isWidgetIcon(db, iconMaterialId, actor.tenantOfficeIds);
        if (!icon) throw badRequest("widget.iconInvalid");
      }
      const now = services.clock.now();
      const set = {
        ...(enabled !== undefined ? { enabled } : {}),
        ...(override !== undefined ? { defaults: override } : {}),
        ...(iconMaterialId !== undefined ? { iconMaterialId } : {}),
        updatedBy: actor.userId,
        updatedAt: now,
      };
      await saveWidgetSetting(db, tenantId, type, set);
      const info = (await widgetInfos(services, tenantId)).find((w) => w.type === type);
      return { widget: info };
    },
  );

  /** The palette image: for every signed-in user of the tenant (editors below the tenant's office too). */
  app.get(
    "/a/api/widget/icon",
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ["widget"],
        querystring: WidgetIconQuery,
        response: binaryResponse("the widget's palette image", ["image/*"]),
      },
    },
    async (req, reply) => {
      const tenantId = await services.tree.tenantIdOf(actorOf(req).officeId);
      const icon = await widgetIconOf(db, tenantId, req.query.type);
      if (!icon?.md5) throw notFound("widget icon", req.query.type);
      const etag = `"${icon.md5}"`;
      reply
        .header("etag", etag)
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .type(icon.mime ?? "application/octet-stream");
      if (req.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.send(await storage.read(icon.md5));
    },
  );
};
