import { hasAuthority } from "../access/authority";
import type { RouteNode } from "../services/session";
import type { Grant } from "../stores/session";
import { absolute, findGroup, firstPermittedLeaf, isPublicPath, type PageRoute, staticRoute } from "./routes";

export interface GuardContext {
  path: string;
  /** The address's query (`?kind=…`): some static pages' authority depends on it. */
  search: string;
  signedIn: boolean;
  /** The session cookie ran out by now, as far as the console can tell (services/sessionExpiry). */
  sessionExpired: boolean;
  /** Asks the server whether the session lives (used once after a page load). */
  checkSession(): Promise<boolean>;
  pages: PageRoute[];
  tree: RouteNode[];
  permissions: Grant[];
  roles: Grant[];
  startProgress(): void;
  setLoading(v: boolean): void;
}

export type GuardResult =
  | { next: true }
  | { redirect: string; warn?: { key: string; values?: Record<string, string> } };
export type Guard = (ctx: GuardContext) => GuardResult | Promise<GuardResult>;

const NEXT: GuardResult = { next: true };
const noAccess = (path: string): GuardResult => ({
  redirect: "/403",
  warn: { key: "layout.noAccess", values: { path } },
});

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
  if (isPublicPath(ctx.path)) return NEXT;
  if (ctx.signedIn && !ctx.sessionExpired && (await ctx.checkSession())) return NEXT;
  return { redirect: "/login", warn: { key: "session.expired" } };
};

/**
 * 4. the permission check: inherited authority at every level (spec §5). A static page carries its own
 * authority; when the server's routes also place a page at that path, its chain must be met too.
 */
export const authorityGuard: Guard = (ctx) => {
  const own = staticRoute(ctx.path)?.authority(new URLSearchParams(ctx.search)) ?? [];
  const served = ctx.pages.find((p) => p.path === ctx.path)?.chain ?? [];
  return hasAuthority([...own, ...served], ctx.permissions, ctx.roles) ? NEXT : noAccess(ctx.path);
};

/**
 * 5. a group's own path opens its first child the user may open. Spec §4 names this for the mix layout;
 * every layout does it, since a group is no page of its own; a group with no such child is refused.
 */
export const groupRedirectGuard: Guard = (ctx) => {
  if (ctx.pages.some((p) => p.path === ctx.path)) return NEXT;
  const found = findGroup(ctx.tree, ctx.path);
  if (!found) return NEXT;
  const leaf = firstPermittedLeaf(found.group, found.chain, ctx.permissions, ctx.roles);
  return leaf ? { redirect: absolute(leaf.path) } : noAccess(ctx.path);
};

/** The guards, in the order of spec §4. */
export const GUARDS: Guard[] = [progressGuard, loadingGuard, loginGuard, authorityGuard, groupRedirectGuard];

/** Runs the guards in order; the first redirect wins. */
export async function runGuards(ctx: GuardContext, guards: Guard[] = GUARDS): Promise<GuardResult> {
  for (const guard of guards) {
    const result = await guard(ctx);
    if (!("next" in result)) return result;
  }
  return NEXT;
}
