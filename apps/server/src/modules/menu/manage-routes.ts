import { MenuDeleteBody, MenuSaveBody, MenuSaveResponse, MenuSortBody, OkResponse } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { deleteMenu, saveMenu, sortMenu } from "./service";

/**
 * Menu management (/a/sys/menu/*, spec §2 sysManage/menuManage): the route and
 * menu tree every console builds its menu from at sign-in. Read with
 * `GET /a/sys/menu/lists` (routes.ts); written here by the platform only.
 */
export const menuManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;

  app.post(
    "/a/sys/menu/save",
    {
      config: { access: { permission: "sys:menu:edit" } },
      schema: { tags: ["menu"], body: MenuSaveBody, response: { 200: MenuSaveResponse } },
    },
    async (req) => {
      const _actor = actorOf(req);
      const b = req.body;
      req.audit.target = `menu:${b.id ?? b.name}`;
      const id = await saveMenu(db, b);
      req.audit.target = `menu:${id}`;
      req.audit.detail = { name: b.name, path: b.path, ...(b.id === undefined ? { created: true } : {}) };
      return { id };
    },
  );

  app.post(
    "/a/sys/menu/delete",
    {
      config: { access: { permission: "sys:menu:delete" } },
      schema: { tags: ["menu"], body: MenuDeleteBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const _actor = actorOf(req);
      const { id } = req.body;
      req.audit.target = `menu:${id}`;
      const name = await deleteMenu(db, id);
      req.audit.detail = { name };
      return {};
    },
  );

  app.post(
    "/a/sys/menu/sort",
    {
      config: { access: { permission: "sys:menu:edit" } },
      schema: { tags: ["menu"], body: MenuSortBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const _actor = actorOf(req);
      const { id, parentId, index } = req.body;
      req.audit.target = `menu:${id}`;
      await sortMenu(db, id, parentId, index);
      req.audit.detail = { parentId, index };
      return {};
    },
  );
};
