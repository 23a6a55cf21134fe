import {
  ScreenshotHistoryQuery,
  ScreenshotHistoryResponse,
  ScreenshotTruth,
  ScreenshotTruthQuery,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { notFound } from "../../platform/errors";
import { strategiesByIds } from "../terminalSet/repo";
import { subjectOf } from "../terminalSet/shared";
import { findShot, findTerminals, screenshotHistory } from "./repo";
import { expectShot } from "./screenshot-truth";

/** The address of one screenshot of a terminal's history (served by GET /a/api/terminal/screenshot). */
export const historyShotUrl = (terminalId: number, shotId: number) =>
  `/apm-web/a/api/terminal/screenshot?id=${terminalId}&shot=${shotId}`;

/**
 * The screenshot history (spec §7, findScreenshotBytreeIdAndType): every
 * picture a screen uploaded, by node of the terminal tree and kind. Rows are
 * read through the tenancy registry (terminal_screenshots carries the office
 * the screen had when the picture was taken); the node, and the terminal when
 * one is named, must be of the caller's range (404 otherwise, like the
 * terminal lists).
 */
export const screenshotHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;

  app.get(
    "/a/api/fileInfosa/findScreenshotBytreeIdAndType",
    {
      config: { access: { permission: "terminal:device:view" } },
      schema: {
        tags: ["terminal"],
        querystring: ScreenshotHistoryQuery,
        response: { 200: ScreenshotHistoryResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const { rows, total, names } = await screenshotHistory(db, services.tree, actor, q);
      return {
        list: rows.map((r) => ({
          id: r.id,
          terminalId: r.terminalId,
          terminalName: names.get(r.terminalId) ?? null,
          type: r.kind,
          url: historyShotUrl(r.terminalId, r.id),
          at: r.at.toISOString(),
        })),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  // Screen truth (issue 24, docs/fidelity.md): a screenshot against what the terminal's manifest expected at its instant.
  app.get(
    "/a/api/terminal/screenshotTruth",
    {
      config: { access: { permission: "terminal:device:view" } },
      schema: {
        tags: ["terminal"],
        querystring: ScreenshotTruthQuery,
        response: { 200: ScreenshotTruth },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, shot } = req.query;
      const [row] = await findTerminals(db, actor, [id]);
      const pic = row ? await findShot(db, actor, id, shot) : undefined;
      if (!row || !pic) throw notFound("screenshot", shot ?? id);
      const strategy = row.strategyId ? (await strategiesByIds(db, [row.strategyId]))[0]?.doc : null;
      // The manifest the terminal has now: the server keeps no history of manifests (docs/fidelity.md).
      const manifest = await services.hub.manifestFor(subjectOf(row, strategy ?? null));
      const shown = {
        programId: pic.programId,
        screenOn: pic.screenOn,
        shownAt: pic.shownAt?.getTime() ?? null,
      };
      const e = manifest
        ? expectShot(manifest, shown)
        : { verdict: "unknown" as const, reason: null, expectedProgramIds: [], screenOn: true };
      const nameOf = (pid: number) => manifest?.programs.find((p) => p.id === pid)?.name ?? `#${pid}`;
      const program =
        e.verdict === "expected" && pic.programId !== null
          ? (manifest?.programs.find((p) => p.id === pic.programId) ?? null)
          : null;
      return {
        terminalId: row.id,
        shotId: pic.id,
        url: historyShotUrl(row.id, pic.id),
        at: pic.at.toISOString(),
        shownAt: pic.shownAt?.toISOString() ?? null,
        verdict: e.verdict,
        reason: e.reason ? req.t(e.reason.key, e.reason.values) : null,
        shown: {
          programId: pic.programId,
          programName: pic.programId === null ? null : nameOf(pic.programId),
          sceneId: pic.sceneId,
          screenOn: pic.screenOn,
        },
        expected: {
          programIds: e.expectedProgramIds,
          programNames: e.expectedProgramIds.map(nameOf),
          screenOn: e.screenOn,
        },
        program: program ? { id: program.id, name: program.name, doc: program.doc } : null,
      };
    },
  );
};
