import {
  IdQuery,
  ProgramPublishInfoResponse,
  TerminalCountQuery,
  TerminalDetails,
  TerminalGroupTreeQuery,
  TerminalListQuery,
  TerminalListResponse,
  TerminalStatusArrayQuery,
  TerminalStatusArrayResponse,
  TerminalStatusCount,
  TerminalStatusResponse,
  TerminalTreeResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { notFound } from "../../platform/errors";
import { officeInScope } from "../../platform/tenancy";
import { terminalCommandRoutes } from "./command-routes";
import { liveStatus, programPublishInfo, statusCounts, terminalDetails, terminalPage } from "./list-repo";
import { terminalManageRoutes } from "./manage-routes";
import { recomputeRunways } from "./runway";
import { screenshotHistoryRoutes } from "./screenshot-routes";
import { findNode, groupForest, officeForest } from "./tree";

/**
 * Terminal monitoring (spec §7 "Terminals"): the operator's reads under /a/api/terminal/.
 * Every call is range-scoped: an operator sees the terminals whose office lies in their data range
 * (pending terminals wait in the platform office, so only platform-range operators list them).
 * The writes are in manage-routes.ts, the commands in command-routes.ts.
 */
export const terminalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const view = { access: { permission: "terminal:device:view" as const } };
  const tags = ["terminal"];

  // The offline runway follows a screen's report of what it holds (a new manifest fetched, media complete or
  // missing) once its presence is written, not only at the next alarm pass (docs/runway.md).
  const offHolding = services.hub.onHoldingChanged(async (ids) => {
    await recomputeRunways(services, ids);
  });
  app.addHook("onClose", async () => {
    offHolding();
  });

  // list and search are the spec's two names of the paged, filtered list; `screen` is the same list as the
  // filter panel narrows it; baseList and screenBaseList are the spec's names for the lists other screens
  // (publishing, selection) page through, and answer the same shape.
  for (const name of ["list", "search", "screen", "baseList", "screenBaseList"]) {
    app.get(
      `/a/api/terminal/${name}`,
      {
        config: view,
        schema: { tags, querystring: TerminalListQuery, response: { 200: TerminalListResponse } },
      },
      async (req) => ({ ...(await terminalPage(services, actorOf(req), req.query)) }),
    );
  }

  app.get(
    "/a/api/terminal/terminalStatusCount",
    {
      config: view,
      schema: { tags, querystring: TerminalCountQuery, response: { 200: TerminalStatusCount } },
    },
    async (req) => statusCounts(services, actorOf(req), req.query),
  );

  app.get(
    "/a/api/terminal/findTerminalStatus",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: TerminalStatusResponse } } },
    async (req) => {
      const [terminal] = await liveStatus(db, actorOf(req), [req.query.id]);
      if (!terminal) throw notFound("terminal", req.query.id);
      return { terminal };
    },
  );

  // Polled every few seconds for the rows on screen: terminals gone or out of range are simply left out.
  app.get(
    "/a/api/terminal/findTerminalStatusArray",
    {
      config: view,
      schema: {
        tags,
        querystring: TerminalStatusArrayQuery,
        response: { 200: TerminalStatusArrayResponse },
      },
    },
    async (req) => ({
      list: await liveStatus(db, actorOf(req), req.query.ids),
    }),
  );

  app.get(
    "/a/api/terminal/treeDataNew",
    { config: view, schema: { tags, response: { 200: TerminalTreeResponse } } },
    async (req) => ({
      tree: await officeForest(db, services.tree, actorOf(req)),
    }),
  );

  app.get(
    "/a/api/terminal/findOfficeChild",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: TerminalTreeResponse } } },
    async (req) => {
      const node = findNode(await officeForest(db, services.tree, actorOf(req)), req.query.id);
      if (!node) throw notFound("office", req.query.id);
      // One level: each child says whether it has children of its own to ask for.
      const tree = node.children.map((c) => ({ ...c, children: [], hasChildren: c.children.length > 0 }));
      return { tree };
    },
  );

  app.get(
    "/a/api/terminal/groupTree",
    {
      config: view,
      schema: { tags, querystring: TerminalGroupTreeQuery, response: { 200: TerminalTreeResponse } },
    },
    async (req) => {
      const { officeId } = req.query;
      await officeInScope(services.tree, actorOf(req), officeId);
      return { tree: await groupForest(db, officeId) };
    },
  );

  app.get(
    "/a/api/terminal/terminalDetails",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: TerminalDetails } } },
    async (req) => terminalDetails(services, actorOf(req), req.query.id),
  );

  // What the terminal is set to play: until publications these are the programs POST setPrograms
  // gave it, in order, next to what the terminal itself reports playing.
  app.get(
    "/a/api/terminal/programPublishInfo",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: ProgramPublishInfoResponse } } },
    async (req) => programPublishInfo(db, actorOf(req), req.query.id),
  );

  await app.register(terminalManageRoutes);
  await app.register(terminalCommandRoutes);
  await app.register(screenshotHistoryRoutes);
};
