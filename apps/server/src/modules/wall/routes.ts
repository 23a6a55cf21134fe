import {
  OkResponse,
  SyncProgramsQuery,
  SyncProgramsResponse,
  TerminalListResponse,
  TerminalSelectQuery,
  WALL_SKEW_TARGET_MS,
  WallIdBody,
  WallIdQuery,
  WallListQuery,
  WallListResponse,
  WallPublishBody,
  WallPublishResponse,
  WallSaveBody,
  WallSaveResponse,
  WallSkewResponse,
} from "@marquee/contracts";
import { WallFrame } from "@marquee/terminal-protocol";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { AppError, badRequest, notFound } from "../../platform/errors";
import { playableState } from "../../terminal/manifest";
import { terminalPage } from "../publish/select";
import { playableStates, syncPrograms } from "../sync/repo";
import { findTerminals } from "../terminal/repo";
import { programToPlay } from "../terminalSet/play-repo";
import {
  cropsOf,
  deleteWall,
  findWall,
  programSize,
  publishWall,
  saveWall,
  stopWall,
  terminalsInOtherWalls,
  type WallRow,
  wallCells,
  wallPage,
  wallsOut,
} from "./repo";
import { WallSkew } from "./skew";

const BASE = "/a/api/wall";
/** Walls' reports go to the other processes this often. */
const WALL_SHARE_MS = 1000;
/** Samples per shared part: a part stays well under a NOTIFY payload (about 80 bytes a sample). */
const SAMPLES_PER_PART = 40;

/** A screen's report cut into parts that each fit the bus. */
function sharedParts(terminalId: number, frame: WallFrame): Array<[number, WallFrame]> {
  const parts: Array<[number, WallFrame]> = [];
  for (let i = 0; i < frame.samples.length; i += SAMPLES_PER_PART)
    parts.push([terminalId, { ...frame, samples: frame.samples.slice(i, i + SAMPLES_PER_PART) }]);
  return parts;
}
const tags = ["wall"];

/**
 * Video walls (docs/video-walls.md): a grid of screens showing one program,
 * each screen its crop (bezels compensated). Publishing writes each screen's
 * play-now (the program from a server instant, with its crop), which its
 * manifest carries; the players keep in step from that instant with their
 * clock offsets and report what they did, from which the skew is computed.
 */
export const wallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, settings, hub } = services;
  // The skew of every wall, in every process: a screen's reports reach the process that holds its socket,
  // which keeps them and passes them on over the bus (once a second), so any node answers for a whole wall.
  const skew = new WallSkew();
  const outgoing: Array<[number, WallFrame]> = [];
  const off = hub.onFrame((f) => {
    if (f.dir !== "in" || (f.frame as { type?: string }).type !== "wall") return;
    const frame = WallFrame.safeParse(f.frame);
    if (!frame.success) return;
    skew.report(f.terminalId, frame.data);
    outgoing.push(...sharedParts(f.terminalId, frame.data));
  });
  const offBus = hub.onBusMessage((msg) => {
    if (msg.kind !== "wall") return;
    for (const [terminalId, raw] of msg.items) {
      const frame = WallFrame.safeParse(raw);
      if (frame.success) skew.report(terminalId, frame.data);
    }
  });
  const share = setInterval(() => {
    if (!outgoing.length) return;
    const items = outgoing.splice(0);
    hub
      .publishBus({ kind: "wall", from: hub.processId, items })
      .catch((err) => app.log.warn({ err }, "the walls' reports were not passed to the other processes"));
  }, WALL_SHARE_MS);
  share.unref();
  app.addHook("onClose", async () => {
    off();
    offBus();
    clearInterval(share);
  });

  const view = { anyOf: ["terminal:wall:view", "terminal:wall:edit"] } as const;
  const edit = { permission: "terminal:wall:edit" } as const;
  const out = async (actor: Actor, rows: WallRow[]) => wallsOut(db, actor, rows, (id) => hub.holds(id));

  app.get(
    `${BASE}/list`,
    {
      config: { access: view },
      schema: { tags, querystring: WallListQuery, response: { 200: WallListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { pageNo, pageSize } = req.query;
      const { rows, total } = await wallPage(db, actor, pageNo, pageSize);
      return { list: await out(actor, rows), total, pageNo, pageSize };
    },
  );

  // The terminals and programs to choose from (the console's wall editor and publish form).
  app.get(
    `${BASE}/terminals`,
    {
      config: { access: edit },
      schema: { tags, querystring: TerminalSelectQuery, response: { 200: TerminalListResponse } },
    },
    async (req) => ({ ...(await terminalPage(services, actorOf(req), req.query)) }),
  );
  app.get(
    `${BASE}/programs`,
    {
      config: { access: edit },
      schema: { tags, querystring: SyncProgramsQuery, response: { 200: SyncProgramsResponse } },
    },
    async (req) => {
      const { pageNo, pageSize } = req.query;
      const audit = await settings.get("audit");
      const { list, total } = await syncPrograms(db, actorOf(req), playableStates(audit), req.query);
      return { list, total, pageNo, pageSize };
    },
  );

  /** Replays the wall's program with the crops of its current geometry (after a change of it). */
  const replay = async (actor: Actor, row: WallRow, before: number[]) => {
    if (row.programId === null || row.startAt === null) return;
    const program = await programSize(db, actor, row.programId);
    const cleared = await stopWall(db, actor, row, before);
    if (!program) return hub.notifySync(cleared);
    const cells = (await wallCells(db, actor, row.id)).filter((c) => c.state === "authorised");
    await publishWall(db, actor, row, {
      programId: row.programId,
      startAtMs: row.startAt.getTime(),
      crops: cropsOf(row, cells, program),
    });
    await hub.notifySync([...new Set([...cleared, ...cells.map((c) => c.terminalId)])]);
  };

  app.post(
    `${BASE}/save`,
    { config: { access: edit }, schema: { tags, body: WallSaveBody, response: { 200: WallSaveResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { id, name, screens, ...geometry } = req.body;
      const existing = id !== undefined ? await findWall(db, actor, id) : null;
      const ids = screens.map((s) => s.terminalId);
      // 404 for a terminal outside the caller's range, as for a missing one.
      const targets = await findTerminals(db, actor, [...new Set(ids)]);
      // A new wall belongs to its first screen's office; every screen must be of its tenant.
      const officeId = existing?.officeId ?? targets.find((t) => t.id === ids[0])?.officeId ?? actor.officeId;
      const named = new Map(targets.map((t) => [t.id, t.name ?? `#${t.id}`]));
      const nameOf = (terminalId: number) => named.get(terminalId) ?? `#${terminalId}`;
      const seen = new Set<number>();
      const cells = new Set<string>();
      for (const s of screens) {
        if (seen.has(s.terminalId))
          throw badRequest("wall.terminalTwice", { terminal: nameOf(s.terminalId) });
        seen.add(s.terminalId);
        if (s.row >= geometry.rows || s.col >= geometry.cols)
          throw badRequest("wall.cellOutside", {
            terminal: nameOf(s.terminalId),
            row: s.row + 1,
            col: s.col + 1,
            rows: geometry.rows,
            cols: geometry.cols,
          });
        const cell = `${s.row}:${s.col}`;
        if (cells.has(cell)) throw badRequest("wall.cellTaken", { row: s.row + 1, col: s.col + 1 });
        cells.add(cell);
      }
      for (const t of targets)
        if (!(await services.tree.sameTenant(t.officeId, officeId)))
          throw badRequest("wall.otherTenant", { name: nameOf(t.id) });
      const [taken] = await terminalsInOtherWalls(db, ids, existing?.id ?? null);
      if (taken) throw new AppError(409, "wall.terminalTaken", { name: nameOf(taken.terminalId) });
      const before = existing ? (await wallCells(db, actor, existing.id)).map((c) => c.terminalId) : [];
      let wallId: number;
      try {
        wallId = await saveWall(db, actor, {
          id: existing?.id ?? null,
          officeId,
          fields: { name, ...geometry },
          screens,
        });
      } catch (err) {
        // Another save placed one of these terminals meanwhile.
        if ((err as { code?: string }).code === "23505")
          throw new AppError(409, "wall.terminalTaken", { name: "" });
        throw err;
      }
      const row = await findWall(db, actor, wallId);
      if (existing) await replay(actor, row, before);
      req.audit.target = `wall:${wallId}`;
      req.audit.officeId = officeId;
      req.audit.detail = { name, ...geometry, screens };
      const [wall] = await out(actor, [row]);
      if (!wall) throw notFound("wall", wallId);
      return { wall };
    },
  );

  app.post(
    `${BASE}/delete`,
    { config: { access: edit }, schema: { tags, body: WallIdBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await findWall(db, actor, req.body.id);
      const screens = (await wallCells(db, actor, row.id)).map((c) => c.terminalId);
      const cleared = await stopWall(db, actor, row, screens);
      await deleteWall(db, actor, row);
      skew.forget(screens);
      req.audit.target = `wall:${row.id}`;
      req.audit.officeId = row.officeId;
      req.audit.detail = { name: row.name, stopped: cleared };
      await hub.notifySync(cleared).catch((err) => req.log.warn({ err }, "the wall's screens were not told"));
      return {};
    },
  );

  app.post(
    `${BASE}/publish`,
    {
      config: { access: edit },
      schema: { tags, body: WallPublishBody, response: { 200: WallPublishResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, programId, leadSeconds } = req.body;
      const row = await findWall(db, actor, id);
      req.audit.target = `wall:${row.id}`;
      req.audit.officeId = row.officeId;
      const program = await programToPlay(db, actor, programId);
      if (!program) throw notFound("program", programId);
      if (!playableState(program.state, await settings.get("audit")))
        throw badRequest("sync.notPlayable", {
          name: program.name,
          state: req.t(`program.state.${program.state}`),
        });
      const cells = await wallCells(db, actor, row.id);
      const targets = await findTerminals(
        db,
        actor,
        cells.map((c) => c.terminalId),
      );
      // The manifest carries content of the terminal's own tenant only.
      for (const t of targets)
        if (!(await services.tree.sameTenant(t.officeId, program.officeId)))
          throw badRequest("sync.otherTenant", { name: t.name ?? `#${t.id}`, program: program.name });
      const size = await programSize(db, actor, programId);
      if (!size) throw notFound("program", programId);
      // The server's real clock: the one the gateway's clock replies carry, which the players measure against.
      const startAtMs = Date.now() + leadSeconds * 1000;
      const crops = cropsOf(row, cells, size);
      const authorised = new Set(cells.filter((c) => c.state === "authorised").map((c) => c.terminalId));
      await publishWall(db, actor, row, {
        programId,
        startAtMs,
        crops: crops.filter((c) => authorised.has(c.terminalId)),
      });
      req.audit.detail = { programId, startAt: new Date(startAtMs).toISOString(), crops };
      try {
        await hub.notifySync([...authorised]);
      } catch (err) {
        req.log.warn({ err }, "the wall's screens could not be told of the program");
      }
      const [wall] = await out(actor, [await findWall(db, actor, row.id)]);
      if (!wall) throw notFound("wall", row.id);
      return { wall, crops };
    },
  );

  app.post(
    `${BASE}/stop`,
    { config: { access: edit }, schema: { tags, body: WallIdBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await findWall(db, actor, req.body.id);
      const screens = (await wallCells(db, actor, row.id)).map((c) => c.terminalId);
      const cleared = await stopWall(db, actor, row, screens);
      req.audit.target = `wall:${row.id}`;
      req.audit.officeId = row.officeId;
      req.audit.detail = { stopped: cleared };
      await hub.notifySync(cleared).catch((err) => req.log.warn({ err }, "the wall's screens were not told"));
      return {};
    },
  );

  app.get(
    `${BASE}/skew`,
    {
      config: { access: view },
      schema: { tags, querystring: WallIdQuery, response: { 200: WallSkewResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await findWall(db, actor, req.query.id);
      const screens = (await wallCells(db, actor, row.id)).map((c) => c.terminalId);
      return {
        targetMs: WALL_SKEW_TARGET_MS,
        ...skew.skew(row.id, row.startAt?.getTime() ?? null, screens),
      };
    },
  );
};
