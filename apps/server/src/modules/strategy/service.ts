import type { CommandOutcome, SaveStrategyBody } from "@marquee/contracts";
import type { StrategyDoc } from "@marquee/schedule";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Actor } from "../../platform/actor";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { officeVisible } from "../../platform/tenancy";
import { findTerminals } from "../terminal/repo";
import { sendSettings } from "../terminalSet/settings";
import {
  deleteStrategyRows,
  findStrategies,
  findStrategy,
  insertStrategy,
  lockTenantStrategies,
  nameTaken,
  relatedIds,
  relateTerminals,
  releaseTerminals,
  type StrategyRow,
  tidyDoc,
  toSummaries,
  updateStrategy,
} from "./repo";

/** The summary of one strategy row, as the caller sees it. */
export async function strategySummary(services: Services, actor: Actor, row: StrategyRow) {
  const [summary] = await toSummaries(services.db, services.tree, actor, [row]);
  if (!summary) throw notFound("strategy", row.id);
  return summary;
}

/** The related terminals read their manifest again; a failure is logged, they read it on their next connection. */
async function notify(services: Services, log: FastifyBaseLogger, ids: number[]) {
  if (!ids.length) return;
  try {
    await services.hub.notifySync(ids);
  } catch (err) {
    log.warn({ err }, "the terminals could not be told of their new strategy");
  }
}

/** Terminals given for a strategy: in the caller's range and of the strategy's tenant, else 404. */
async function terminalsFor(services: Services, actor: Actor, strategy: StrategyRow, ids: number[]) {
  const rows = await findTerminals(services.db, actor, ids);
  const tenant = await services.tree.tenantIdOf(strategy.officeId);
  for (const r of rows) {
    if ((await services.tree.tenantIdOf(r.officeId)) !== tenant) throw notFound("terminal", r.id);
  }
  return rows;
}

/** Writes a new document and tells every terminal following the strategy (whatever the caller's range). */
export async function writeDoc(
  services: Services,
  actor: Actor,
  log: FastifyBaseLogger,
  id: number,
  change: (doc: StrategyDoc) => StrategyDoc,
) {
  const { db } = services;
  const row = await db.transaction(async (tx) => {
    const current = await findStrategy(tx, actor, id, true);
    const saved = await updateStrategy(tx, id, {
      doc: tidyDoc(change(current.doc ?? {})),
      updatedAt: services.clock.now(),
    });
    if (!saved) throw notFound("strategy", id);
    return saved;
  });
  await notify(services, log, await relatedIds(db, id));
  return { strategy: await strategySummary(services, actor, row) };
}

/**
 * Creates (no `id`) or updates a strategy under its tenant's lock (names are
 * unique per tenant); a changed document reaches the related terminals.
 * Answers the saved row.
 */
export async function saveStrategy(
  services: Services,
  actor: Actor,
  req: Pick<FastifyRequest, "log" | "t">,
  body: z.output<typeof SaveStrategyBody>,
): Promise<StrategyRow> {
  const { id, officeId, name, remarks, doc } = body;
  const office = await services.tree.get(officeId);
  if (!office || !officeVisible(actor, officeId))
    throw new FieldErrors([{ field: "officeId", key: "user.officeOutOfRange", values: { id: officeId } }]);
  const tenantId = await services.tree.tenantIdOf(officeId);
  const now = services.clock.now();
  const { row, docChanged } = await services.db.transaction(async (tx) => {
    await lockTenantStrategies(tx, tenantId);
    const existing = id !== undefined ? await findStrategy(tx, actor, id, true) : null;
    // Its terminals belong to its tenant: it may change office only within it.
    if (existing && (await services.tree.tenantIdOf(existing.officeId)) !== tenantId)
      throw new FieldErrors([
        { field: "officeId", key: "strategy.officeOtherTenant", values: { name: office.name } },
      ]);
    if (await nameTaken(tx, services.tree, tenantId, name, existing?.id ?? null)) {
      const message = req.t("strategy.nameTaken", { name });
      throw new AppError(409, "strategy.nameTaken", { name }, { errors: [{ field: "name", message }] });
    }
    const values = {
      officeId,
      name,
      ...(remarks !== undefined ? { remarks: remarks || null } : {}),
      ...(doc !== undefined ? { doc: tidyDoc(doc) } : {}),
      updatedAt: now,
    };
    const saved = existing
      ? await updateStrategy(tx, existing.id, values)
      : await insertStrategy(tx, { ...values, createdBy: actor.userId, createdAt: now });
    if (!saved) throw new Error("strategy not saved");
    const changed = existing !== null && JSON.stringify(existing.doc) !== JSON.stringify(saved.doc);
    return { row: saved, docChanged: changed };
  });
  if (docChanged) await notify(services, req.log, await relatedIds(services.db, row.id));
  return row;
}

/**
 * Deletes strategies; the terminals following them fall back to their own
 * settings: their manifests and a settings command tell them. Answers the
 * deleted rows, how many terminals were released and what became of each.
 */
export async function deleteStrategies(
  services: Services,
  actor: Actor,
  log: FastifyBaseLogger,
  ids: number[],
) {
  const { rows, released } = await services.db.transaction(async (tx) => {
    const found = await findStrategies(tx, actor, ids, true);
    return { rows: found, released: await deleteStrategyRows(tx, ids, services.clock.now()) };
  });
  let list: CommandOutcome[] = [];
  if (released.length) {
    try {
      list = await sendSettings(services, released, actor.userId);
    } catch (err) {
      log.warn({ err }, "the released terminals could not be told of their settings");
    }
  }
  return { rows, released: released.length, list };
}

/** Relates terminals to strategy `id`; answers those that followed another strategy before. */
export async function relationTerminals(
  services: Services,
  actor: Actor,
  log: FastifyBaseLogger,
  id: number,
  terminalIds: number[],
) {
  const strategy = await findStrategy(services.db, actor, id);
  const rows = await terminalsFor(services, actor, strategy, terminalIds);
  const pending = rows.find((r) => r.state === "pending");
  if (pending) throw new AppError(409, "strategy.terminalPending", { name: pending.name });
  const moved = await services.db.transaction(async (tx) => {
    // Locked against a concurrent delete of the strategy (its terminals would be left pointing nowhere).
    await findStrategy(tx, actor, id, true);
    return relateTerminals(tx, id, terminalIds, services.clock.now());
  });
  await notify(services, log, terminalIds);
  return moved;
}

/** Releases terminals from strategy `id`; answers the ids of those that followed it. */
export async function disassociateTerminals(
  services: Services,
  actor: Actor,
  log: FastifyBaseLogger,
  id: number,
  terminalIds: number[],
) {
  const strategy = await findStrategy(services.db, actor, id);
  await terminalsFor(services, actor, strategy, terminalIds);
  const ids = await releaseTerminals(services.db, id, terminalIds, services.clock.now());
  await notify(services, log, ids);
  return ids;
}

/**
 * Sends the strategy's settings to the given terminals (each must follow it),
 * or to every related terminal in the caller's range. Answers the terminals
 * and what became of each.
 */
export async function sendStrategy(
  services: Services,
  actor: Actor,
  id: number,
  terminalIds: number[] | undefined,
  before: (ids: number[]) => void,
) {
  const strategy = await findStrategy(services.db, actor, id);
  let ids: number[];
  if (terminalIds) {
    const rows = await findTerminals(services.db, actor, terminalIds);
    const stranger = rows.find((r) => r.strategyId !== strategy.id);
    if (stranger)
      throw new FieldErrors([
        { field: "terminalIds", key: "strategy.notRelated", values: { name: stranger.name } },
      ]);
    ids = terminalIds;
  } else {
    ids = await relatedIds(services.db, strategy.id, actor);
    if (!ids.length) throw new AppError(409, "strategy.noTerminals");
  }
  before(ids);
  return sendSettings(services, ids, actor.userId);
}
