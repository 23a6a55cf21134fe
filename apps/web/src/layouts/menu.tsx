import type { Locale } from "@marquee/contracts";
import type { MenuProps } from "antd";
import type { TFunction } from "i18next";
import { type Authority, hasAuthority } from "../access/authority";
import i18n from "../locales";
import { absolute } from "../router/routes";
import type { RouteNode } from "../services/session";
import type { Grant } from "../stores/session";
import { MENU_ICONS } from "./icons";

type Item = Required<MenuProps>["items"][number];

function icon(name: string | null) {
  if (!name) return undefined;
  const C = MENU_ICONS[name];
  return C ? <C /> : undefined;
}

/** The menu of the server's tree: invisible routes hidden, and, when the setting asks, routes the user may not open. */
export function buildMenu(
  nodes: readonly RouteNode[],
  t: TFunction,
  access: { filter: boolean; permissions: Grant[]; roles: Grant[] },
  chain: Authority[] = [],
  depth = Number.POSITIVE_INFINITY,
): Item[] {
  const items: Item[] = [];
  for (const n of nodes) {
    if (n.meta.invisible) continue;
    const nextChain = [...chain, n.meta.authority];
    if (access.filter && !hasAuthority(nextChain, access.permissions, access.roles)) continue;
    // The server's titles come from menu management (built-in ones by default).
    const label =
      n.meta.titles?.[i18n.language as Locale] || t(`routes.${n.name}`, { defaultValue: n.meta.title });
    const children = depth > 1 ? buildMenu(n.children, t, access, nextChain, depth - 1) : [];
    const visibleKids = n.children.filter((c) => !c.meta.invisible);
    if (visibleKids.length && depth > 1) {
      if (children.length) items.push({ key: absolute(n.path), icon: icon(n.icon), label, children });
    } else {
      items.push({
        key: visibleKids.length ? `group:${n.name}` : absolute(n.path),
        icon: icon(n.icon),
        label,
      });
    }
  }
  return items;
}
