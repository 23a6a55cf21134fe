import type { Grant } from "../stores/session";

/** A route's authority (spec §6): a permission string, or a permission and/or role(s). "*" means open. */
export type Authority = string | { permission?: string; role?: string | string[] } | undefined;

const ids = (grants: readonly Grant[]) => grants.map((g) => (typeof g === "string" ? g : g.id));

/** Whether one level's authority is met: its permission, or one of its roles (spec §5, §6). */
export function levelAllows(
  authority: Authority,
  permissions: readonly Grant[],
  roles: readonly Grant[],
): boolean {
  if (authority === undefined || authority === "*") return true;
  const perms = ids(permissions);
  if (perms.includes("*")) return true; // the built-in administrator
  const permission = typeof authority === "string" ? authority : authority.permission;
  if (permission === "*") return true;
  if (permission && perms.includes(permission)) return true;
  const wanted = typeof authority === "object" ? [authority.role ?? []].flat() : [];
  const mine = ids(roles);
  return wanted.some((r) => mine.includes(r));
}

/** Access needs a matching permission or role at every level, from the top route down (spec §5). */
export function hasAuthority(
  chain: readonly Authority[],
  permissions: readonly Grant[],
  roles: readonly Grant[],
): boolean {
  return chain.every((a) => levelAllows(a, permissions, roles));
}

/**
 * Operation-level check (spec §6): a named operation against the current
 * route's permission entry (an object with an operation list) or the
 * operation lists of the user's roles. Answers why not, for a disabled button.
 */
export function can(
  operation: string,
  routePermission: string | undefined,
  permissions: readonly Grant[],
  roles: readonly Grant[],
): { can: boolean; reason?: "noPermission" } {
  const perms = ids(permissions);
  if (perms.includes("*") || perms.includes(operation)) return { can: true };
  const routeEntry = permissions.find((g) => typeof g === "object" && g.id === routePermission);
  const lists = [routeEntry, ...roles].flatMap((g) =>
    typeof g === "object" && g ? [g.operation ?? []] : [],
  );
  return lists.some((ops) => ops.includes(operation))
    ? { can: true }
    : { can: false, reason: "noPermission" };
}
