import { type Locale, ROUTE_TITLES, type RouteNode } from "@marquee/contracts";
import { asc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { menus } from "../../db/schema";

type MenuRow = typeof menus.$inferSelect;

/** The menu rows as a tree, each with its title in the caller's language and all six. */
export function buildTree(rows: MenuRow[], locale: Locale): RouteNode[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const make = (row: MenuRow): RouteNode => {
    const titles = ROUTE_TITLES[row.name] ?? null;
    const permission = row.permission ?? "*";
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      path: row.path,
      component: row.name,
      icon: row.icon,
      sort: row.sort,
      meta: {
        title: titles?.[locale] ?? row.name,
        titles,
        invisible: row.invisible,
        authority: row.roles?.length ? { permission, role: row.roles } : permission,
      },
      children: (byParent.get(row.id) ?? []).map(make),
    };
  };
  return (byParent.get(null) ?? []).map(make);
}

/** The server-driven routes and menu (spec §2). */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const load = () => services.db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));

  app.get("/routes", { config: { access: { signedIn: true } }, schema: { tags: ["menu"] } }, async (req) => ({
    code: 0,
    msg: req.t("common.ok"),
    data: buildTree(await load(), req.locale),
  }));

  app.get(
    "/a/sys/menu/lists",
    { config: { access: { signedIn: true } }, schema: { tags: ["menu"] } },
    async (req) => ({
      code: 0,
      msg: req.t("common.ok"),
      menuList: buildTree(await load(), req.locale),
    }),
  );
};
