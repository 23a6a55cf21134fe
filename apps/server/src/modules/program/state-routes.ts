import {
  IdQuery,
  ProgramHistoryResponse,
  ProgramIdsBody,
  ProgramReviewBody,
  type ProgramState,
  translate,
} from "@marquee/contracts";
import { desc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notifications, programHistory, programs, users } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { badRequest } from "../../platform/errors";
import { findPrograms, findSummary, type ProgramRow, type Tx } from "./repo";
import { syncScreens } from "./screens";

/**
 * The life of a program: submitted for review (or approved at once while
 * review is off), reviewed, and the history of its states.
 */
export const programStateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;

  /** Moves programs to `to`, each from a state in `from` (else 400 naming the first that is not). */
  const move = async (
    tx: Tx,
    rows: ProgramRow[],
    from: ProgramState[],
    to: ProgramState,
    event: "submit" | "review",
    byUserId: number,
    note: string | null,
    t: (key: `program.state.${ProgramState}`) => string,
  ) => {
    const stuck = rows.find((r) => !from.includes(r.state));
    if (stuck)
      throw badRequest("program.stateInvalid", {
        name: stuck.name,
        state: t(`program.state.${stuck.state}`),
      });
    const at = services.clock.now();
    const ids = rows.map((r) => r.id);
    await tx.update(programs).set({ state: to }).where(inArray(programs.id, ids));
    await tx
      .insert(programHistory)
      .values(
        rows.map((r) => ({ programId: r.id, fromState: r.state, toState: to, event, note, byUserId, at })),
      );
  };

  app.post(
    "/a/api/program/submit",
    {
      config: { access: { permission: "content:program:edit" } },
      schema: { tags: ["program"], body: ProgramIdsBody },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `program:${req.body.ids.join(",")}`;
      // With review off, a submitted program is approved at once.
      const to = (await services.settings.get("audit")) ? "pending" : "approved";
      await db.transaction(async (tx) => {
        const rows = await findPrograms(tx, actor, req.body.ids, true);
        await move(tx, rows, ["draft", "rejected"], to, "submit", actor.userId, null, req.t.bind(req));
      });
      req.audit.detail = { state: to };
      await syncScreens(app, req.log, req.body.ids);
      return { code: 0, msg: req.t("common.ok"), state: to };
    },
  );

  app.post(
    "/a/api/program/review",
    {
      config: { access: { permission: "content:program:review" } },
      schema: { tags: ["program"], body: ProgramReviewBody },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids, result } = req.body;
      const note = req.body.note || null;
      req.audit.target = `program:${ids.join(",")}`;
      req.audit.detail = { result, note };
      const rows = await db.transaction(async (tx) => {
        const found = await findPrograms(tx, actor, ids, true);
        await move(tx, found, ["pending"], result, "review", actor.userId, note, req.t.bind(req));
        // The author hears the decision, in the two languages a notice carries.
        const notices = found
          .filter((r) => r.createdBy !== null)
          .map((r) => {
            const text = (locale: "zh_CN" | "en") => {
              const values = { name: r.name, result: translate(locale, `program.state.${result}`) };
              return note
                ? translate(locale, "program.reviewNoticeNote", { ...values, note })
                : translate(locale, "program.reviewNotice", values);
            };
            return {
              userId: r.createdBy as number,
              officeId: r.officeId,
              contentCn: text("zh_CN"),
              contentEn: text("en"),
            };
          });
        if (notices.length) await tx.insert(notifications).values(notices);
        return found;
      });
      await syncScreens(
        app,
        req.log,
        rows.map((r) => r.id),
      );
      return { code: 0, msg: req.t("common.ok"), count: rows.length };
    },
  );

  app.get(
    "/a/api/program/history",
    {
      config: { access: { permission: "content:program:view" } },
      schema: { tags: ["program"], querystring: IdQuery, response: { 200: ProgramHistoryResponse } },
    },
    async (req) => {
      const program = await findSummary(db, actorOf(req), req.query.id);
      const rows = await db
        .select({
          from: programHistory.fromState,
          to: programHistory.toState,
          event: programHistory.event,
          note: programHistory.note,
          byName: users.name,
          at: programHistory.at,
        })
        .from(programHistory)
        .leftJoin(users, eq(users.id, programHistory.byUserId))
        .where(eq(programHistory.programId, program.id))
        .orderBy(desc(programHistory.id));
      return {
        code: 0,
        msg: req.t("common.ok"),
        list: rows.map((r) => ({
          from: r.from,
          to: r.to,
          // An edit that brought the program back to draft says so in the reader's language.
          note: r.event === "edit" ? req.t("program.historyEdited") : r.note,
          byName: r.byName,
          at: r.at.toISOString(),
        })),
      };
    },
  );
};
