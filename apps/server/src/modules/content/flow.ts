import { type ContentState, type MessageKey, noticeMsg } from "@marquee/contracts";
import { and, arrayContains, eq, inArray, ne, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { notifications, roles, userRoles, users } from "../../db/schema";
import { type Actor, can } from "../../platform/actor";
import { AppError, badRequest } from "../../platform/errors";
import { noticeText } from "../../platform/notify";
import type { Services } from "../../platform/services";
import { visible } from "../../platform/tenancy";
import { submitters as submittersOf } from "./history";
import { findItems, moveItems, noteLine } from "./items";
import type { ContentItem, ContentSpec } from "./kinds";

type T = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Refuses (400, naming the first) items that are not in one of the states `from`. */
function assertStates(spec: ContentSpec, rows: ContentItem[], from: ContentState[], t: T) {
  const stuck = rows.find((r) => !from.includes(r.state));
  if (stuck)
    throw badRequest(spec.keys.stateInvalid, { name: stuck.name, state: t(`program.state.${stuck.state}`) });
}

/**
 * Submits items for review: from draft or rejected to pending while the
 * `audit` setting is on, else approved at once. With review on, the
 * tenant's reviewers hear of it (after the commit: a notice that fails
 * does not undo the submission).
 */
export async function submitItems(
  services: Services,
  spec: ContentSpec,
  actor: Actor,
  ids: number[],
  t: T,
  log: FastifyBaseLogger,
): Promise<{ state: ContentState; rows: ContentItem[] }> {
  const state: ContentState = (await services.settings.get("audit")) ? "pending" : "approved";
  const rows = await services.db.transaction(async (tx) => {
    const found = await findItems(tx, spec, actor, ids, true);
    assertStates(spec, found, ["draft", "rejected"], t);
    await moveItems(tx, spec, found, state, {
      event: "submit",
      note: null,
      byUserId: actor.userId,
      at: services.clock.now(),
    });
    if (state === "pending")
      await services.webhookEvents.emit(
        tx,
        found.map((r) => ({
          officeId: r.officeId,
          type: "review.requested" as const,
          data: {
            item: { kind: spec.kind, id: r.id, name: r.name },
            by: { id: actor.userId, name: actor.name },
          },
        })),
      );
    return found;
  });
  if (state === "pending") {
    try {
      await notifyReviewers(services, spec, actor, rows);
    } catch (err) {
      log.warn({ err, kind: spec.kind }, "the reviewers could not be told of a submission");
    }
  }
  return { state, rows };
}

/**
 * A review decision on pending items. Nobody approves what they submitted
 * themselves (403, naming the item); the authors (the creator and the
 * submitter) hear the decision.
 */
export async function decideItems(
  services: Services,
  spec: ContentSpec,
  actor: Actor,
  ids: number[],
  decision: { result: "approved" | "rejected"; note: string | null },
  t: T,
): Promise<ContentItem[]> {
  const { result, note } = decision;
  return services.db.transaction(async (tx) => {
    const rows = await findItems(tx, spec, actor, ids, true);
    assertStates(spec, rows, ["pending"], t);
    const submitters = await submittersOf(
      tx,
      spec.kind,
      rows.map((r) => r.id),
    );
    if (result === "approved") {
      const own = rows.find((r) => submitters.get(r.id) === actor.userId);
      if (own) throw new AppError(403, "review.ownSubmission", { name: own.name });
    }
    await moveItems(tx, spec, rows, result, {
      event: "review",
      note,
      byUserId: actor.userId,
      at: services.clock.now(),
    });
    const notices = rows.flatMap((r) => {
      const authors = new Set([r.createdBy, submitters.get(r.id) ?? null]);
      authors.delete(null);
      const text = noticeText(note ? spec.keys.noticeNote : spec.keys.notice, {
        name: r.name,
        result: noticeMsg(`program.state.${result}`),
        ...(note ? { note } : {}),
      });
      return [...authors].map((userId) => ({ userId: userId as number, officeId: r.officeId, ...text }));
    });
    if (notices.length) await tx.insert(notifications).values(notices);
    await services.webhookEvents.emit(
      tx,
      rows.map((r) => ({
        officeId: r.officeId,
        type: "review.decided" as const,
        data: {
          item: { kind: spec.kind, id: r.id, name: r.name },
          result,
          note,
          by: { id: actor.userId, name: actor.name },
        },
      })),
    );
    return rows;
  });
}

/** A note in an item's history, its state unchanged. */
export async function noteItem(
  services: Services,
  spec: ContentSpec,
  actor: Actor,
  id: number,
  note: string,
) {
  await services.db.transaction(async (tx) => {
    const [row] = await findItems(tx, spec, actor, [id], true);
    if (!row) throw new Error("item vanished under its lock");
    await noteLine(tx, spec, row, actor.userId, note, services.clock.now());
  });
}

/** At most this many reviewers hear of one submission: enough for any real tenant, bounded for a huge one. */
const MAX_REVIEWERS = 200;

/**
 * Tells the users who may review these items that they wait for them: users
 * of the items' tenant (its customer or agent, else the platform) holding the
 * review permission with the items in their data range, the submitter aside.
 */
async function notifyReviewers(services: Services, spec: ContentSpec, actor: Actor, rows: ContentItem[]) {
  const { tree, db } = services;
  const values: Array<typeof notifications.$inferInsert> = [];
  const byTenant = new Map<number, ContentItem[]>();
  for (const r of rows) {
    const tenant = await tree.tenantIdOf(r.officeId);
    if (tenant !== undefined) byTenant.set(tenant, [...(byTenant.get(tenant) ?? []), r]);
  }
  for (const [tenantId, items] of byTenant) {
    const node = await tree.get(tenantId);
    if (!node) continue;
    const offices = await tree.subtreeIds(node.path);
    const candidates = await db
      .selectDistinct({ id: users.id, officeId: users.officeId })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          inArray(users.officeId, offices),
          eq(users.enabled, true),
          eq(users.kind, "person"),
          ne(users.id, actor.userId),
          or(eq(roles.allPermissions, true), arrayContains(roles.permissions, [spec.permissions.review])),
        ),
      )
      .orderBy(users.id)
      .limit(MAX_REVIEWERS);
    for (const c of candidates) {
      // A user of a tenant below this one (a customer under an agent) reviews their own tenant only.
      if ((await tree.tenantIdOf(c.officeId)) !== tenantId) continue;
      const reviewer = await services.actors.get(c.id);
      if (!reviewer || !can(reviewer, spec.permissions.review)) continue;
      for (const r of items) {
        if (!visible(reviewer, spec.table, r)) continue;
        values.push({
          userId: c.id,
          officeId: c.officeId,
          ...noticeText(spec.keys.requested, { name: r.name, user: actor.name }),
        });
      }
    }
  }
  if (values.length) await db.insert(notifications).values(values);
}
