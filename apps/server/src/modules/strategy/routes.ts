import {
  type CommandOutcome,
  DeleteStrategyBody,
  DisassociateTerminalsBody,
  DisassociateTerminalsResponse,
  FindRelationTerminalsQuery,
  FindRelationTerminalsResponse,
  RelationTerminalsBody,
  RelationTerminalsResponse,
  SaveStrategyBody,
  SaveStrategyDetailBody,
  SaveStrategyDetailsBody,
  SendStrategyBody,
  StrategyIdQuery,
  StrategyListQuery,
  StrategyListResponse,
  StrategyOutcomesResponse,
  StrategyResponse,
} from "@marquee/contracts";
import type { StrategyDoc } from "@marquee/schedule";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { strategies, terminals } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";
import { officeInScope, officeVisible, scope } from "../../platform/tenancy";
import { findTerminals, selectSummaries, toSummaries as terminalSummaries } from "../terminal/repo";
import { sendSettings } from "../terminalSet/settings";
import {
  findStrategies,
  findStrategy,
  nameTaken,
  overridesOf,
  relatedIds,
  STRATEGY_LOCK,
  type StrategyRow,
  strategyScope,
  tidyDoc,
  toSummaries,
} from "./repo";

const SORT = {
  name: strategies.name,
  updateDate: strategies.updatedAt,
  createDate: strategies.createdAt,
} as const;

/** Audit targets of many rows, kept within the column's length. */
const targetOf = (kind: string, ids: number[]) => `${kind}:${ids.join(",")}`.slice(0, 500);

/**
 * Strategies: /a/api/strategy/*. A strategy belongs to an office and
 * is visible and usable within the caller's data range; the terminals it is
 * related to must be in the caller's range and the strategy's tenant (anything
 * else is 404, like a missing row). A document change reaches the related
 * terminals' manifests at once (notifySync); sendStrategy also gives a result
 * per terminal (sendSettings).
 */
export const strategyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["strategy"];
  const view = { access: { permission: "terminal:strategy:view" as const } };
  const edit = { access: { permission: "terminal:strategy:edit" as const } };

  const summaryOf = async (actor: Actor, row: StrategyRow) => {
    const [summary] = await toSummaries(db, services.tree, actor, [row]);
    if (!summary) throw notFound("strategy", row.id);
    return summary;
  };

  /** The related terminals read their manifest again; a failure is logged, they read it on their next connection. */
  const notify = async (log: FastifyBaseLogger, ids: number[]) => {
    if (!ids.length) return;
    try {
      await app.services.hub.notifySync(ids);
    } catch (err) {
      log.warn({ err }, "the terminals could not be told of their new strategy");
    }
  };

  /** Writes a new document and tells every terminal following the strategy (whatever the caller's range). */
  const writeDoc = async (req: FastifyRequest, id: number, change: (doc: StrategyDoc) => StrategyDoc) => {
    const actor = actorOf(req);
    const row = await db.transaction(async (tx) => {
      const current = await findStrategy(tx, actor, id, true);
      const [saved] = await tx
        .update(strategies)
        .set({ doc: tidyDoc(change(current.doc ?? {})), updatedAt: services.clock.now() })
        .where(eq(strategies.id, id))
        .returning();
      if (!saved) throw notFound("strategy", id);
      return saved;
    });
    req.audit.target = `strategy:${id}`;
    await notify(req.log, await relatedIds(db, id));
    return { code: 0, msg: req.t("common.ok"), strategy: await summaryOf(actor, row) };
  };

  /** Terminals given for a strategy: in the caller's range and of the strategy's tenant, else 404. */
  const terminalsFor = async (actor: Actor, strategy: StrategyRow, ids: number[]) => {
    const rows = await findTerminals(db, actor, ids);
    const tenant = await services.tree.tenantIdOf(strategy.officeId);
    for (const r of rows) {
      if ((await services.tree.tenantIdOf(r.officeId)) !== tenant) throw notFound("terminal", r.id);
    }
    return rows;
  };

  app.get(
    "/a/api/strategy/list",
    {
      config: view,
      schema: { tags, querystring: StrategyListQuery, response: { 200: StrategyListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const c: (SQL | undefined)[] = [strategyScope(actor)];
      if (q.name) c.push(ilike(strategies.name, `%${likeEscape(q.name)}%`));
      if (q.officeId !== undefined) {
        const node = await officeInScope(services.tree, actor, q.officeId);
        c.push(
          q.includeChildren === false
            ? eq(strategies.officeId, node.id)
            : inArray(strategies.officeId, await services.tree.subtreeIds(node.path)),
        );
      }
      const where = and(...c);
      const order = q.order === "asc" ? asc(SORT[q.sort]) : desc(SORT[q.sort]);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(strategies)
          .where(where)
          .orderBy(order, desc(strategies.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(strategies).where(where),
      ]);
      return {
        list: await toSummaries(db, services.tree, actor, rows),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.get(
    "/a/api/strategy/strategyDetail",
    { config: view, schema: { tags, querystring: StrategyIdQuery, response: { 200: StrategyResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await findStrategy(db, actor, req.query.id);
      return { strategy: await summaryOf(actor, row) };
    },
  );

  app.post(
    "/a/api/strategy/saveStrategy",
    { config: edit, schema: { tags, body: SaveStrategyBody, response: { 200: StrategyResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { id, officeId, name, remarks, doc } = req.body;
      const office = await services.tree.get(officeId);
      if (!office || !officeVisible(actor, officeId))
        throw new FieldErrors([
          { field: "officeId", key: "user.officeOutOfRange", values: { id: officeId } },
        ]);
      const tenantId = await services.tree.tenantIdOf(officeId);
      const now = services.clock.now();
      const { row, docChanged } = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${STRATEGY_LOCK}::int, ${tenantId}::int)`);
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
        const [saved] = existing
          ? await tx.update(strategies).set(values).where(eq(strategies.id, existing.id)).returning()
          : await tx
              .insert(strategies)
              .values({ doc: {}, ...values, createdBy: actor.userId, createdAt: now })
              .returning();
        if (!saved) throw new Error("strategy not saved");
        const changed = existing !== null && JSON.stringify(existing.doc) !== JSON.stringify(saved.doc);
        return { row: saved, docChanged: changed };
      });
      req.audit.target = `strategy:${row.id}`;
      req.audit.detail = { name, officeId, ...(doc !== undefined ? { doc: row.doc } : {}) };
      if (docChanged) await notify(req.log, await relatedIds(db, row.id));
      return { strategy: await summaryOf(actor, row) };
    },
  );

  app.post(
    "/a/api/strategy/saveStrategyDetails",
    { config: edit, schema: { tags, body: SaveStrategyDetailsBody, response: { 200: StrategyResponse } } },
    async (req) => {
      const answer = await writeDoc(req, req.body.id, () => req.body.doc);
      req.audit.detail = { doc: answer.strategy.doc };
      return answer;
    },
  );

  app.post(
    "/a/api/strategy/saveStrategyDetail",
    { config: edit, schema: { tags, body: SaveStrategyDetailBody, response: { 200: StrategyResponse } } },
    async (req) => {
      const { id, part, value } = req.body;
      const answer = await writeDoc(req, id, (doc) => {
        const next: Record<string, unknown> = { ...doc };
        if (value === null) delete next[part];
        else next[part] = value;
        return next as StrategyDoc;
      });
      req.audit.detail = { part, value };
      return answer;
    },
  );

  app.post(
    "/a/api/strategy/deleteStrategy",
    {
      config: { access: { permission: "terminal:strategy:delete" } },
      schema: { tags, body: DeleteStrategyBody, response: { 200: StrategyOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids } = req.body;
      req.audit.target = targetOf("strategy", ids);
      const released = await db.transaction(async (tx) => {
        const rows = await findStrategies(tx, actor, ids, true);
        const freed = await tx
          .update(terminals)
          .set({ strategyId: null, updatedAt: services.clock.now() })
          .where(inArray(terminals.strategyId, ids))
          .returning({ id: terminals.id });
        await tx.delete(strategies).where(inArray(strategies.id, ids));
        req.audit.detail = { names: rows.map((r) => r.name), released: freed.length };
        return freed.map((f) => f.id);
      });
      // The released terminals fall back to their own settings: their manifests and a settings command tell them.
      let list: CommandOutcome[] = [];
      if (released.length) {
        try {
          list = await sendSettings(services, released, actor.userId);
        } catch (err) {
          req.log.warn({ err }, "the released terminals could not be told of their settings");
        }
      }
      return { list };
    },
  );

  app.post(
    "/a/api/strategy/relationTerminals",
    {
      config: edit,
      schema: { tags, body: RelationTerminalsBody, response: { 200: RelationTerminalsResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, terminalIds } = req.body;
      req.audit.target = `strategy:${id}`;
      const strategy = await findStrategy(db, actor, id);
      const rows = await terminalsFor(actor, strategy, terminalIds);
      const pending = rows.find((r) => r.state === "pending");
      if (pending) throw new AppError(409, "strategy.terminalPending", { name: pending.name });
      const moved = await db.transaction(async (tx) => {
        // Locked against a concurrent delete of the strategy (its terminals would be left pointing nowhere).
        await findStrategy(tx, actor, id, true);
        const before = await tx
          .select({ id: terminals.id, strategyId: terminals.strategyId })
          .from(terminals)
          .where(inArray(terminals.id, terminalIds))
          .for("update");
        await tx
          .update(terminals)
          .set({ strategyId: id, updatedAt: services.clock.now() })
          .where(inArray(terminals.id, terminalIds));
        return before.filter((b) => b.strategyId !== null && b.strategyId !== id);
      });
      req.audit.detail = {
        terminalIds,
        movedFrom: moved.map((m) => ({ terminalId: m.id, strategyId: m.strategyId })),
      };
      await notify(req.log, terminalIds);
      return { related: terminalIds.length, moved: moved.length };
    },
  );

  app.post(
    "/a/api/strategy/disassociateTerminals",
    {
      config: edit,
      schema: { tags, body: DisassociateTerminalsBody, response: { 200: DisassociateTerminalsResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, terminalIds } = req.body;
      req.audit.target = `strategy:${id}`;
      const strategy = await findStrategy(db, actor, id);
      await terminalsFor(actor, strategy, terminalIds);
      const released = await db
        .update(terminals)
        .set({ strategyId: null, updatedAt: services.clock.now() })
        .where(and(inArray(terminals.id, terminalIds), eq(terminals.strategyId, id)))
        .returning({ id: terminals.id });
      const ids = released.map((r) => r.id);
      req.audit.detail = { terminalIds: ids };
      await notify(req.log, ids);
      return { released: ids.length };
    },
  );

  app.get(
    "/a/api/strategy/findRelationTerminals",
    {
      config: view,
      schema: {
        tags,
        querystring: FindRelationTerminalsQuery,
        response: { 200: FindRelationTerminalsResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const strategy = await findStrategy(db, actor, q.id);
      const c: (SQL | undefined)[] = [eq(terminals.strategyId, strategy.id), scope(actor, terminals)];
      if (q.keyword) {
        const like = `%${likeEscape(q.keyword)}%`;
        c.push(or(ilike(terminals.name, like), ilike(terminals.enrolCode, like), ilike(terminals.ip, like)));
      }
      const where = and(...c);
      const [rows, totals] = await Promise.all([
        selectSummaries(db)
          .where(where)
          .orderBy(asc(terminals.name), asc(terminals.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(terminals).where(where),
      ]);
      const own = rows.length
        ? await db
            .select({ id: terminals.id, settings: terminals.settings })
            .from(terminals)
            .where(
              inArray(
                terminals.id,
                rows.map((r) => r.id),
              ),
            )
        : [];
      const ownOf = new Map(own.map((o) => [o.id, o.settings ?? {}]));
      const summaries = await terminalSummaries(db, services.tree, rows);
      return {
        list: summaries.map((s) => ({
          ...s,
          overrides: overridesOf(strategy.doc ?? {}, ownOf.get(s.id) ?? {}),
        })),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.post(
    "/a/api/strategy/sendStrategy",
    {
      config: { access: { permission: "terminal:strategy:send" } },
      schema: { tags, body: SendStrategyBody, response: { 200: StrategyOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, terminalIds } = req.body;
      req.audit.target = `strategy:${id}`;
      const strategy = await findStrategy(db, actor, id);
      let ids: number[];
      if (terminalIds) {
        const rows = await findTerminals(db, actor, terminalIds);
        const stranger = rows.find((r) => r.strategyId !== strategy.id);
        if (stranger)
          throw new FieldErrors([
            { field: "terminalIds", key: "strategy.notRelated", values: { name: stranger.name } },
          ]);
        ids = terminalIds;
      } else {
        ids = await relatedIds(db, strategy.id, actor);
        if (!ids.length) throw new AppError(409, "strategy.noTerminals");
      }
      req.audit.detail = { terminalIds: ids };
      const list = await sendSettings(services, ids, actor.userId);
      return { list };
    },
  );
};
