/**
 * Institution writes: save (institutions, customers, agents), delete, move a subtree, open an
 * institution as an agent. Every write takes the tree lock, runs in one transaction, and drops the
 * cached tree and actors after it (ranges are lists of office ids, so a new or moved office changes
 * them).
 */
import { randomUUID } from "node:crypto";
import {
  type MessageKey,
  type OfficeSaveBody,
  type OpenAgentBody,
  type Permission,
  TENANT_ADMIN_PERMISSIONS,
} from "@marquee/contracts";
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import {
  materialFolders,
  notifications,
  offices,
  publications,
  roles,
  terminalGroups,
  widgetSettings,
} from "../../db/schema";
import { type Actor, can } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError, FieldErrors, foreignKeyViolation } from "../../platform/errors";
import { childPath } from "../../platform/office-tree";
import { assertTerminalQuota, seatsBelow } from "../../platform/quota";
import type { Services } from "../../platform/services";
import { officeVisible } from "../../platform/tenancy";
import { leaveTenant, terminalsBelow } from "../terminal/repo";
import {
  findOffice,
  foreignRoleHolders,
  holdings,
  intlTag,
  isAbove,
  lockTree,
  type OfficeRow,
  screensWithPublications,
} from "./repo";

type Kind = OfficeRow["type"];
type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
type SaveBody = z.output<typeof OfficeSaveBody>;
type OpenBody = z.output<typeof OpenAgentBody>;

/** Who may create, edit, move or delete each kind (an agent is opened and moved only by the platform). */
const CREATE: Record<Exclude<Kind, "platform">, Permission> = {
  institution: "sys:office:edit",
  customer: "sys:customer:edit",
  agent: "sys:office:openAgent",
};
const EDIT: Record<Kind, Permission> = {
  platform: "sys:office:edit",
  institution: "sys:office:edit",
  agent: "sys:office:edit",
  customer: "sys:customer:edit",
};
const DELETE: Record<Kind, Permission> = {
  platform: "sys:office:delete",
  institution: "sys:office:delete",
  agent: "sys:office:delete",
  customer: "sys:customer:delete",
};
const MOVE: Record<Kind, Permission> = {
  platform: "sys:office:edit",
  institution: "sys:office:edit",
  agent: "sys:office:openAgent",
  customer: "sys:customer:edit",
};

/** Fields only agents and customers carry, and who may change them: someone above the tenant. */
const TENANT_FIELDS = ["capacityBytes", "terminalQuota", "expiresAt"] as const;

function requirePermission(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw new AppError(403, "auth.forbidden", { permission });
}

/** Where a kind may sit: customers under the platform or an agent, agents directly under the platform. */
function parentRule(kind: Kind, parent: Pick<OfficeRow, "type">): MessageKey | null {
  if (kind === "customer" && parent.type !== "platform" && parent.type !== "agent")
    return "org.customerParent";
  if (kind === "agent" && parent.type !== "platform") return "org.agentParent";
  return null;
}

/**
 * Refuses an office's change of tenant (a move, or becoming an agent): its
 * users must hold no role of another tenant than the new one (they would keep
 * rights the new tenant cannot give), and its screens must play no
 * publication of the old one (a screen plays only its own tenant's: they
 * would go blank).
 */
async function assertTenantChange(
  tx: Tx,
  services: Services,
  office: { name: string; path: string },
  newTenantId: number,
  oldTenantName: string,
  rolesKey: "org.moveRoles" | "org.openAgentRoles",
): Promise<void> {
  const foreign = await foreignRoleHolders(tx, office.path, newTenantId);
  if (foreign.n > 0)
    throw new AppError(409, rolesKey, {
      name: office.name,
      n: foreign.n,
      tenant: (foreign.officeId && (await services.tree.get(foreign.officeId))?.name) || "",
    });
  const playing = await screensWithPublications(tx, office.path);
  if (playing > 0)
    throw new AppError(409, "org.tenantPublications", {
      name: office.name,
      n: playing,
      tenant: oldTenantName,
    });
}

/** The tree and the actors cached from it are stale after a write. */
function changed(services: Services): void {
  services.tree.invalidate();
  services.actors.invalidate();
}

/** Screens that changed tenant fetch their manifest again (nothing of the old tenant's is in it). */
async function resync(services: Services, log: FastifyBaseLogger, ids: number[]): Promise<void> {
  try {
    await services.hub.notifySync(ids);
  } catch (err) {
    log.warn({ err }, "the screens that changed tenant could not be told");
  }
}

/** The built-in administrator role of a new agent or customer, named in the caller's language. */
function adminRole(
  t: Translate,
  office: { id: number; name: string },
  kind: "agent" | "customer",
  by: number,
): typeof roles.$inferInsert {
  return {
    officeId: office.id,
    code: "admin",
    name: t(kind === "agent" ? "org.adminRole.agent" : "org.adminRole.customer"),
    description: t("org.adminRoleDescription", { name: office.name }),
    permissions: [...TENANT_ADMIN_PERMISSIONS[kind]],
    builtIn: true,
    createdBy: by,
  };
}

/** Refuses a second child of the same name (any case) under one parent. */
async function assertNameFree(tx: Tx, parentId: number, name: string, exceptId?: number): Promise<void> {
  const [twin] = await tx
    .select({ id: offices.id })
    .from(offices)
    .where(
      and(
        eq(offices.parentId, parentId),
        sql`lower(${offices.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(offices.id, exceptId),
      ),
    )
    .limit(1);
  if (twin) throw new FieldErrors([{ field: "name", key: "org.nameTaken", values: { name } }]);
}

/** Quotas and expiry on an office that is no tenant: refused at each field that carries one. */
function refuseTenantFields(
  kind: Kind,
  body: Partial<Record<(typeof TENANT_FIELDS)[number], unknown>>,
): void {
  if (kind === "agent" || kind === "customer") return;
  const given = TENANT_FIELDS.filter((f) => body[f] !== undefined && body[f] !== null);
  if (given.length) throw new FieldErrors(given.map((field) => ({ field, key: "org.tenantOnly" as const })));
}

const contactValues = (b: SaveBody | OpenBody) => ({
  ...(b.contactName !== undefined ? { contactName: b.contactName } : {}),
  ...(b.contactPhone !== undefined ? { contactPhone: b.contactPhone } : {}),
  ...(b.contactEmail !== undefined ? { contactEmail: b.contactEmail } : {}),
});
const tenantValues = (b: SaveBody | OpenBody) => ({
  ...(b.capacityBytes !== undefined ? { capacityBytes: b.capacityBytes } : {}),
  ...(b.terminalQuota !== undefined ? { terminalQuota: b.terminalQuota } : {}),
  ...(b.expiresAt !== undefined ? { expiresAt: b.expiresAt === null ? null : new Date(b.expiresAt) } : {}),
});

async function create(services: Services, t: Translate, actor: Actor, body: SaveBody): Promise<OfficeRow> {
  const missing: Array<{ field: string; key: MessageKey }> = [];
  if (body.parentId === undefined) missing.push({ field: "parentId", key: "org.parentRequired" });
  if (body.type === undefined) missing.push({ field: "type", key: "org.typeRequired" });
  if (body.parentId === undefined || body.type === undefined) throw new FieldErrors(missing);
  const kind = body.type;
  const parentId = body.parentId;
  requirePermission(actor, CREATE[kind]);
  if (!officeVisible(actor, parentId))
    throw new FieldErrors([{ field: "parentId", key: "org.parentOutOfRange", values: { id: parentId } }]);
  refuseTenantFields(kind, body);
  return services.db.transaction(async (tx) => {
    await lockTree(tx);
    const [parent] = await tx.select().from(offices).where(eq(offices.id, parentId));
    if (!parent)
      throw new FieldErrors([{ field: "parentId", key: "org.parentOutOfRange", values: { id: parentId } }]);
    const rule = parentRule(kind, parent);
    if (rule) throw new FieldErrors([{ field: "parentId", key: rule, values: { parent: parent.name } }]);
    await assertNameFree(tx, parent.id, body.name);
    const [inserted] = await tx
      .insert(offices)
      .values({
        parentId: parent.id,
        // A unique placeholder until the id is known (the path names it).
        path: `/new/${randomUUID()}/`,
        type: kind,
        name: body.name,
        code: body.code ?? null,
        address: body.address ?? null,
        remarks: body.remarks ?? null,
        sort: body.sort ?? 0,
        enabled: body.enabled ?? true,
        createdBy: actor.userId,
        ...contactValues(body),
        ...tenantValues(body),
      })
      .returning({ id: offices.id });
    if (!inserted) throw new Error("office not created");
    const [row] = await tx
      .update(offices)
      .set({ path: childPath(parent.path, inserted.id) })
      .where(eq(offices.id, inserted.id))
      .returning();
    if (!row) throw new Error("office not created");
    if (kind !== "institution") await tx.insert(roles).values(adminRole(t, row, kind, actor.userId));
    return row;
  });
}

async function update(services: Services, actor: Actor, id: number, body: SaveBody): Promise<OfficeRow> {
  const current = await findOffice(services.db, actor, id);
  requirePermission(actor, EDIT[current.type]);
  if (body.type !== undefined && body.type !== current.type)
    throw new FieldErrors([{ field: "type", key: "org.typeFixed", values: { name: current.name } }]);
  if (body.parentId !== undefined && body.parentId !== current.parentId)
    throw new FieldErrors([{ field: "parentId", key: "org.useMove", values: { name: current.name } }]);
  refuseTenantFields(current.type, body);
  // A tenant cannot lift its own limits: quotas, expiry and state change only from above.
  const moved = [
    ...TENANT_FIELDS.filter((f) => {
      const v = body[f];
      if (v === undefined) return false;
      if (f === "expiresAt")
        return (
          (v === null ? null : new Date(v as string).getTime()) !== (current.expiresAt?.getTime() ?? null)
        );
      return v !== current[f];
    }),
    ...(body.enabled !== undefined && body.enabled !== current.enabled ? (["enabled"] as const) : []),
  ];
  if (moved.length && !isAbove(actor, current))
    throw new FieldErrors(
      moved.map((field) => ({ field, key: "org.notAbove" as const, values: { name: current.name } })),
    );
  return services.db.transaction(async (tx) => {
    await lockTree(tx);
    if (current.parentId !== null) await assertNameFree(tx, current.parentId, body.name, current.id);
    const [row] = await tx
      .update(offices)
      .set({
        name: body.name,
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.address !== undefined ? { address: body.address } : {}),
        ...(body.remarks !== undefined ? { remarks: body.remarks } : {}),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...contactValues(body),
        ...tenantValues(body),
        updatedAt: services.clock.now(),
      })
      .where(eq(offices.id, current.id))
      .returning();
    if (!row) throw new Error("office vanished");
    return row;
  });
}

/** Creates an office (no `id`) or edits one of the caller's range; answers its row. */
export async function saveOffice(
  services: Services,
  t: Translate,
  actor: Actor,
  body: SaveBody,
): Promise<OfficeRow> {
  const row =
    body.id === undefined
      ? await create(services, t, actor, body)
      : await update(services, actor, body.id, body);
  changed(services);
  return row;
}

/**
 * Deletes an office that holds nothing (no children, users, terminals or content; no role in use),
 * with its own furniture: unused roles, empty groups and folders, settings, notices, publications.
 * `locale` words the list of what it still holds.
 */
export async function deleteOffice(
  services: Services,
  t: Translate,
  locale: string,
  actor: Actor,
  row: OfficeRow,
): Promise<void> {
  if (row.parentId === null) throw new AppError(409, "org.deletePlatform");
  requirePermission(actor, DELETE[row.type]);
  if (actor.officePath.startsWith(row.path)) throw new AppError(409, "org.deleteOwn", { name: row.name });
  try {
    await services.db.transaction(async (tx) => {
      await lockTree(tx);
      // The row lock also waits for (and then blocks) rows being inserted that point at it.
      const [locked] = await tx
        .select({ id: offices.id })
        .from(offices)
        .where(eq(offices.id, row.id))
        .for("update");
      if (!locked) throw new AppError(404, "common.recordNotFound", { entity: "office", id: row.id });
      const held = await holdings(tx, row.id);
      const parts = Object.entries(held).filter(([, n]) => n > 0);
      if (parts.length) {
        const what = new Intl.ListFormat(intlTag(locale), { type: "conjunction" }).format(
          parts.map(([k, n]) => t(`org.count.${k}` as MessageKey, { n })),
        );
        throw new AppError(409, "org.deleteNotEmpty", { name: row.name, what }, { holds: held });
      }
      const own = await tx
        .select({
          id: roles.id,
          name: roles.name,
          users: sql<number>`(select count(*) from user_roles ur where ur.role_id = ${roles.id})`.mapWith(
            Number,
          ),
        })
        .from(roles)
        .where(eq(roles.officeId, row.id));
      const used = own.find((r) => r.users > 0);
      if (used) throw new AppError(409, "org.roleInUse", { name: row.name, role: used.name, n: used.users });
      // What is left is the office's own furniture: unused roles, empty groups and folders, settings.
      await tx.delete(roles).where(eq(roles.officeId, row.id));
      await tx.delete(terminalGroups).where(eq(terminalGroups.officeId, row.id));
      await tx.delete(materialFolders).where(eq(materialFolders.officeId, row.id));
      await tx.delete(widgetSettings).where(eq(widgetSettings.officeId, row.id));
      await tx.delete(notifications).where(eq(notifications.officeId, row.id));
      await tx
        .delete(publications)
        .where(or(eq(publications.officeId, row.id), eq(publications.tenantId, row.id)));
      await tx.delete(offices).where(eq(offices.id, row.id));
    });
  } catch (err) {
    if (foreignKeyViolation(err)) throw new AppError(409, "org.deleteBusy", { name: row.name });
    throw err;
  }
  changed(services);
}

/**
 * Moves an office and its subtree under `parentId`. An institution changing tenant takes its users
 * and screens along: the screens leave the old tenant's content behind and are told to sync.
 */
export async function moveOffice(
  services: Services,
  log: FastifyBaseLogger,
  actor: Actor,
  node: OfficeRow,
  parentId: number,
): Promise<void> {
  let left: number[] = [];
  if (node.parentId === null) throw new AppError(409, "org.movePlatform");
  requirePermission(actor, MOVE[node.type]);
  if (actor.officePath.startsWith(node.path)) throw new AppError(409, "org.moveOwn", { name: node.name });
  if (!officeVisible(actor, parentId))
    throw new FieldErrors([{ field: "parentId", key: "org.parentOutOfRange", values: { id: parentId } }]);
  await services.db.transaction(async (tx) => {
    await lockTree(tx);
    const [fresh] = await tx.select().from(offices).where(eq(offices.id, node.id));
    const [target] = await tx.select().from(offices).where(eq(offices.id, parentId));
    if (!fresh) throw new AppError(404, "common.recordNotFound", { entity: "office", id: node.id });
    if (!target)
      throw new FieldErrors([{ field: "parentId", key: "org.parentOutOfRange", values: { id: parentId } }]);
    if (target.path.startsWith(fresh.path))
      throw new FieldErrors([{ field: "parentId", key: "org.moveIntoSelf", values: { name: fresh.name } }]);
    if (fresh.parentId === target.id) return;
    const rule = parentRule(fresh.type, target);
    if (rule) throw new FieldErrors([{ field: "parentId", key: rule, values: { parent: target.name } }]);
    await assertNameFree(tx, target.id, fresh.name, fresh.id);
    // An institution changing tenant takes its users along: roles of the old tenant must not follow them.
    if (fresh.type === "institution") {
      const [from, to] = await Promise.all([
        services.tree.tenantOf(fresh.id),
        services.tree.tenantOf(target.id),
      ]);
      if (to && from?.id !== to.id) {
        await assertTenantChange(tx, services, fresh, to.id, from?.name ?? "", "org.moveRoles");
        left = await terminalsBelow(tx, fresh.path);
        await leaveTenant(tx, left, services.clock.now());
      }
    }
    const newPath = childPath(target.path, fresh.id);
    // Every path below in one statement; terminals, users and content keep their office and move along.
    await tx.execute(sql`
      update offices set path = ${newPath} || substr(path, ${fresh.path.length + 1}),
        parent_id = case when id = ${fresh.id} then ${target.id}::int else parent_id end,
        updated_at = case when id = ${fresh.id} then now() else updated_at end
      where path like ${`${fresh.path}%`}`);
    const seats = await seatsBelow(tx, newPath);
    if (seats > 0)
      await assertTerminalQuota(tx, target.id, (t) => (fresh.path.startsWith(t.path) ? 0 : seats));
  });
  changed(services);
  if (left.length) await resync(services, log, left);
}

/**
 * Opens an institution right under the platform as an agent, with its built-in administrator role;
 * its screens leave what the platform gave them and are told to sync. Answers the agent's row.
 */
export async function openAgent(
  services: Services,
  t: Translate,
  log: FastifyBaseLogger,
  actor: Actor,
  node: OfficeRow,
  body: OpenBody,
): Promise<OfficeRow> {
  let left: number[] = [];
  if (node.type !== "institution")
    throw new AppError(409, "org.openAgentType", {
      name: node.name,
      type: t(`org.type.${node.type}` as MessageKey),
    });
  const row = await services.db.transaction(async (tx) => {
    await lockTree(tx);
    const [fresh] = await tx.select().from(offices).where(eq(offices.id, node.id));
    const parent =
      fresh?.parentId != null
        ? (await tx.select().from(offices).where(eq(offices.id, fresh.parentId)))[0]
        : undefined;
    if (fresh?.type !== "institution" || parent?.type !== "platform")
      throw new AppError(409, "org.openAgentParent");
    await assertTenantChange(tx, services, fresh, fresh.id, parent.name, "org.openAgentRoles");
    // Its screens now serve the new agent: what the platform gave them stays behind.
    left = await terminalsBelow(tx, fresh.path);
    await leaveTenant(tx, left, services.clock.now());
    const [updated] = await tx
      .update(offices)
      .set({
        type: "agent",
        ...contactValues(body),
        ...tenantValues(body),
        updatedAt: services.clock.now(),
      })
      .where(eq(offices.id, fresh.id))
      .returning();
    if (!updated) throw new Error("office vanished");
    await tx
      .insert(roles)
      .values(adminRole(t, updated, "agent", actor.userId))
      .onConflictDoNothing({ target: [roles.officeId, roles.code] });
    return updated;
  });
  changed(services);
  if (left.length) await resync(services, log, left);
  return row;
}
