import type { Permission } from "@marquee/contracts";
import { useMemo } from "react";
import { can } from "../../access/authority";
import type { RouteNode } from "../../services/session";
import { type Grant, useSession } from "../../stores/session";

/**
 * The "payment switch open time" of the session (spec §3): when buyers start
 * to see paid services. Kept as epoch milliseconds; null: closed.
 */

/** The setting's value ("" or an ISO date-time) as the session keeps it. */
export function switchTimeOf(setting: unknown): number | null {
  if (typeof setting !== "string" || setting === "") return null;
  const ms = Date.parse(setting);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether paid services are open at `now`. */
export function paymentsOpen(openTime: number | null, now = Date.now()): boolean {
  return openTime !== null && openTime <= now;
}

/** The routes that only matter once paid services are open, and who keeps them before (sellers prepare, confirm). */
const GATED: Record<string, readonly Permission[]> = {
  purchaseService: ["pay:service:edit"],
  paymentCenter: ["pay:order:confirm", "pay:service:edit"],
};

/**
 * The route tree without the paid-services entries while they are closed,
 * except for whoever sells. Only the menu: the server refuses buyers anyway.
 */
export function withPaymentSwitch(
  nodes: readonly RouteNode[],
  open: boolean,
  permissions: Grant[],
  roles: Grant[],
): RouteNode[] {
  if (open) return nodes as RouteNode[];
  const keep = (name: string) => (GATED[name] ?? []).some((p) => can(p, undefined, permissions, roles).can);
  const walk = (list: readonly RouteNode[]): RouteNode[] =>
    list
      .filter((n) => !(n.name in GATED) || keep(n.name))
      .map((n) => (n.children.length ? { ...n, children: walk(n.children) } : n));
  return walk(nodes);
}

/** The menu's route tree as the payment switch shows it to the signed-in user. */
export function usePaymentMenu(nodes: RouteNode[]): RouteNode[] {
  const openTime = useSession((s) => s.paymentSwitchOpenTime);
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  const open = paymentsOpen(openTime);
  return useMemo(() => withPaymentSwitch(nodes, open, permissions, roles), [nodes, open, permissions, roles]);
}
