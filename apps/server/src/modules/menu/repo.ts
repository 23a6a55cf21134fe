import { LOCALES, type Locale, type MenuEntry, ROUTE_TITLES, type RouteNode } from "@marquee/contracts";
import { asc } from "drizzle-orm";
import { menus } from "../../db/schema";
import type { Tx } from "../../platform/db";

export type MenuRow = typeof menus.$inferSelect;

/** Every menu row, siblings in their order. */
export const loadMenus = (db: Tx): Promise<MenuRow[]> =>
  db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));

/**
 * The titles of an entry in the six languages: those set in menu management,
 * else the built-in title of its name (ROUTE_TITLES), else its English or any
 * title it has, else its name. Null when it has none at all.
 */
export function titlesOf(row: Pick<MenuRow, "name" | "titles">): Record<Locale, string> | null {
  const defaults = ROUTE_TITLES[row.name];
  const own = row.titles ?? {};
  const anyOwn = own.en || LOCALES.map((l) => own[l]).find((v) => v);
  if (!defaults && !anyOwn) return null;
  return Object.fromEntries(LOCALES.map((l) => [l, own[l] || defaults?.[l] || anyOwn || row.name])) as Record<
    Locale,
    string
  >;
}

/** The title of an entry in one language. */
export const titleOf = (row: Pick<MenuRow, "name" | "titles">, locale: Locale): string =>
  titlesOf(row)?.[locale] ?? row.name;

/** Children of each parent id (null: the top level), in the rows' order. */
export function byParent(rows: readonly MenuRow[]): Map<number | null, MenuRow[]> {
  const map = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = map.get(row.parentId) ?? [];
    siblings.push(row);
    map.set(row.parentId, siblings);
  }
  return map;
}

/** The rows as a depth-first list, each parent before its children (an orphan's subtree is left out). */
export function depthFirst(rows: readonly MenuRow[]): MenuRow[] {
  const children = byParent(rows);
  const out: MenuRow[] = [];
  const walk = (parentId: number | null) => {
    for (const row of children.get(parentId) ?? []) {
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

/** Ids of every entry below `id`. */
export function descendantIds(rows: readonly MenuRow[], id: number): Set<number> {
  const children = byParent(rows);
  const out = new Set<number>();
  const walk = (parentId: number) => {
    for (const row of children.get(parentId) ?? []) {
      if (out.has(row.id)) continue;
      out.add(row.id);
      walk(row.id);
    }
  };
  walk(id);
  return out;
}

function routeNode(row: MenuRow, locale: Locale): Omit<RouteNode, "children"> {
  const titles = titlesOf(row);
  const permission = row.permission ?? "*";
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    path: row.path,
    component: row.component ?? row.name,
    icon: row.icon,
    sort: row.sort,
    meta: {
      title: titles?.[locale] ?? row.name,
      titles,
      invisible: row.invisible,
      authority: row.roles?.length ? { permission, role: row.roles } : permission,
      link: row.link,
      frame: row.frame,
    },
  };
}

/** The menu rows as the route tree `/routes` serves, each with its title in the caller's language and all six. */
export function buildTree(rows: readonly MenuRow[], locale: Locale): RouteNode[] {
  const children = byParent(rows);
  const make = (row: MenuRow): RouteNode => ({
    ...routeNode(row, locale),
    children: (children.get(row.id) ?? []).map(make),
  });
  return (children.get(null) ?? []).map(make);
}

/** The menu rows as menu management shows them: the route tree and what only the editor needs. */
export function buildEntries(rows: readonly MenuRow[], locale: Locale): MenuEntry[] {
  const children = byParent(rows);
  const make = (row: MenuRow): MenuEntry => ({
    ...routeNode(row, locale),
    builtIn: row.builtIn,
    permission: row.permission,
    roles: row.roles ?? [],
    componentOverride: row.component,
    link: row.link,
    frame: row.frame,
    children: (children.get(row.id) ?? []).map(make),
  });
  return (children.get(null) ?? []).map(make);
}
