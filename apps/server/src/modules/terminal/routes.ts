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
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { programs, terminalCommands, terminalEvents, terminals } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { nameScope, officeInScope, scope, scoped } from "../../platform/tenancy";
import { terminalCommandRoutes } from "./command-routes";
import { terminalManageRoutes } from "./manage-routes";
import {
  findGroup,
  findTerminals,
  groupAndBelow,
  screenshotUrl,
  selectSummaries,
  statusRank,
  statusWhere,
  toOutcome,
  toSummaries,
  viewStatus,
} from "./repo";
import { screenshotHistoryRoutes } from "./screenshot-routes";
import { findNode, groupForest, officeForest } from "./tree";

type ListQuery = typeof TerminalListQuery._zod.output;

const SORT = {
  name: sql`${terminals.name}`,
  createDate: sql`${terminals.createdAt}`,
  lastSeen: sql`${terminals.lastSeenAt}`,
  status: statusRank,
} as const;

/** The conditions of an office filter (with or without the offices below) and a group filter (likewise). */
async function placeWhere(
  services: Services,
  actor: Actor,
  q: { officeId?: number; groupId?: number; includeChildren?: boolean },
): Promise<SQL[]> {
  const c: SQL[] = [];
  const below = q.includeChildren !== false;
  if (q.officeId !== undefined) {
    const node = await officeInScope(services.tree, actor, q.officeId);
    c.push(
      below
        ? inArray(terminals.officeId, await services.tree.subtreeIds(node.path))
        : eq(terminals.officeId, node.id),
    );
  }
  if (q.groupId !== undefined) {
    const group = await findGroup(services.db, actor, q.groupId);
    c.push(
      below
        ? inArray(terminals.groupId, await groupAndBelow(services.db, group))
        : eq(terminals.groupId, group.id),
    );
  }
  return c;
}

/**
 * Terminal monitoring (issue 6, spec §7 "Terminals"): the operator's reads under /a/api/terminal/.
 * Every call is range-scoped: an operator sees the terminals whose office lies in their data range
 * (pending terminals wait in the platform office, so only platform-range operators list them).
 * The writes are in manage-routes.ts, the commands in command-routes.ts.
 */
export const terminalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const view = { access: { permission: "terminal:device:view" as const } };
  const tags = ["terminal"];

  const page = async (actor: Actor, q: ListQuery) => {
    const c: (SQL | undefined)[] = [scope(actor, terminals), ...(await placeWhere(services, actor, q))];
    if (q.status) c.push(statusWhere(q.status));
    if (q.keyword) {
      const like = `%${likeEscape(q.keyword)}%`;
      c.push(
        or(
          ilike(terminals.name, like),
          ilike(terminals.enrolCode, like),
          ilike(terminals.model, like),
          ilike(terminals.ip, like),
        ),
      );
    }
    const where = and(...c);
    const key = SORT[q.sort];
    // Nulls (never seen) last in either direction; the id keeps pages stable among equal keys.
    const order = q.order === "asc" ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;
    const [rows, totals] = await Promise.all([
      selectSummaries(db)
        .where(where)
        .orderBy(order, q.order === "asc" ? asc(terminals.id) : desc(terminals.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      db.select({ n: count() }).from(terminals).where(where),
    ]);
    return {
      list: await toSummaries(db, services.tree, rows),
      total: totals[0]?.n ?? 0,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  };

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
      async (req) => ({ ...(await page(actorOf(req), req.query)) }),
    );
  }

  app.get(
    "/a/api/terminal/terminalStatusCount",
    {
      config: view,
      schema: { tags, querystring: TerminalCountQuery, response: { 200: TerminalStatusCount } },
    },
    async (req) => {
      const actor = actorOf(req);
      const where = and(scope(actor, terminals), ...(await placeWhere(services, actor, req.query)));
      const n = (status: Parameters<typeof statusWhere>[0]) =>
        sql<number>`count(*) filter (where ${statusWhere(status)})`.mapWith(Number);
      const [row] = await db
        .select({
          total: count(),
          online: n("online"),
          offline: n("offline"),
          fault: n("fault"),
          unauthorised: n("unauthorised"),
          disabled: n("disabled"),
        })
        .from(terminals)
        .where(where);
      return {
        total: row?.total ?? 0,
        online: row?.online ?? 0,
        offline: row?.offline ?? 0,
        fault: row?.fault ?? 0,
        unauthorised: row?.unauthorised ?? 0,
        disabled: row?.disabled ?? 0,
      };
    },
  );

  const liveStatus = async (actor: Actor, ids: number[]) => {
    const rows = await selectSummaries(db).where(scoped(actor, terminals, inArray(terminals.id, ids)));
    return rows.map((r) => ({
      id: r.id,
      status: viewStatus(r),
      online: r.online,
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
      programName: r.programName,
      screenshotUrl: screenshotUrl(r.id, r.screenshotMd5),
    }));
  };

  app.get(
    "/a/api/terminal/findTerminalStatus",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: TerminalStatusResponse } } },
    async (req) => {
      const [terminal] = await liveStatus(actorOf(req), [req.query.id]);
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
      list: await liveStatus(actorOf(req), req.query.ids),
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
    async (req) => {
      const actor = actorOf(req);
      const [row] = await findTerminals(db, actor, [req.query.id]);
      if (!row) throw notFound("terminal", req.query.id);
      const [[terminal], assigned, commands, events] = await Promise.all([
        toSummaries(db, services.tree, [{ ...row, programName: row.status?.programName ?? null }]),
        row.programIds.length
          ? db
              .select({ id: programs.id, name: programs.name, state: programs.state })
              .from(programs)
              .where(and(inArray(programs.id, row.programIds), nameScope(actor, programs)))
          : [],
        // The commands and reports of the tenant the screen serves now, not of one it served before.
        db
          .select()
          .from(terminalCommands)
          .where(scoped(actor, terminalCommands, eq(terminalCommands.terminalId, row.id)))
          .orderBy(desc(terminalCommands.createdAt))
          .limit(20),
        db
          .select({ kind: terminalEvents.kind, message: terminalEvents.message, at: terminalEvents.at })
          .from(terminalEvents)
          .where(scoped(actor, terminalEvents, eq(terminalEvents.terminalId, row.id)))
          .orderBy(desc(terminalEvents.at), desc(terminalEvents.id))
          .limit(20),
      ]);
      if (!terminal) throw notFound("terminal", row.id);
      const byId = new Map(assigned.map((p) => [p.id, p]));
      return {
        terminal,
        reported: row.status ?? null,
        programIds: row.programIds,
        programs: row.programIds.flatMap((id) => byId.get(id) ?? []),
        recentCommands: commands.map((c) => toOutcome(c, row.name)),
        recentEvents: events.map((e) => ({ kind: e.kind, message: e.message, at: e.at.toISOString() })),
      };
    },
  );

  // What the terminal is set to play: until publications (issue 7) these are the programs POST setPrograms
  // gave it, in order, next to what the terminal itself reports playing.
  app.get(
    "/a/api/terminal/programPublishInfo",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: ProgramPublishInfoResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const [row] = await findTerminals(db, actor, [req.query.id]);
      if (!row) throw notFound("terminal", req.query.id);
      const rows = row.programIds.length
        ? await db
            .select({
              id: programs.id,
              name: programs.name,
              state: programs.state,
              version: programs.version,
              width: programs.width,
              height: programs.height,
            })
            .from(programs)
            .where(and(inArray(programs.id, row.programIds), nameScope(actor, programs)))
        : [];
      const byId = new Map(rows.map((p) => [p.id, p]));
      return {
        terminalId: row.id,
        programs: row.programIds.flatMap((id) => byId.get(id) ?? []),
        playing: row.status ? { programId: row.status.programId, programName: row.status.programName } : null,
        manifestVersion: row.status?.manifestVersion ?? null,
      };
    },
  );

  await app.register(terminalManageRoutes);
  await app.register(terminalCommandRoutes);
  await app.register(screenshotHistoryRoutes);
};
