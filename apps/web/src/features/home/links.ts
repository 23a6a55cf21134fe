import type { PublicationKind } from "@marquee/contracts";
import { useMemo } from "react";
import { hasAuthority } from "../../access/authority";
import { flattenRoutes } from "../../router/routes";
import { useSession } from "../../stores/session";

/** The screen a publication's content is managed on, by route name. */
export const CONTENT_ROUTE: Record<PublicationKind, string> = {
  program: "progManage",
  plan: "playPlan",
  message: "messageManage",
};

/** The review screen of each kind waiting for review, by route name. */
export const REVIEW_ROUTE = {
  material: "materialCheck",
  program: "progCheck",
  plan: "planCheck",
  message: "messageCheck",
} as const;

/** A path with a query string (empty values left out). */
export function withQuery(path: string, query: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  ).toString();
  return q ? `${path}?${q}` : path;
}

/**
 * The paths of the screens the user may open, by route name: the server's
 * routes (after sign-in) whose authority the user meets at every level, as
 * the navigation guard decides. A name missing from the answer is a screen
 * the user cannot open, so the page shows its figure without a link.
 */
export function useRoutePaths(): (name: string) => string | null {
  const routesConfig = useSession((s) => s.routesConfig);
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return useMemo(() => {
    const paths = new Map<string, string>();
    for (const page of flattenRoutes(routesConfig)) {
      if (page.link || paths.has(page.name)) continue;
      if (hasAuthority(page.chain, permissions, roles)) paths.set(page.name, page.path);
    }
    return (name: string) => paths.get(name) ?? null;
  }, [routesConfig, permissions, roles]);
}
