import { ScreenshotHistoryQuery, ScreenshotHistoryResponse } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { screenshotHistory } from "./repo";

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
};
