import { ScreenshotTruth, ScreenshotTruthQuery } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { notFound } from "../../platform/errors";
import { findShot, findTerminals } from "../terminal/repo";
import { historyShotUrl } from "../terminal/screenshot-routes";
import { expectShot } from "../terminal/screenshot-truth";
import { strategiesByIds } from "./repo";
import { subjectOf } from "./shared";

/**
 * Screen truth (issue 24, docs/fidelity.md): a screen's screenshot against what its manifest expected at the
 * picture's instant. Here, beside the other reads of a terminal's manifest (terminalSet builds the manifest
 * subject of a terminal row), so that modules/terminal does not import terminalSet.
 */
export const truthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;

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
      // The manifest the terminal has now: the server keeps no history of manifests, so a picture taken
      // under another version is not judged (docs/fidelity.md).
      const manifest = await services.hub.manifestFor(subjectOf(row, strategy ?? null));
      const shown = {
        programId: pic.programId,
        screenOn: pic.screenOn,
        shownAt: pic.shownAt?.getTime() ?? null,
        manifestVersion: pic.manifestVersion,
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
