/**
 * The permission catalogue: every right a role can grant, as `domain:entity:action`.
 * Routes, menu entries, buttons and server calls name these; nothing else is a permission.
 */
export const PERMISSIONS = [
  // Materials (resManage/myRes and material review).
  "content:material:view",
  "content:material:upload",
  "content:material:edit",
  "content:material:delete",
  // Deleting a material that programs still use (issue: materials).
  "content:material:forceDelete",
  "content:material:review",
  // Programs (program/make, program management, /programEditor, program review).
  "content:program:view",
  "content:program:edit",
  "content:program:delete",
  "content:program:publish",
  "content:program:review",
  // Play plans (playPlan/list, playPlan/planMake, plan review).
  "content:playPlan:view",
  "content:playPlan:edit",
  "content:playPlan:delete",
  "content:playPlan:publish",
  "content:playPlan:review",
  // Messages (message/form, publishMessage/list, message review).
  "content:message:view",
  "content:message:edit",
  "content:message:delete",
  "content:message:publish",
  "content:message:review",
  // Terminals (terminalMonitor/*, /a/api/terminal/*, /a/api/terminalSet/*).
  "terminal:device:view",
  "terminal:device:edit",
  "terminal:device:delete",
  "terminal:device:authorize",
  "terminal:device:command",
  "terminal:device:settings",
  "terminal:device:screenshot",
  "terminal:device:upgrade",
  "terminal:device:debug",
  "terminal:group:edit",
  "terminal:map:view",
  "terminal:strategy:view",
  "terminal:strategy:edit",
  "terminal:strategy:delete",
  "terminal:strategy:send",
  "terminal:syncBroadcast:view",
  "terminal:syncBroadcast:start",
  "terminal:alarm:view",
  "terminal:alarm:clear",
  "terminal:alarm:export",
  // The alarm rules of the caller's own tenant (the setting alarmRules, scope "tenant").
  "terminal:alarm:rules",
  // People and access.
  "sys:user:view",
  "sys:user:edit",
  "sys:user:delete",
  "sys:role:view",
  "sys:role:edit",
  "sys:role:delete",
  // Tenants: institutions, agents, customers and their white-label.
  "sys:office:view",
  "sys:office:edit",
  "sys:office:delete",
  "sys:office:openAgent",
  "sys:customer:view",
  "sys:customer:edit",
  "sys:customer:delete",
  "sys:customer:personalise",
  "sys:personalInterface:view",
  "sys:personalInterface:edit",
  "sys:domainName:view",
  "sys:domainName:edit",
  // System.
  "sys:menu:view",
  "sys:menu:edit",
  "sys:menu:delete",
  "sys:setting:view",
  "sys:setting:edit",
  "sys:log:view",
  "sys:log:export",
  "sys:messageNotification:view",
  "sys:messageNotification:edit",
  "sys:announcement:view",
  "sys:announcement:edit",
  "sys:widget:view",
  "sys:widget:edit",
  "sys:dict:view",
  "sys:dict:edit",
  "sys:commonProblem:view",
  "sys:commonProblem:edit",
  "sys:callCenter:view",
  "sys:callCenter:edit",
  // Statistics (dataStatistics, proof of play, userBehaviorStatistics).
  "stats:data:view",
  "stats:data:export",
  "stats:proofOfPlay:view",
  "stats:proofOfPlay:export",
  "stats:userBehavior:view",
  // Paid services (/a/api/vol/*) and the payment centre.
  "pay:service:view",
  "pay:service:edit",
  "pay:service:purchase",
  "pay:order:view",
  "pay:order:confirm",
  // The permission demo page's own permission, named as the spec names it (§6: "permission form").
  "form",
  // Service accounts (user management): make, change, disable and delete them and their API tokens.
  "sys:serviceAccount:manage",
  // Signed webhooks (issue 23): a tenant's endpoints and their delivery log; edit also sees the secrets.
  "sys:webhook:view",
  "sys:webhook:edit",
  // Single sign-on (issue 23): a tenant's OpenID Connect provider, role mapping and password sign-in switch.
  "sys:sso:edit",
  // Video walls (issue 24): see the walls and their live skew; make, arrange, delete them and publish to them.
  "terminal:wall:view",
  "terminal:wall:edit",
] as const;

/** One permission of the catalogue. */
export type Permission = (typeof PERMISSIONS)[number];

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

/** Whether a value is a permission of the catalogue. */
export function isPermission(v: unknown): v is Permission {
  return typeof v === "string" && PERMISSION_SET.has(v);
}

/** The `domain:entity` part of a permission, which names its group; a bare name (`form`) is its own group. */
function groupOf(permission: Permission): string {
  const end = permission.lastIndexOf(":");
  return end < 0 ? permission : permission.slice(0, end);
}

/** Permissions grouped by `domain:entity` in catalogue order, for the role editor. */
export const PERMISSION_GROUPS: Record<string, readonly Permission[]> = PERMISSIONS.reduce<
  Record<string, Permission[]>
>((groups, permission) => {
  const key = groupOf(permission);
  const group = groups[key] ?? [];
  group.push(permission);
  groups[key] = group;
  return groups;
}, {});

/**
 * Rights that only the platform's own users may hold: they change what every
 * tenant sees (menus, settings, dictionary, FAQ, customer centre,
 * announcements, domains, agents). A role of an agent or a customer never
 * carries them, and nobody below the platform can grant them.
 */
export const PLATFORM_ONLY_PERMISSIONS: readonly Permission[] = [
  "sys:menu:edit",
  "sys:menu:delete",
  "sys:setting:edit",
  "sys:dict:edit",
  "sys:commonProblem:edit",
  "sys:callCenter:edit",
  "sys:announcement:edit",
  "sys:office:openAgent",
  "sys:domainName:edit",
  "sys:customer:personalise",
];

const PLATFORM_ONLY: ReadonlySet<string> = new Set(PLATFORM_ONLY_PERMISSIONS);

/**
 * Rights of sellers: the platform and agents sell paid services to
 * the tenants below them and confirm their payments; a customer sells nothing.
 */
export const SELLER_ONLY_PERMISSIONS: readonly Permission[] = ["pay:service:edit", "pay:order:confirm"];
const SELLER_ONLY: ReadonlySet<string> = new Set(SELLER_ONLY_PERMISSIONS);

/**
 * Whether a tenant (agent or customer) role may carry the permission; with
 * `tenantType` "customer", the sellers' rights are refused too.
 */
export function tenantMayHold(permission: Permission, tenantType?: string): boolean {
  if (tenantType === "customer" && SELLER_ONLY.has(permission)) return false;
  return !PLATFORM_ONLY.has(permission);
}

/**
 * The built-in administrator role created with each agent and customer:
 * everything a tenant may hold; a customer, in addition, opens no customers of its own.
 */
export const TENANT_ADMIN_PERMISSIONS: Record<"agent" | "customer", readonly Permission[]> = {
  agent: PERMISSIONS.filter((p) => tenantMayHold(p, "agent")),
  customer: PERMISSIONS.filter(
    (p) => tenantMayHold(p, "customer") && !p.startsWith("sys:customer:") && p !== "form",
  ),
};
