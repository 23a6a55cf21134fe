import { LOCALES, type Locale, type MenuSaveBody, type MessageKey, ROUTE_TITLES } from "@marquee/contracts";
import { count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { menus } from "../../db/schema";
import type { Db, Tx } from "../../platform/db";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import { byParent, descendantIds, loadMenus, type MenuRow } from "./repo";

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

/** Creates (no `id`) or updates a menu entry under the menu lock; answers its id. */
export async function saveMenu(db: Db, b: z.output<typeof MenuSaveBody>): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockMenus(tx);
    const existing = b.id === undefined ? undefined : rows.find((r) => r.id === b.id);
    if (b.id !== undefined && !existing) throw notFound("menu", b.id);
    const parentId = b.parentId === undefined ? (existing?.parentId ?? null) : b.parentId;
    const errors: Field[] = [];
    if (existing?.builtIn && b.name !== existing.name) errors.push({ field: "name", key: "menu.nameFixed" });
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
    const titles = b.titles === undefined && existing ? (existing.titles ?? {}) : ownTitles(b.name, b.titles);
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
}

/** Deletes an entry that is neither built in nor a parent, under the menu lock; answers its name. */
export async function deleteMenu(db: Db, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const rows = await lockMenus(tx);
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound("menu", id);
    if (row.builtIn) throw new AppError(409, "menu.builtIn", { name: row.name });
    const [kids] = await tx.select({ n: count() }).from(menus).where(eq(menus.parentId, id));
    if (kids && kids.n > 0) throw new AppError(409, "menu.hasChildren", { name: row.name, count: kids.n });
    await tx.delete(menus).where(eq(menus.id, id));
    return row.name;
  });
}

/** Moves an entry to `index` among the children of `parentId`, renumbering its new siblings, under the menu lock. */
export async function sortMenu(db: Db, id: number, parentId: number | null, index: number): Promise<void> {
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
}
