import type { Authority } from "../access/authority";
import type { RouteNode } from "../services/session";

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

/** The first visible page below a node (mix layout redirects a group to it). */
export function firstLeaf(node: RouteNode): RouteNode | undefined {
  for (const c of node.children) {
    if (c.meta.invisible) continue;
    if (!c.children.length) return c;
    const deeper = firstLeaf(c);
    if (deeper) return deeper;
    return c;
  }
  return undefined;
}

/** Static routes known before sign-in (spec §2), always open or checked in their own pages. */
export const STATIC_PATHS = [
  "/",
  "/login",
  "/init",
  "/403",
  "/404",
  "/500",
  "/logout",
  "/inframe",
  "/PlanMake",
  "/publishSet",
  "/terminalSelection",
  "/programEditor",
] as const;

/** Pages reachable without signing in. */
export const PUBLIC_PATHS = new Set(["/", "/login", "/init", "/403", "/404", "/500", "/logout"]);
