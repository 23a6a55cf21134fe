import {
  GroupsTerminalsQuery,
  GroupTreeMapQuery,
  OfficeCountList,
  PageOfficeQuery,
  PageOfficeResponse,
  type Permission,
  PublicationDetailsQuery,
  PublicationDetailsResponse,
  type PublicationKind,
  PublicationListQuery,
  PublicationListResponse,
  PublishBody,
  PublishResponse,
  RetryBody,
  RetryResponse,
  ReuploadByNameBody,
  SearchOfficeQuery,
  SelectionCountQuery,
  SelectionCountResponse,
  TerminalListResponse,
  TerminalSelectQuery,
  TerminalTreeResponse,
  WithdrawBody,
  WithdrawResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { runsWork } from "../../config";
import { actorOf } from "../../platform/access";
import { whatPlaysRoutes } from "./plays";
import { groupCountForest, officeCountForest, officePage, searchOffices, terminalPage } from "./select";
import { PUBLISH_PERMISSION, VIEW_PERMISSION, viewableKinds } from "./service";

/** Audit targets of many rows, kept within the column's length. */
const targetOf = (entity: string, ids: number[]) => `${entity}:${ids.join(",")}`.slice(0, 500);

/**
 * Publishing (spec §7 "Publishing") under /a/api/: choosing
 * terminals (trees with counts, search, paged lists, the count before
 * confirming), publishing programs, plans and messages now or at a time, the
 * delivery per terminal, retry and withdrawal — under the spec's three
 * prefixes (publishProgram/, playPlan/, publishMessage/) and, common to the
 * three, publication/. Every call is scoped to the caller's data range.
 */
export const publishRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const service = services.publishing;
  if (runsWork(app.deps.config.role)) await service.start();

  const anyPublish = {
    access: { anyOf: Object.values(PUBLISH_PERMISSION) as Permission[] },
  };
  const anyRead = {
    access: {
      anyOf: [...Object.values(VIEW_PERMISSION), ...Object.values(PUBLISH_PERMISSION)] as Permission[],
    },
  };
  const publish = (kind: PublicationKind) => ({ access: { permission: PUBLISH_PERMISSION[kind] } });
  const read = (kind: PublicationKind) => ({
    access: { anyOf: [VIEW_PERMISSION[kind], PUBLISH_PERMISSION[kind]] as Permission[] },
  });
  const tags = ["publish"];

  // ---- choosing terminals (shared by the three publish screens) ----

  app.get(
    "/a/api/publishProgram/officeTreeMap",
    { config: anyPublish, schema: { tags, response: { 200: TerminalTreeResponse } } },
    async (req) => ({ tree: await officeCountForest(services, actorOf(req)) }),
  );

  app.get(
    "/a/api/publishProgram/groupTreeMap",
    {
      config: anyPublish,
      schema: { tags, querystring: GroupTreeMapQuery, response: { 200: TerminalTreeResponse } },
    },
    async (req) => ({
      tree: await groupCountForest(services, actorOf(req), req.query.officeId),
    }),
  );

  app.get(
    "/a/api/publishProgram/pageOfficeTreeMap",
    {
      config: anyPublish,
      schema: { tags, querystring: PageOfficeQuery, response: { 200: PageOfficeResponse } },
    },
    async (req) => officePage(services, actorOf(req), req.query),
  );

  app.get(
    "/a/api/playPlan/searchOffice",
    {
      config: anyPublish,
      schema: { tags, querystring: SearchOfficeQuery, response: { 200: OfficeCountList } },
    },
    async (req) => ({ list: await searchOffices(services, actorOf(req), req.query.name) }),
  );

  app.get(
    "/a/api/publishMessage/groupsterminals",
    {
      config: anyPublish,
      schema: { tags, querystring: GroupsTerminalsQuery, response: { 200: TerminalListResponse } },
    },
    async (req) => terminalPage(services, actorOf(req), req.query),
  );

  // ---- per kind: terminal lists, count, publish, details, retry, withdraw ----

  const prefixes = [
    { kind: "program", prefix: "publishProgram", save: ["saveTerminals", "saveTerminalsJson"] },
    { kind: "plan", prefix: "playPlan", save: ["saveTerminals", "saveTerminalsJson"] },
    { kind: "message", prefix: "publishMessage", save: ["savePublish", "savePublishJson"] },
  ] as const;

  for (const { kind, prefix, save } of prefixes) {
    app.get(
      `/a/api/${prefix}/terminalSelect`,
      {
        config: publish(kind),
        schema: { tags, querystring: TerminalSelectQuery, response: { 200: TerminalListResponse } },
      },
      async (req) => terminalPage(services, actorOf(req), req.query),
    );

    app.get(
      `/a/api/${prefix}/publishTerminalSaveCount`,
      {
        config: publish(kind),
        schema: { tags, querystring: SelectionCountQuery, response: { 200: SelectionCountResponse } },
      },
      async (req) => {
        const { terminals, skipped } = await service.selection(actorOf(req), req.query);
        const online = terminals.filter((x) => x.online).length;
        return {
          count: terminals.length,
          online,
          offline: terminals.length - online,
          skipped,
        };
      },
    );

    // The JSON variant takes the same body (both accept JSON and form-encoded bodies), and is
    // audited as the same action.
    for (const name of save) {
      app.post(
        `/a/api/${prefix}/${name}`,
        {
          config: { ...publish(kind), action: `/a/api/${prefix}/${save[0]}` },
          schema: { tags, body: PublishBody, response: { 200: PublishResponse } },
        },
        async (req) => {
          const actor = actorOf(req);
          req.audit.target = `${kind}:${req.body.id}`;
          const { publication } = await service.publish(actor, kind, req.body, req.t.bind(req), req.log);
          req.audit.target = `publication:${publication.id}`;
          req.audit.officeId = publication.officeId;
          req.audit.detail = {
            kind,
            contentId: publication.contentId,
            name: publication.name,
            state: publication.state,
            publishAt: publication.publishAt?.toISOString() ?? null,
            targetCount: publication.targetCount,
          };
          return {
            publicationId: publication.id,
            name: publication.name,
            state: publication.state,
            targetCount: publication.targetCount,
          };
        },
      );
    }

    app.post(
      `/a/api/${prefix}/withdraw`,
      {
        config: publish(kind),
        schema: { tags, body: WithdrawBody, response: { 200: WithdrawResponse } },
      },
      async (req) => {
        const actor = actorOf(req);
        const { ids, terminalIds } = req.body;
        req.audit.target = targetOf(kind, ids);
        const { pubs, count } = await service.withdrawContent(actor, kind, ids, terminalIds, req.log);
        req.audit.detail = { publications: pubs.map((p) => p.id), terminalIds: terminalIds ?? null, count };
        return { count };
      },
    );
  }

  // ---- delivery views and retries under the spec's names ----

  app.get(
    "/a/api/publishProgram/getPublishProgramDetails",
    {
      config: read("program"),
      schema: { tags, querystring: PublicationDetailsQuery, response: { 200: PublicationDetailsResponse } },
    },
    async (req) => service.details(actorOf(req), req.query, ["program"]),
  );

  app.get(
    "/a/api/publishMessage/getPublishMessage",
    {
      config: read("message"),
      schema: { tags, querystring: PublicationDetailsQuery, response: { 200: PublicationDetailsResponse } },
    },
    async (req) => service.details(actorOf(req), req.query, ["message"]),
  );

  app.get(
    "/a/api/publishMessage/findSendMessages",
    {
      config: read("message"),
      schema: { tags, querystring: PublicationListQuery, response: { 200: PublicationListResponse } },
    },
    async (req) => service.list(actorOf(req), req.query, ["message"]),
  );

  app.post(
    "/a/api/publishProgram/reuploadProgramByPublishName",
    {
      config: publish("program"),
      schema: { tags, body: ReuploadByNameBody, response: { 200: RetryResponse } },
    },
    async (req) => {
      const pub = await service.find(actorOf(req), { publishName: req.body.publishName }, ["program"]);
      req.audit.target = `publication:${pub.id}`;
      const count = await service.retry(pub, req.body.terminalIds, req.t.bind(req), req.log);
      req.audit.detail = { name: pub.name, terminalIds: req.body.terminalIds ?? null, count };
      return { count };
    },
  );

  app.post(
    "/a/api/publishMessage/reuploadMessage",
    {
      config: publish("message"),
      schema: { tags, body: RetryBody, response: { 200: RetryResponse } },
    },
    async (req) => {
      const pub = await service.find(actorOf(req), { id: req.body.id }, ["message"]);
      req.audit.target = `publication:${pub.id}`;
      const count = await service.retry(pub, req.body.terminalIds, req.t.bind(req), req.log);
      req.audit.detail = { name: pub.name, terminalIds: req.body.terminalIds ?? null, count };
      return { count };
    },
  );

  // ---- the same, common to the three kinds ----

  app.get(
    "/a/api/publication/list",
    {
      config: anyRead,
      schema: { tags, querystring: PublicationListQuery, response: { 200: PublicationListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      return service.list(actor, req.query, viewableKinds(actor));
    },
  );

  app.get(
    "/a/api/publication/details",
    {
      config: anyRead,
      schema: { tags, querystring: PublicationDetailsQuery, response: { 200: PublicationDetailsResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      return service.details(actor, req.query, viewableKinds(actor));
    },
  );

  app.post(
    "/a/api/publication/retry",
    { config: anyPublish, schema: { tags, body: RetryBody, response: { 200: RetryResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const pub = await service.find(actor, { id: req.body.id }, viewableKinds(actor));
      req.audit.target = `publication:${pub.id}`;
      service.assertMayPublish(actor, pub);
      const count = await service.retry(pub, req.body.terminalIds, req.t.bind(req), req.log);
      req.audit.detail = { name: pub.name, terminalIds: req.body.terminalIds ?? null, count };
      return { count };
    },
  );

  app.post(
    "/a/api/publication/withdraw",
    { config: anyPublish, schema: { tags, body: WithdrawBody, response: { 200: WithdrawResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { ids, terminalIds } = req.body;
      req.audit.target = targetOf("publication", ids);
      const count = await service.withdrawPublications(actor, ids, terminalIds, req.log);
      req.audit.detail = { terminalIds: terminalIds ?? null, count };
      return { count };
    },
  );

  // What a terminal holds, and what plays on it when, and why.
  await app.register(whatPlaysRoutes);
};
