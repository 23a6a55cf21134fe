import { ScreenshotHistoryQuery, ScreenshotHistoryResponse } from "@marquee/contracts";
import { count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { terminalScreenshots, terminals } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { FieldErrors } from "../../platform/errors";
import { namesIn, officeInScope, scoped } from "../../platform/tenancy";
import { findGroup, findTerminals, groupAndBelow } from "./repo";

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
      const below = q.includeChildren !== false;
      const c: Array<SQL | undefined> = [];
      if (q.treeId === undefined) {
        if (q.terminalId === undefined)
          throw new FieldErrors([{ field: "treeId", key: "validation.required" }]);
      } else if (q.treeType === "group") {
        const group = await findGroup(db, actor, q.treeId);
        const groups = below ? await groupAndBelow(db, group) : [group.id];
        // The screens of the group now, and only the pictures taken while they served its office.
        c.push(
          eq(terminalScreenshots.officeId, group.officeId),
          inArray(
            terminalScreenshots.terminalId,
            db.select({ id: terminals.id }).from(terminals).where(inArray(terminals.groupId, groups)),
          ),
        );
      } else {
        const node = await officeInScope(services.tree, actor, q.treeId);
        c.push(
          below
            ? inArray(terminalScreenshots.officeId, await services.tree.subtreeIds(node.path))
            : eq(terminalScreenshots.officeId, node.id),
        );
      }
      if (q.terminalId !== undefined) {
        await findTerminals(db, actor, [q.terminalId]);
        c.push(eq(terminalScreenshots.terminalId, q.terminalId));
      }
      if (q.type) c.push(eq(terminalScreenshots.kind, q.type));
      const where = scoped(actor, terminalScreenshots, ...c);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(terminalScreenshots)
          .where(where)
          .orderBy(desc(terminalScreenshots.at), desc(terminalScreenshots.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(terminalScreenshots).where(where),
      ]);
      const names = await namesIn(
        db,
        actor,
        terminals,
        rows.map((r) => r.terminalId),
      );
      return {
        list: rows.map((r) => ({
          id: r.id,
          terminalId: r.terminalId,
          terminalName: names.get(r.terminalId) ?? null,
          type: r.kind,
          url: historyShotUrl(r.terminalId, r.id),
          at: r.at.toISOString(),
        })),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );
};
