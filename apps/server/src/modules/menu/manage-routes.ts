import {
  Envelope,
  LOCALES,
  type Locale,
  MenuDeleteBody,
  MenuSaveBody,
  MenuSortBody,
  type MessageKey,
  OkResponse,
  ROUTE_TITLES,
} from "@marquee/contracts";
import { count, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { menus } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Tx } from "../../platform/db";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import { byParent, descendantIds, loadMenus, type MenuRow } from "./repo";

/** POST menu/save: the entry's id. */
const MenuSaveResponse = Envelope.extend({ id: z.number() });

type Field = { field: string; key: MessageKey; values?: Record<string, string | number> };

/** Menu writes take this lock: names, paths and sibling order are checked against the whole table. */
const MENU_LOCK = 727_301;

/** Paths compare without their leading and trailing slashes, as the console makes them absolute. */
const bare = (path: string) => path.replace(/^\/+/, "").replace(/\/+$/, "");

async function lockMenus(tx: Tx): Promise<MenuRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MENU_LOCK})`);
  return loadMenus(tx);
}

/** Why `parentId` cannot be the parent of entry `id` (a new entry when undefined), if it cannot. */
function parentProblem(
  rows: readonly MenuRow[],
  id: number | undefined,
  parentId: number | null,
): Field | null {
  if (parentId === null) return null;
  if (!rows.some((r) => r.id === parentId))
    return { field: "parentId", key: "menu.parentMissing", values: { id: parentId } };
  if (id !== undefined && (parentId === id || descendantIds(rows, id).has(parentId)))
    return { field: "parentId", key: "menu.parentCycle" };
  return null;
}

/** The titles to store: the non-empty ones that differ from the built-in title of the name. */
function ownTitles(
  name: string,
  titles: Partial<Record<Locale, string | undefined>> | null | undefined,
): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = {};
  for (const l of LOCALES) {
    const v = titles?.[l]?.trim();
    if (v && v !== ROUTE_TITLES[name]?.[l]) out[l] = v;
  }
  return out;
}

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
      const id = await db.transaction(async (tx) => {
        const rows = await lockMenus(tx);
        const existing = b.id === undefined ? undefined : rows.find((r) => r.id === b.id);
        if (b.id !== undefined && !existing) throw notFound("menu", b.id);
        const parentId = b.parentId === undefined ? (existing?.parentId ?? null) : b.parentId;
        const errors: Field[] = [];
        if (existing?.builtIn && b.name !== existing.name)
          errors.push({ field: "name", key: "menu.nameFixed" });
        if (existing?.builtIn && bare(b.path) !== bare(existing.path))
          errors.push({ field: "path", key: "menu.pathFixed" });
        // Names are unique regardless of case: pages and titles are found by name.
        const sameName = rows.find((r) => r.id !== b.id && r.name.toLowerCase() === b.name.toLowerCase());
        if (sameName) errors.push({ field: "name", key: "menu.nameTaken", values: { name: sameName.name } });
        const samePath = rows.find((r) => r.id !== b.id && bare(r.path) === bare(b.path));
        if (samePath)
          errors.push({
            field: "path",
            key: "menu.pathTaken",
            values: { path: b.path, name: samePath.name },
          });
        const parent = parentProblem(rows, b.id, parentId);
        if (parent) errors.push(parent);
        const component = b.component === undefined ? (existing?.component ?? null) : b.component;
        // A page of the console is one of the built-in entries' pages.
        if (component !== null && !rows.some((r) => r.builtIn && r.name === component))
          errors.push({ field: "component", key: "menu.componentUnknown" });
        const titles =
          b.titles === undefined && existing ? (existing.titles ?? {}) : ownTitles(b.name, b.titles);
        if (!existing?.builtIn && !ROUTE_TITLES[b.name] && Object.keys(titles).length === 0)
          errors.push({ field: "titles", key: "menu.titleRequired" });
        if (errors.length) throw new FieldErrors(errors);

        const link = b.link === undefined ? (existing?.link ?? null) : b.link;
        const values = {
          parentId,
          name: b.name,
          path: b.path,
          icon: b.icon === undefined ? (existing?.icon ?? null) : b.icon,
          permission: b.permission === undefined ? (existing?.permission ?? null) : b.permission,
          roles:
            b.roles === undefined ? (existing?.roles ?? null) : b.roles.length ? [...new Set(b.roles)] : null,
          invisible: b.invisible ?? existing?.invisible ?? false,
          link,
          // A frame shows a link; without one there is nothing to frame.
          frame: link === null ? false : (b.frame ?? existing?.frame ?? false),
          component,
          titles: Object.keys(titles).length ? titles : null,
        };
        const movedHere = !existing || existing.parentId !== parentId;
        const lastSort = Math.max(-1, ...(byParent(rows).get(parentId) ?? []).map((r) => r.sort));
        const sort = b.sort ?? (movedHere ? lastSort + 1 : (existing?.sort ?? 0));
        if (existing) {
          await tx
            .update(menus)
            .set({ ...values, sort })
            .where(eq(menus.id, existing.id));
          return existing.id;
        }
        const [row] = await tx
          .insert(menus)
          .values({ ...values, sort, builtIn: false })
          .returning({ id: menus.id });
        if (!row) throw new Error("menu entry not created");
        return row.id;
      });
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
      const name = await db.transaction(async (tx) => {
        const rows = await lockMenus(tx);
        const row = rows.find((r) => r.id === id);
        if (!row) throw notFound("menu", id);
        if (row.builtIn) throw new AppError(409, "menu.builtIn", { name: row.name });
        const [kids] = await tx.select({ n: count() }).from(menus).where(eq(menus.parentId, id));
        if (kids && kids.n > 0)
          throw new AppError(409, "menu.hasChildren", { name: row.name, count: kids.n });
        await tx.delete(menus).where(eq(menus.id, id));
        return row.name;
      });
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
      await db.transaction(async (tx) => {
        const rows = await lockMenus(tx);
        const row = rows.find((r) => r.id === id);
        if (!row) throw notFound("menu", id);
        const problem = parentProblem(rows, id, parentId);
        if (problem) throw new FieldErrors([problem]);
        // The new siblings in order, the moved entry at its place; each gets its index as its sort.
        const siblings = (byParent(rows).get(parentId) ?? []).filter((r) => r.id !== id);
        siblings.splice(Math.min(index, siblings.length), 0, row);
        for (const [sort, sibling] of siblings.entries()) {
          if (sibling.id === id) {
            await tx.update(menus).set({ parentId, sort }).where(eq(menus.id, id));
          } else if (sibling.sort !== sort) {
            await tx.update(menus).set({ sort }).where(eq(menus.id, sibling.id));
          }
        }
      });
      req.audit.detail = { parentId, index };
      return {};
    },
  );
};
