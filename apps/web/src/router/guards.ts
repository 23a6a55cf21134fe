import { hasAuthority } from "../access/authority";
import type { NavLayout } from "../config/settings";
import type { RouteNode } from "../services/session";
import type { Grant } from "../stores/session";
import { absolute, firstLeaf, type PageRoute, PUBLIC_PATHS } from "./routes";

export interface GuardContext {
  path: string;
  signedIn: boolean;
  /** Asks the server whether the session lives (used once after a page load). */
  checkSession(): Promise<boolean>;
  pages: PageRoute[];
  tree: RouteNode[];
  permissions: Grant[];
  roles: Grant[];
  layout: NavLayout;
  startProgress(): void;
  setLoading(v: boolean): void;
}

export type GuardResult =
  | { next: true }
  | { redirect: string; warn?: { key: string; values?: Record<string, string> } };
export type Guard = (ctx: GuardContext) => GuardResult | Promise<GuardResult>;

const NEXT: GuardResult = { next: true };

/** 1. the progress bar */
export const progressGuard: Guard = (ctx) => {
  ctx.startProgress();
  return NEXT;
};

/** 2. the loading mark */
export const loadingGuard: Guard = (ctx) => {
  ctx.setLoading(true);
  return NEXT;
};

/** 3. the login check: every page but the public ones needs a live session. */
export const loginGuard: Guard = async (ctx) => {
  if (PUBLIC_PATHS.has(ctx.path)) return NEXT;
  if (ctx.signedIn && (await ctx.checkSession())) return NEXT;
  return { redirect: "/login", warn: { key: "login.expired" } };
};

/** 4. the permission check: inherited authority at every level (spec §5). */
export const authorityGuard: Guard = (ctx) => {
  const page = ctx.pages.find((p) => p.path === ctx.path);
  if (!page || hasAuthority(page.chain, ctx.permissions, ctx.roles)) return NEXT;
  return { redirect: "/403", warn: { key: "layout.noAccess", values: { path: ctx.path } } };
};

/** 5. in the mix layout, a group goes to its first leaf child. */
export const mixRedirectGuard: Guard = (ctx) => {
  if (ctx.layout !== "mix") return NEXT;
  const find = (nodes: RouteNode[]): RouteNode | undefined => {
    for (const n of nodes) {
      if (absolute(n.path) === ctx.path && n.children.length) return n;
      const deeper = find(n.children);
      if (deeper) return deeper;
    }
    return undefined;
  };
  const group = find(ctx.tree);
  const leaf = group && firstLeaf(group);
  return leaf ? { redirect: absolute(leaf.path) } : NEXT;
};

/** The guards, in the order of spec §4. */
export const GUARDS: Guard[] = [progressGuard, loadingGuard, loginGuard, authorityGuard, mixRedirectGuard];

/** Runs the guards in order; the first redirect wins. */
export async function runGuards(ctx: GuardContext, guards: Guard[] = GUARDS): Promise<GuardResult> {
  for (const guard of guards) {
    const result = await guard(ctx);
    if (!("next" in result)) return result;
  }
  return NEXT;
}
