import { MenuListsResponse, RoutesResponse } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { buildEntries, buildTree, loadMenus } from "./repo";

/**
 * The server-driven routes and menu (spec §2), read from the menus table on
 * every call: what menu management changes reaches the console at its next
 * sign-in. `/routes` is the whole tree; the console hides what the user may
 * not open (spec §6, its filterMenu setting) and guards every page.
 */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/routes",
    { config: { access: { signedIn: true } }, schema: { tags: ["menu"], response: { 200: RoutesResponse } } },
    async (req) => ({ data: buildTree(await loadMenus(services.db), req.locale) }),
  );

  // Menu management's tree: every entry, invisible ones too, with what the editor needs.
  app.get(
    "/a/sys/menu/lists",
    {
      config: { access: { permission: "sys:menu:view" } },
      schema: { tags: ["menu"], response: { 200: MenuListsResponse } },
    },
    async (req) => ({ menuList: buildEntries(await loadMenus(services.db), req.locale) }),
  );
};
