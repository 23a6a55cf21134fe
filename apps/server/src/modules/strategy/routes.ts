import {
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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { findStrategy, listStrategies, relatedTerminalsPage } from "./repo";
import {
  deleteStrategies,
  disassociateTerminals,
  relationTerminals,
  saveStrategy,
  sendStrategy,
  strategySummary,
  writeDoc,
} from "./service";

/** Audit targets of many rows, kept within the column's length. */
const targetOf = (kind: string, ids: number[]) => `${kind}:${ids.join(",")}`.slice(0, 500);

/**
 * Strategies: /a/api/strategy/*. A strategy belongs to an office and
 * is visible and usable within the caller's data range; the terminals it is
 * related to must be in the caller's range and the strategy's tenant (anything
 * else is 404, like a missing row). A document change reaches the related
 * terminals' manifests at once (notifySync); sendStrategy also gives a result
 * per terminal (sendSettings). The rules live in service.ts, the SQL in repo.ts.
 */
export const strategyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ["strategy"];
  const view = { access: { permission: "terminal:strategy:view" as const } };
  const edit = { access: { permission: "terminal:strategy:edit" as const } };

  app.get(
    "/a/api/strategy/list",
    {
      config: view,
      schema: { tags, querystring: StrategyListQuery, response: { 200: StrategyListResponse } },
    },
    async (req) => listStrategies(services.db, services.tree, actorOf(req), req.query),
  );

  app.get(
    "/a/api/strategy/strategyDetail",
    { config: view, schema: { tags, querystring: StrategyIdQuery, response: { 200: StrategyResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await findStrategy(services.db, actor, req.query.id);
      return { strategy: await strategySummary(services, actor, row) };
    },
  );

  app.post(
    "/a/api/strategy/saveStrategy",
    { config: edit, schema: { tags, body: SaveStrategyBody, response: { 200: StrategyResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { name, officeId, doc } = req.body;
      const row = await saveStrategy(services, actor, req, req.body);
      req.audit.target = `strategy:${row.id}`;
      req.audit.detail = { name, officeId, ...(doc !== undefined ? { doc: row.doc } : {}) };
      return { strategy: await strategySummary(services, actor, row) };
    },
  );

  app.post(
    "/a/api/strategy/saveStrategyDetails",
    { config: edit, schema: { tags, body: SaveStrategyDetailsBody, response: { 200: StrategyResponse } } },
    async (req) => {
      const { id, doc } = req.body;
      const answer = await writeDoc(services, actorOf(req), req.log, id, () => doc);
      req.audit.target = `strategy:${id}`;
      req.audit.detail = { doc: answer.strategy.doc };
      return answer;
    },
  );

  app.post(
    "/a/api/strategy/saveStrategyDetail",
    { config: edit, schema: { tags, body: SaveStrategyDetailBody, response: { 200: StrategyResponse } } },
    async (req) => {
      const { id, part, value } = req.body;
      const answer = await writeDoc(services, actorOf(req), req.log, id, (doc) => {
        const next: Record<string, unknown> = { ...doc };
        if (value === null) delete next[part];
        else next[part] = value;
        return next as StrategyDoc;
      });
      req.audit.target = `strategy:${id}`;
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
      const { ids } = req.body;
      req.audit.target = targetOf("strategy", ids);
      const { rows, released, list } = await deleteStrategies(services, actorOf(req), req.log, ids);
      req.audit.detail = { names: rows.map((r) => r.name), released };
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
      const { id, terminalIds } = req.body;
      req.audit.target = `strategy:${id}`;
      const moved = await relationTerminals(services, actorOf(req), req.log, id, terminalIds);
      req.audit.detail = {
        terminalIds,
        movedFrom: moved.map((m) => ({ terminalId: m.id, strategyId: m.strategyId })),
      };
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
      const { id, terminalIds } = req.body;
      req.audit.target = `strategy:${id}`;
      const ids = await disassociateTerminals(services, actorOf(req), req.log, id, terminalIds);
      req.audit.detail = { terminalIds: ids };
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
      const strategy = await findStrategy(services.db, actor, req.query.id);
      return relatedTerminalsPage(services.db, services.tree, actor, strategy, req.query);
    },
  );

  app.post(
    "/a/api/strategy/sendStrategy",
    {
      config: { access: { permission: "terminal:strategy:send" } },
      schema: { tags, body: SendStrategyBody, response: { 200: StrategyOutcomesResponse } },
    },
    async (req) => {
      const { id, terminalIds } = req.body;
      req.audit.target = `strategy:${id}`;
      const list = await sendStrategy(services, actorOf(req), id, terminalIds, (ids) => {
        req.audit.detail = { terminalIds: ids };
      });
      return { list };
    },
  );
};
