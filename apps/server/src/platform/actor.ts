import {
  type DataRange,
  isPermission,
  type MessageKey,
  type Permission,
  tenantMayHold,
} from "@marquee/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { roles, userRoles, users } from "../db/schema";
import type { Clock } from "./deps";
import type { OfficeTree } from "./office-tree";

/** The signed-in caller of a request: who, what they may do, and which rows they may see. */
export interface Actor {
  userId: number;
  username: string;
  name: string;
  officeId: number;
  officePath: string;
  officeType: string;
  /** The type of the user's tenant (nearest platform, agent or customer at or above the office). */
  tenantType: "platform" | "agent" | "customer";
  /** The user's tenant office. */
  tenantId: number;
  /** The offices of the user's tenant (the tenant and its institutions, not the tenants below): rows kept per tenant are read here. */
  tenantOfficeIds: number[];
  /** Every permission string granted by the user's roles (platform-only ones dropped outside the platform). */
  permissions: ReadonlySet<string>;
  /** A role with every permission (the built-in administrator). */
  all: boolean;
  roles: ReadonlyArray<{ id: number; code: string; name: string }>;
  /** The data range: `officeIds` null means every office (the platform's own subtree). */
  range: { kind: DataRange; officeIds: number[] | null };
}

/**
 * Whether the actor holds `permission`. A platform-only permission is never
 * held outside the platform's own tenant, whatever a role says: this one
 * check guards every route that declares one.
 */
export function can(actor: Actor, permission: Permission): boolean {
  if (actor.tenantType !== "platform" && !tenantMayHold(permission, actor.tenantType)) return false;
  return actor.all || actor.permissions.has(permission);
}

interface Cached {
  actor: Actor;
  at: number;
}

/**
 * Builds the actor of a user from the database and keeps it for a few seconds:
 * a permission change is seen at once in this process (invalidate) and within
 * ACTOR_TTL_MS in others.
 */
export class ActorCache {
  static readonly ACTOR_TTL_MS = 10_000;
  private readonly cache = new Map<number, Cached>();
  /** Builds under way, shared by concurrent requests of the same user. */
  private readonly building = new Map<number, Promise<Actor | null>>();

  constructor(
    private readonly db: Db,
    private readonly tree: OfficeTree,
    private readonly clock: Clock = { now: () => new Date() },
  ) {}

  invalidate(userId?: number): void {
    if (userId === undefined) {
      this.cache.clear();
      this.building.clear();
    } else {
      this.cache.delete(userId);
      this.building.delete(userId);
    }
  }

  async get(userId: number): Promise<Actor | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < ActorCache.ACTOR_TTL_MS) return hit.actor;
    let pending = this.building.get(userId);
    if (!pending) {
      pending = this.build(userId).then((actor) => {
        // An invalidation while building dropped this promise: keep its result out of the cache.
        if (this.building.get(userId) === pending) {
          this.building.delete(userId);
          if (actor) {
            if (this.cache.size > 10_000) this.cache.clear();
            this.cache.set(userId, { actor, at: Date.now() });
          }
        }
        return actor;
      });
      pending.catch(() => this.building.delete(userId));
      this.building.set(userId, pending);
    }
    return pending;
  }

  private async build(userId: number): Promise<Actor | null> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user?.enabled) return null;
    const office = await this.tree.get(user.officeId);
    if (!office) return null;
    // A disabled or expired tenant ends its users' sessions (its screens keep playing).
    if (await this.tree.blocked(office.id, this.clock.now())) return null;
    const roleRows = await this.db
      .select({
        id: roles.id,
        code: roles.code,
        name: roles.name,
        permissions: roles.permissions,
        all: roles.allPermissions,
      })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, [userId]));
    const tenant = await this.tree.tenantOf(office.id);
    if (!tenant) return null;
    const tenantType = tenant?.type === "agent" || tenant?.type === "customer" ? tenant.type : "platform";
    const permissions = new Set(
      // A service account holds its permissions itself (never through a role).
      [...roleRows.flatMap((r) => r.permissions), ...(user.permissions ?? [])].filter(
        (p) => tenantType === "platform" || (isPermission(p) && tenantMayHold(p, tenantType)),
      ),
    );
    let officeIds: number[] | null;
    if (user.dataRange === "offices") {
      const chosen = new Set<number>();
      for (const id of user.dataOffices) {
        const node = await this.tree.get(id);
        // A chosen office counts only inside the user's own subtree.
        if (node?.path.startsWith(office.path))
          for (const sub of await this.tree.subtreeIds(node.path)) chosen.add(sub);
      }
      officeIds = [...chosen];
    } else if (office.parentId === null) {
      officeIds = null;
    } else {
      officeIds = await this.tree.subtreeIds(office.path);
    }
    return {
      userId: user.id,
      username: user.username,
      name: user.name,
      officeId: office.id,
      officePath: office.path,
      officeType: office.type,
      tenantType,
      tenantId: tenant.id,
      tenantOfficeIds: await this.tree.officesOfTenant(tenant.id),
      permissions,
      all: roleRows.some((r) => r.all),
      roles: roleRows.map((r) => ({ id: r.id, code: r.code, name: r.name })),
      range: { kind: user.dataRange, officeIds },
    };
  }
}

/** How much of its owner's rights something acting for them holds (an API token): null means all. */
export interface Narrowing {
  permissions: string[] | null;
  /** null: the owner's range; `own`: own rows only; `offices`: these offices' subtrees, inside the owner's. */
  dataRange: DataRange | null;
  dataOffices: number[];
}

/** The owner's actor cut down to a narrowing: never a permission or a row the owner does not have. */
export async function narrowedActor(owner: Actor, n: Narrowing, tree: OfficeTree): Promise<Actor> {
  const permissions =
    n.permissions === null
      ? owner.permissions
      : new Set(n.permissions.filter((p) => isPermission(p) && can(owner, p)));
  const all = n.permissions === null && owner.all;
  let range = owner.range;
  if (n.dataRange === "own") {
    range = { kind: "own", officeIds: owner.range.officeIds };
  } else if (n.dataRange === "offices") {
    const chosen = new Set<number>();
    for (const id of n.dataOffices) {
      const node = await tree.get(id);
      if (node) for (const sub of await tree.subtreeIds(node.path)) chosen.add(sub);
    }
    const inOwner = owner.range.officeIds === null ? null : new Set(owner.range.officeIds);
    const officeIds = [...chosen].filter((id) => inOwner === null || inOwner.has(id));
    range = { kind: owner.range.kind === "own" ? "own" : "offices", officeIds };
  }
  return { ...owner, permissions, all, range };
}

/**
 * Whether a narrowing asked for stays inside the actor's range: own rows always do, a whole subtree only for
 * an actor who has one, chosen offices only when each is in the actor's range. Answers why not (a message
 * key and the field), or null.
 */
export async function rangeNarrowingRefused(
  actor: Actor,
  dataRange: DataRange | undefined,
  dataOffices: readonly number[],
  tree: OfficeTree,
): Promise<{ field: "dataRange" | "dataOffices"; key: MessageKey; values?: { id: number } } | null> {
  if (dataRange === undefined || dataRange === "own") return null;
  if (actor.range.kind === "own" || (dataRange === "subtree" && actor.range.kind !== "subtree"))
    return { field: "dataRange", key: "token.rangeWider" };
  if (dataRange === "subtree") return null;
  if (dataOffices.length === 0) return { field: "dataOffices", key: "token.officesRequired" };
  const mine = actor.range.officeIds === null ? null : new Set(actor.range.officeIds);
  for (const id of dataOffices) {
    const inRange = mine === null ? (await tree.get(id)) !== undefined : mine.has(id);
    if (!inRange) return { field: "dataOffices", key: "token.officeOutOfRange", values: { id } };
  }
  return null;
}
