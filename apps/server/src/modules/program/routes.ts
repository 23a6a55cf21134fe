import {
  IdQuery,
  ProgramCopyBody,
  ProgramCreatedResponse,
  ProgramDetailResponse,
  ProgramIdsBody,
  ProgramListQuery,
  ProgramListResponse,
  ProgramRenameBody,
  ProgramSaveBody,
  ProgramSaveResponse,
} from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { materialRefs, programs } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { AppError } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";
import { deleteHistory } from "../content/history";
import { assertNotPublished, deletePublications } from "../content/publications";
import { toMaterial, uploaderNames } from "../material/repo";
import type { MediaStorage } from "../material/storage";
import { dataSourceRoutes } from "./data-routes";
import { programFileRoutes } from "./file-routes";
import { checkMedia } from "./media";
import {
  assertNotInPlans,
  findPrograms,
  findSummary,
  mediaOf,
  type ProgramRow,
  programScope,
  selectProgramSummaries,
  toSummary,
} from "./repo";
import { publishProgramReviewRoutes } from "./review-routes";
import { syncScreens } from "./screens";
import { ProgramService } from "./service";
import { programStateRoutes } from "./state-routes";

const SORT = {
  updateDate: programs.updatedAt,
  createDate: programs.createdAt,
  name: programs.name,
} as const;

/** The answer of a call that wrote a program. */
const saved = (msg: string, r: ProgramRow) => ({
  code: 0,
  msg,
  id: r.id,
  version: r.version,
  state: r.state,
  updateDate: r.updatedAt.toISOString(),
});

/**
 * Programs (issue 5): program production and management under
 * /a/api/program/, range-scoped like materials (the creator's office and,
 * for "own" ranges, the creator).
 */
export const programRoutes =
  (storage: MediaStorage): FastifyPluginAsyncZod =>
  async (app) => {
    const { services } = app;
    const db = services.db;
    const service = new ProgramService(services, storage);
    const view = { access: { permission: "content:program:view" as const } };
    const edit = { access: { permission: "content:program:edit" as const } };
    // A document of 200 scenes is larger than the default body limit.
    const docBodyLimit = 8 * 1024 * 1024;

    app.get(
      "/a/api/program/list",
      {
        config: view,
        schema: { tags: ["program"], querystring: ProgramListQuery, response: { 200: ProgramListResponse } },
      },
      async (req) => {
        const q = req.query;
        const c: (SQL | undefined)[] = [programScope(actorOf(req))];
        if (q.name) c.push(ilike(programs.name, `%${likeEscape(q.name)}%`));
        if (q.width !== undefined) c.push(eq(programs.width, q.width));
        if (q.height !== undefined) c.push(eq(programs.height, q.height));
        if (q.state) c.push(eq(programs.state, q.state));
        if (q.creatorId !== undefined) c.push(eq(programs.createdBy, q.creatorId));
        if (q.beginTime) c.push(gte(programs.createdAt, new Date(q.beginTime)));
        if (q.endTime) c.push(lte(programs.createdAt, new Date(q.endTime)));
        const where = and(...c);
        const order = q.order === "asc" ? asc(SORT[q.sort]) : desc(SORT[q.sort]);
        const [rows, totals] = await Promise.all([
          selectProgramSummaries(db)
            .where(where)
            .orderBy(order, desc(programs.id))
            .limit(q.pageSize)
            .offset((q.pageNo - 1) * q.pageSize),
          db.select({ n: count() }).from(programs).where(where),
        ]);
        return {
          code: 0,
          msg: req.t("common.ok"),
          list: rows.map(toSummary),
          total: totals[0]?.n ?? 0,
          pageNo: q.pageNo,
          pageSize: q.pageSize,
        };
      },
    );

    app.get(
      "/a/api/program/detail",
      {
        config: view,
        schema: { tags: ["program"], querystring: IdQuery, response: { 200: ProgramDetailResponse } },
      },
      async (req) => {
        const summary = await findSummary(db, actorOf(req), req.query.id);
        const [row] = await db
          .select({ doc: programs.doc })
          .from(programs)
          .where(eq(programs.id, summary.id));
        // The program's own media (checked against the saver's range when saved): names, thumbnails, addresses.
        const used = await mediaOf(db, summary.id);
        const names = await uploaderNames(
          db,
          used.map((m) => m.createdBy),
        );
        return {
          code: 0,
          msg: req.t("common.ok"),
          program: toSummary(summary),
          doc: row?.doc as ProgramDoc,
          materials: used.map((m) =>
            toMaterial(m, m.createdBy === null ? null : (names.get(m.createdBy) ?? null)),
          ),
        };
      },
    );

    app.post(
      "/a/api/program/save",
      {
        config: edit,
        bodyLimit: docBodyLimit,
        schema: { tags: ["program"], body: ProgramSaveBody, response: { 200: ProgramSaveResponse } },
      },
      async (req) => {
        const actor = actorOf(req);
        const { id, version, force, name, doc } = req.body;
        if (id !== undefined) req.audit.target = `program:${id}`;
        const media = await checkMedia(db, actor, doc, req.t.bind(req));
        const write = { name, doc, media };
        const row =
          id === undefined
            ? await service.create(actor, write, req.log)
            : await service.update(actor, id, { version, force: force === true }, write, req.log);
        req.audit.target = `program:${row.id}`;
        req.audit.detail = { version: row.version, ...(force ? { force } : {}) };
        if (id !== undefined) await syncScreens(app, req.log, [row.id]);
        return saved(req.t("common.ok"), row);
      },
    );

    app.post(
      "/a/api/program/copy",
      {
        config: edit,
        schema: { tags: ["program"], body: ProgramCopyBody, response: { 200: ProgramCreatedResponse } },
      },
      async (req) => {
        const actor = actorOf(req);
        const [source] = await findPrograms(db, actor, [req.body.id]);
        if (!source) throw new Error("program vanished");
        req.audit.target = `program:${source.id}`;
        const name = req.body.name ?? req.t("program.copyName", { name: source.name }).slice(0, 100);
        const media = await mediaOf(db, source.id);
        const row = await service.create(
          actor,
          { name, doc: source.doc as ProgramDoc, media: new Map(media.map((m) => [m.id, m])) },
          req.log,
          source.thumbMd5,
        );
        req.audit.detail = { copy: row.id };
        return saved(req.t("common.ok"), row);
      },
    );

    app.post(
      "/a/api/program/rename",
      { config: edit, schema: { tags: ["program"], body: ProgramRenameBody } },
      async (req) => {
        const { id, name } = req.body;
        req.audit.target = `program:${id}`;
        await db.transaction(async (tx) => {
          await findPrograms(tx, actorOf(req), [id], true);
          await tx
            .update(programs)
            .set({ name, updatedBy: actorOf(req).userId, updatedAt: services.clock.now() })
            .where(eq(programs.id, id));
          await tx
            .update(materialRefs)
            .set({ ownerName: name })
            .where(and(eq(materialRefs.ownerType, "program"), eq(materialRefs.ownerId, id)));
        });
        return { code: 0, msg: req.t("common.ok") };
      },
    );

    app.post(
      "/a/api/program/delete",
      {
        config: { access: { permission: "content:program:delete" } },
        schema: { tags: ["program"], body: ProgramIdsBody },
      },
      async (req) => {
        const ids = req.body.ids;
        req.audit.target = `program:${ids.join(",")}`;
        await db.transaction(async (tx) => {
          const rows = await findPrograms(tx, actorOf(req), ids, true);
          // A program named by a plan, or published, plays or may play on screens.
          await assertNotInPlans(tx, rows);
          await assertNotPublished(tx, "program", rows, "review.programPublished");
          const published = rows.find((r) => r.state === "published");
          if (published) throw new AppError(409, "program.published", { name: published.name });
          await deletePublications(tx, "program", ids);
          await deleteHistory(tx, "program", ids);
          await tx
            .delete(materialRefs)
            .where(and(eq(materialRefs.ownerType, "program"), inArray(materialRefs.ownerId, ids)));
          // The thumbnail file stays in the content-addressed store, where other programs may share it.
          await tx.delete(programs).where(inArray(programs.id, ids));
        });
        await syncScreens(app, req.log, ids);
        return { code: 0, msg: req.t("common.ok") };
      },
    );

    await app.register(programStateRoutes);
    await app.register(publishProgramReviewRoutes);
    await app.register(programFileRoutes(storage, service, docBodyLimit));
    await app.register(dataSourceRoutes);
  };
