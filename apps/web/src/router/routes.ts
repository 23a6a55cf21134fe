import { type Authority, hasAuthority } from "../access/authority";
import { KIND_PERMISSIONS, parsePublishParams } from "../features/publish/kinds";
import type { RouteNode } from "../services/session";
import type { Grant } from "../stores/session";

/** A page the router can show, with the authority of every level above it. */
export interface PageRoute {
  name: string;
  /** Absolute path, e.g. "/resManage/myRes". */
  path: string;
  chain: Authority[];
  invisible: boolean;
  titles: Record<string, string> | null;
  /** Names from the top level down to this page. */
  trail: string[];
  /** The registered page it shows (menu management may name another page than its own). */
  component?: string;
  /** An external address the entry opens instead of a page, in /inframe when `frame`. */
  link?: string | null;
  frame?: boolean;
}

/** The server's paths are relative to the main layout, some absolute (spec §2); all become absolute. */
export const absolute = (path: string) => `/${path.replace(/^\/+/, "").replace(/\/+$/, "")}`;

/** Flattens the server's route tree into pages (leaves) with their inherited authority. */
export function flattenRoutes(nodes: readonly RouteNode[]): PageRoute[] {
  const out: PageRoute[] = [];
  const walk = (list: readonly RouteNode[], chain: Authority[], trail: string[], hidden: boolean) => {
    for (const n of list) {
      const nextChain = [...chain, n.meta.authority];
      const nextTrail = [...trail, n.name];
      const invisible = hidden || n.meta.invisible;
      // A node with children is a group; its own path is a page only when it names one (e.g. playPlan/list).
      if (!n.children.length || n.path.includes("/")) {
        out.push({
          name: n.name,
          path: absolute(n.path),
          chain: nextChain,
          invisible,
          titles: n.meta.titles,
          trail: nextTrail,
          component: n.component || n.name,
          link: n.meta.link ?? null,
          frame: n.meta.frame === true,
        });
      }
      walk(n.children, nextChain, nextTrail, invisible);
    }
  };
  walk(nodes, [], [], false);
  return out;
}

/** The first visible page below a group that the user may open, with the inherited authority (spec §4, §5). */
export function firstPermittedLeaf(
  group: RouteNode,
  chain: readonly Authority[],
  permissions: readonly Grant[],
  roles: readonly Grant[],
): RouteNode | undefined {
  for (const c of group.children) {
    if (c.meta.invisible) continue;
    const nextChain = [...chain, c.meta.authority];
    if (!hasAuthority(nextChain, permissions, roles)) continue;
    // A node with children is a page of its own only when its path names one (as flattenRoutes reads it).
    if (!c.children.length || c.path.includes("/")) return c;
    const deeper = firstPermittedLeaf(c, nextChain, permissions, roles);
    if (deeper) return deeper;
  }
  return undefined;
}

/** A group of the server's tree whose own path is `path`, with the authority of every level down to it. */
export function findGroup(
  nodes: readonly RouteNode[],
  path: string,
  chain: readonly Authority[] = [],
): { group: RouteNode; chain: Authority[] } | undefined {
  for (const n of nodes) {
    const nextChain = [...chain, n.meta.authority];
    if (n.children.length && absolute(n.path) === path) return { group: n, chain: nextChain };
    const deeper = findGroup(n.children, path, nextChain);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * A static route of spec §2 with the authority it carries: the console's own, as it is known before the
 * server's routes arrive. `authority` may read the address's query (the publish screens publish one kind of
 * content, named there).
 */
export interface StaticRoute {
  path: string;
  /** Reachable without signing in. */
  public: boolean;
  authority: (search: URLSearchParams) => Authority[];
}

const open = () => ["*"];
/** The publish screens need the publish permission of the kind they publish (`?kind=`). */
const publishAuthority = (search: URLSearchParams): Authority[] => {
  const target = parsePublishParams(search);
  // An address naming no content shows only that it names none.
  return target ? [KIND_PERMISSIONS[target.kind].publish] : ["*"];
};

/** The static routes of spec §2, each with its authority (PlanMake and programEditor as in the menu seed). */
export const STATIC_ROUTES: readonly StaticRoute[] = [
  { path: "/", public: true, authority: open },
  { path: "/login", public: true, authority: open },
  { path: "/init", public: true, authority: open },
  { path: "/403", public: true, authority: open },
  { path: "/404", public: true, authority: open },
  { path: "/500", public: true, authority: open },
  { path: "/logout", public: true, authority: open },
  // Shows a menu entry's external link: any signed-in user.
  { path: "/inframe", public: false, authority: open },
  { path: "/PlanMake", public: false, authority: () => ["content:playPlan:view", "content:playPlan:edit"] },
  { path: "/publishSet", public: false, authority: publishAuthority },
  { path: "/terminalSelection", public: false, authority: publishAuthority },
  { path: "/programEditor", public: false, authority: () => ["content:program:edit"] },
];

/** The static route at this path: matched without case, as the router matches it. */
export function staticRoute(path: string): StaticRoute | undefined {
  const lower = path.toLowerCase();
  return STATIC_ROUTES.find((r) => r.path.toLowerCase() === lower);
}

/** Whether a path is reachable without signing in. */
export const isPublicPath = (path: string) => staticRoute(path)?.public === true;
