import {
  type AnyColumn,
  and,
  eq,
  getTableColumns,
  getTableName,
  ne,
  or,
  type SQL,
  sql,
  type Table,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  alarms,
  apiTokens,
  auditLogCounts,
  auditLogs,
  contentHistory,
  entitlements,
  materialCounts,
  materialFolders,
  materialRefs,
  materials,
  notifications,
  offices,
  pageViews,
  payOrders,
  payServices,
  playEvents,
  playerPackages,
  playPlans,
  programs,
  publications,
  publicationTargets,
  publishMessages,
  roles,
  // Single sign-on (issue 23).
  ssoConfigs,
  ssoLinks,
  statMaterialDay,
  statOfficeDay,
  statPageDay,
  statPopDay,
  statPopMaterialReach,
  statPopMonth,
  statPopOfficeDay,
  statPopProgramReach,
  statPopReachDay,
  statPopReachMonth,
  statPopReachWeek,
  statPopWidgetMonth,
  statTerminalDay,
  statTerminalMonth,
  statTerminalWeek,
  statUserDay,
  strategies,
  syncSessions,
  tenantSettings,
  terminalCommands,
  terminalEvents,
  terminalGroups,
  terminalOnlineSpans,
  terminalScreenshots,
  terminals,
  uploads,
  userRoles,
  users,
  // Video walls (issue 24).
  wallScreens,
  walls,
  // Signed webhooks (issue 23)
  webhookDeliveries,
  webhookEndpoints,
  widgetSettings,
} from "../db/schema";
import type { Actor } from "./actor";
import { FieldErrors, notFound } from "./errors";
import type { OfficeNode, OfficeTree } from "./office-tree";
import { anyOf } from "./sql";

/**
 * Tenancy by construction. Every table that holds a tenant's rows is listed
 * here with how a row is placed in the office tree, and every read or write of
 * such a table goes through `scope(actor, table)` (or the helpers below built
 * on it). Nothing else in the server looks at an actor's data range.
 *
 * A data range is the expanded list of office ids the actor may read (their
 * office and everything below it, or the offices they were given; see
 * ActorCache), or null for the platform's own subtree (everything). It is
 * compared as `office_id = any(ids)`: one parameter whatever its length, and
 * the office indexes serve it. The office path's prefix is used only to expand
 * the list.
 */
export type TenancyRule =
  /** The row carries its office; with `owner`, a user whose range is "own rows only" sees the rows they made. */
  | { office: AnyColumn; owner?: AnyColumn }
  /** The row belongs to one tenant as a whole (its settings, packages): visible to that tenant's users only, whatever their range. */
  | { tenant: AnyColumn }
  /** The row belongs to a parent row: in scope exactly when its parent is. */
  | { via: AnyColumn; parent: Table; parentKey: AnyColumn }
  /** Anything else, written out once here. */
  | { custom: (actor: Actor) => SQL | undefined };

const rule = <T extends TenancyRule>(r: T) => r;

/** Rows of content history name a program, a plan or a message by kind and id. */
function contentHistoryScope(actor: Actor): SQL | undefined {
  const program = scope(actor, programs);
  const plan = scope(actor, playPlans);
  const message = scope(actor, publishMessages);
  if (!program && !plan && !message) return undefined;
  return sql`((${contentHistory.kind} = 'program' and ${contentHistory.contentId} in (select ${programs.id} from ${programs} where ${program ?? sql`true`}))
    or (${contentHistory.kind} = 'plan' and ${contentHistory.contentId} in (select ${playPlans.id} from ${playPlans} where ${plan ?? sql`true`}))
    or (${contentHistory.kind} = 'message' and ${contentHistory.contentId} in (select ${publishMessages.id} from ${publishMessages} where ${message ?? sql`true`})))`;
}

/**
 * Orders: a tenant's own purchases are seen by its users whatever their range
 * (only their own ones for "own rows only"); those of tenants below (sold to
 * them) by the range that holds the buyer.
 */
function payOrderScope(actor: Actor): SQL | undefined {
  const mine = and(
    eq(payOrders.buyerOfficeId, actor.tenantId),
    actor.range.kind === "own" ? eq(payOrders.createdBy, actor.userId) : undefined,
  );
  const below = rangeOf(actor, payOrders.buyerOfficeId);
  return or(mine, and(ne(payOrders.buyerOfficeId, actor.tenantId), below ?? sql`true`));
}

/**
 * Every tenant-owned table. A table of the schema that is neither here nor in
 * NOT_TENANT_OWNED fails the tenancy test, so a new table cannot be forgotten.
 */
export const TENANT_OWNED = new Map<Table, TenancyRule>([
  [offices, rule({ office: offices.id })],
  [users, rule({ office: users.officeId, owner: users.createdBy })],
  [roles, rule({ office: roles.officeId })],
  [userRoles, rule({ via: userRoles.userId, parent: users, parentKey: users.id })],
  [materialFolders, rule({ office: materialFolders.officeId })],
  [materials, rule({ office: materials.officeId, owner: materials.createdBy })],
  [materialCounts, rule({ office: materialCounts.officeId, owner: materialCounts.createdBy })],
  [uploads, rule({ office: uploads.officeId, owner: uploads.userId })],
  [materialRefs, rule({ via: materialRefs.materialId, parent: materials, parentKey: materials.id })],
  [programs, rule({ office: programs.officeId, owner: programs.createdBy })],
  [widgetSettings, rule({ tenant: widgetSettings.officeId })],
  [playPlans, rule({ office: playPlans.officeId, owner: playPlans.createdBy })],
  [publishMessages, rule({ office: publishMessages.officeId, owner: publishMessages.createdBy })],
  [contentHistory, rule({ custom: contentHistoryScope })],
  [publications, rule({ office: publications.officeId, owner: publications.createdBy })],
  [
    publicationTargets,
    rule({ via: publicationTargets.publicationId, parent: publications, parentKey: publications.id }),
  ],
  [terminalGroups, rule({ office: terminalGroups.officeId })],
  [terminals, rule({ office: terminals.officeId })],
  [strategies, rule({ office: strategies.officeId, owner: strategies.createdBy })],
  [alarms, rule({ office: alarms.officeId })],
  [playerPackages, rule({ tenant: playerPackages.officeId })],
  [syncSessions, rule({ office: syncSessions.officeId, owner: syncSessions.createdBy })],
  [terminalCommands, rule({ office: terminalCommands.officeId })],
  [terminalEvents, rule({ office: terminalEvents.officeId })],
  [terminalScreenshots, rule({ office: terminalScreenshots.officeId })],
  [playEvents, rule({ office: playEvents.officeId })],
  [
    terminalOnlineSpans,
    rule({ via: terminalOnlineSpans.terminalId, parent: terminals, parentKey: terminals.id }),
  ],
  [notifications, rule({ custom: (actor) => eq(notifications.userId, actor.userId) })],
  [auditLogs, rule({ office: auditLogs.officeId, owner: auditLogs.userId })],
  // Counts of the audit trail per office (no owner: a caller who may see only their own rows is counted directly).
  [auditLogCounts, rule({ office: auditLogCounts.officeId })],
  // "Own rows only" is the tokens one made: one's own, and those one made for a service account one made.
  [apiTokens, rule({ office: apiTokens.officeId, owner: apiTokens.createdBy })],
  [tenantSettings, rule({ tenant: tenantSettings.officeId })],
  [payServices, rule({ office: payServices.officeId })],
  [payOrders, rule({ custom: payOrderScope })],
  [entitlements, rule({ office: entitlements.officeId })],
  [pageViews, rule({ office: pageViews.officeId, owner: pageViews.userId })],
  [statTerminalDay, rule({ office: statTerminalDay.officeId })],
  [statTerminalMonth, rule({ office: statTerminalMonth.officeId })],
  [statTerminalWeek, rule({ office: statTerminalWeek.officeId })],
  [statOfficeDay, rule({ office: statOfficeDay.officeId })],
  [statPopDay, rule({ office: statPopDay.officeId })],
  [statPopMonth, rule({ office: statPopMonth.officeId })],
  [statPopReachDay, rule({ office: statPopReachDay.officeId })],
  [statPopReachWeek, rule({ office: statPopReachWeek.officeId })],
  [statPopReachMonth, rule({ office: statPopReachMonth.officeId })],
  [statPopProgramReach, rule({ office: statPopProgramReach.officeId })],
  [statPopMaterialReach, rule({ office: statPopMaterialReach.officeId })],
  [statPopOfficeDay, rule({ office: statPopOfficeDay.officeId })],
  [statPopWidgetMonth, rule({ office: statPopWidgetMonth.officeId })],
  [statUserDay, rule({ office: statUserDay.officeId, owner: statUserDay.userId })],
  [statPageDay, rule({ office: statPageDay.officeId, owner: statPageDay.userId })],
  [statMaterialDay, rule({ office: statMaterialDay.officeId })],
  // Signed webhooks (issue 23): a tenant's endpoints and their deliveries are the tenant's as a whole.
  [webhookEndpoints, rule({ tenant: webhookEndpoints.officeId })],
  [webhookDeliveries, rule({ tenant: webhookDeliveries.officeId })],
  // Single sign-on (issue 23): a tenant's configuration sits at its tenant office; links follow their user.
  [ssoConfigs, rule({ office: ssoConfigs.officeId })],
  [ssoLinks, rule({ via: ssoLinks.userId, parent: users, parentKey: users.id })],
  // Video walls (issue 24): a wall carries its office; its screens follow it.
  [walls, rule({ office: walls.officeId, owner: walls.createdBy })],
  [wallScreens, rule({ via: wallScreens.wallId, parent: walls, parentKey: walls.id })],
]);

/** Tables that hold no tenant's rows, and why (the tenancy test fails on a table in neither list). */
export const NOT_TENANT_OWNED: Record<string, string> = {
  sessions: "a user's own sign-ins, found by the hash of the cookie only",
  login_guards: "failed sign-ins by name and address, never listed",
  captchas: "captcha answers by id, never listed",
  verification_codes: "codes mailed to one user, checked by that user's sign-in only",
  secrets: "the server's own keys",
  settings: "the platform's settings; a tenant's own values live in tenant_settings",
  menus: "one menu tree; what a user sees of it is filtered by permission",
  dict_types: "dictionaries the platform keeps for every tenant",
  dict_items: "dictionaries the platform keeps for every tenant",
  common_problems: "help articles the platform writes for every tenant",
  pay_events: "events of the payment provider, read by its webhook only",
  stat_rollup_state: "the roll-up's own watermarks",
  server_processes: "the server processes on the database and their beats, never shown to a tenant",
  // Single sign-on (issue 23).
  sso_flows: "sign-ins on their way through a provider, found by the hash of their state only, read once",
};

/** The rule of a table; a table missing from the registry is a programming error. */
export function ruleOf(table: Table): TenancyRule {
  const r = TENANT_OWNED.get(table);
  if (!r) throw new Error(`${getTableName(table)} is not in the tenancy registry`);
  return r;
}

/** The range condition on an office column (and, for "own" ranges, an owner column). */
function rangeOf(actor: Actor, officeColumn: AnyColumn, ownerColumn?: AnyColumn): SQL | undefined {
  const parts: SQL[] = [];
  const ids = actor.range.officeIds;
  if (ids !== null) parts.push(anyOf(officeColumn, ids));
  if (actor.range.kind === "own" && ownerColumn) parts.push(eq(ownerColumn, actor.userId));
  return parts.length ? and(...parts) : undefined;
}

/**
 * The condition that keeps a query of `table` to the rows `actor` may read
 * and write; undefined when that is every row (the platform's full range).
 */
export function scope(actor: Actor, table: Table): SQL | undefined {
  const r = ruleOf(table);
  if ("office" in r) return rangeOf(actor, r.office, r.owner);
  if ("tenant" in r) return anyOf(r.tenant, actor.tenantOfficeIds);
  if ("via" in r) {
    const parent = scope(actor, r.parent);
    return parent ? sql`${r.via} in (select ${r.parentKey} from ${r.parent} where ${parent})` : undefined;
  }
  return r.custom(actor);
}

/**
 * The rows of `table` whose names the actor may read: those in its scope and,
 * for rows that carry their office, any of its own tenant's (a play on a
 * screen of a user's range names content made above that range).
 */
export function nameScope(actor: Actor, table: Table): SQL | undefined {
  const own = scope(actor, table);
  const r = ruleOf(table);
  if (!own || !("office" in r)) return own;
  return or(own, anyOf(r.office, actor.tenantOfficeIds));
}

/** Whether the actor may read an office's name: one of its range, or of its own tenant (nameScope for offices). */
export const officeNameable = (actor: Actor, officeId: number): boolean =>
  officeVisible(actor, officeId) || actor.tenantOfficeIds.includes(officeId);

/** The names of rows of `table` by id that the actor may read (nameScope); others are missing from the map. */
export async function namesIn(
  db: Db,
  actor: Actor,
  table: PgTable & { id: PgColumn; name: PgColumn },
  ids: readonly number[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(anyOf(table.id, wanted), nameScope(actor, table)));
  return new Map(rows.map((r) => [r.id as number, r.name as string]));
}

/**
 * The offices of the actor's range as a list, or null for every office: for
 * derived tables (roll-ups) read with plain SQL, which filter `office_id` by it.
 */
export const rangeOffices = (actor: Actor): number[] | null => actor.range.officeIds;

/** `scope` and the other conditions of a query, together. */
export function scoped(actor: Actor, table: Table, ...conditions: Array<SQL | undefined>): SQL | undefined {
  return and(scope(actor, table), ...conditions);
}

/** The JS key of a column of a table (rows come back keyed by it). */
function keyOf(table: Table, column: AnyColumn): string {
  for (const [key, c] of Object.entries(getTableColumns(table))) if (c === column) return key;
  throw new Error(`${getTableName(table)} has no column ${column.name}`);
}

/**
 * Whether a row already read from `table` is one the actor may see: for
 * tables whose rows carry their office (or their tenant). A table scoped
 * through a parent or a custom rule is checked with a query instead.
 */
export function visible(actor: Actor, table: Table, loaded: object): boolean {
  const row = loaded as Record<string, unknown>;
  const r = ruleOf(table);
  if ("tenant" in r) return actor.tenantOfficeIds.includes(row[keyOf(table, r.tenant)] as number);
  if (!("office" in r))
    throw new Error(`${getTableName(table)} rows are checked with scope(), not visible()`);
  if (r.owner && actor.range.kind === "own" && row[keyOf(table, r.owner)] !== actor.userId) return false;
  const ids = actor.range.officeIds;
  return ids === null || ids.includes(row[keyOf(table, r.office)] as number);
}

/** Whether an office lies in the actor's data range. */
export function officeVisible(actor: Actor, officeId: number | null | undefined): boolean {
  if (officeId === null || officeId === undefined) return false;
  return actor.range.officeIds === null || actor.range.officeIds.includes(officeId);
}

/**
 * An office of the actor's range, named by the caller: 404 when it is missing
 * or outside the range (the two answer alike), or with `field`, a 400 on that
 * field (an office chosen in a form).
 */
export async function officeInScope(
  tree: OfficeTree,
  actor: Actor,
  officeId: number,
  field?: string,
): Promise<OfficeNode> {
  const node = await tree.get(officeId);
  if (node && officeVisible(actor, officeId)) return node;
  if (field) throw new FieldErrors([{ field, key: "user.officeOutOfRange", values: { id: officeId } }]);
  throw notFound("office", officeId);
}

/**
 * The offices of the actor's range, below `within` when given (an office the
 * caller chose, already checked with officeInScope).
 */
export async function officesInScope(tree: OfficeTree, actor: Actor, within?: OfficeNode): Promise<number[]> {
  const below = await tree.subtreeIds(within?.path ?? "/");
  const ids = actor.range.officeIds;
  if (ids === null) return below;
  const allowed = new Set(ids);
  return below.filter((id) => allowed.has(id));
}

/** Whether the actor's range is limited to the rows they made. */
export const ownRowsOnly = (actor: Actor): boolean => actor.range.kind === "own";

/** A key of the actor's range, for caching answers per range. */
export function scopeKey(actor: Actor): string {
  const ids = actor.range.officeIds;
  return `${actor.range.kind}:${actor.range.kind === "own" ? actor.userId : ""}:${ids === null ? "*" : ids.join(",")}`;
}
