import {
  AddUrlBody,
  DeleteMaterialsBody,
  FolderSaveBody,
  FolderSaveResponse,
  FolderTreeResponse,
  IdsBody,
  MaterialListQuery,
  MaterialListResponse,
  MaterialResponse,
  MoveBody,
  noticeMsg,
  OkResponse,
  PasteBody,
  RenameBody,
  ReviewBody,
  UsageResponse,
  UsedByResponse,
} from "@marquee/contracts";
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { materialFolders, materialRefs, materials, notifications } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { can } from "../../platform/actor";
import { AppError, badRequest } from "../../platform/errors";
import { noticeText } from "../../platform/notify";
import { likeEscape } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { findFolder, findMaterials, storageOf, toMaterial, uploaderNames, usedBytes } from "./repo";

const SORT = {
  createDate: materials.createdAt,
  name: materials.name,
  size: materials.size,
  type: materials.type,
} as const;

/** The media library: folders, lists, clipboard operations, addresses, review (issue 4). */
export const materialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { processor } = services;
  const db = services.db;
  const view = { access: { permission: "content:material:view" as const } };
  const edit = { access: { permission: "content:material:edit" as const } };

  app.get(
    "/a/api/material/folderTree",
    { config: view, schema: { tags: ["material"], response: { 200: FolderTreeResponse } } },
    async (req) => {
      const folders = await db
        .select({ id: materialFolders.id, parentId: materialFolders.parentId, name: materialFolders.name })
        .from(materialFolders)
        .where(scope(actorOf(req), materialFolders))
        .orderBy(asc(materialFolders.name));
      return { folders };
    },
  );

  app.post(
    "/a/api/material/saveFolder",
    {
      config: edit,
      schema: { tags: ["material"], body: FolderSaveBody, response: { 200: FolderSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, parentId, name } = req.body;
      if (parentId !== undefined) await findFolder(db, actor, parentId);
      if (id !== undefined) {
        await findFolder(db, actor, id);
        if (parentId === id) throw badRequest("validation.invalid");
        const [folder] = await db
          .update(materialFolders)
          .set({ name, ...(parentId !== undefined ? { parentId } : {}) })
          .where(eq(materialFolders.id, id))
          .returning();
        req.audit.target = `folder:${id}`;
        return { folder };
      }
      const [folder] = await db
        .insert(materialFolders)
        .values({ officeId: actor.officeId, parentId: parentId ?? null, name, createdBy: actor.userId })
        .returning();
      req.audit.target = `folder:${folder?.id}`;
      return { folder };
    },
  );

  app.post(
    "/a/api/material/deleteFolder",
    { config: edit, schema: { tags: ["material"], body: IdsBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      for (const id of req.body.ids) {
        const folder = await findFolder(db, actor, id);
        const [kids] = await db
          .select({ n: count() })
          .from(materialFolders)
          .where(eq(materialFolders.parentId, id));
        const [items] = await db.select({ n: count() }).from(materials).where(eq(materials.folderId, id));
        if ((kids?.n ?? 0) > 0 || (items?.n ?? 0) > 0)
          throw badRequest("material.folderNotEmpty", { name: folder.name });
      }
      await db.delete(materialFolders).where(inArray(materialFolders.id, req.body.ids));
      req.audit.target = `folder:${req.body.ids.join(",")}`;
      return {};
    },
  );

  const listWhere = (
    req: Parameters<typeof actorOf>[0],
    q: typeof MaterialListQuery._zod.output,
    pendingOnly: boolean,
  ) => {
    // Widget images live in the same store but not in the library.
    const c: (SQL | undefined)[] = [scope(actorOf(req), materials), eq(materials.purpose, "library")];
    if (q.folderId !== undefined) c.push(eq(materials.folderId, q.folderId));
    if (q.name) c.push(ilike(materials.name, `%${likeEscape(q.name)}%`));
    if (q.type) c.push(eq(materials.type, q.type));
    if (pendingOnly) c.push(eq(materials.reviewState, "pending"));
    else if (q.reviewState) c.push(eq(materials.reviewState, q.reviewState));
    if (q.uploaderId !== undefined) c.push(eq(materials.createdBy, q.uploaderId));
    if (q.minSize !== undefined) c.push(gte(materials.size, q.minSize));
    if (q.maxSize !== undefined) c.push(lte(materials.size, q.maxSize));
    if (q.beginTime) c.push(gte(materials.createdAt, q.beginTime));
    if (q.endTime) c.push(lte(materials.createdAt, q.endTime));
    return and(...c);
  };

  const page = async (
    req: Parameters<typeof actorOf>[0],
    q: typeof MaterialListQuery._zod.output,
    pendingOnly: boolean,
  ) => {
    const where = listWhere(req, q, pendingOnly);
    const order = q.order === "asc" ? asc(SORT[q.sort]) : desc(SORT[q.sort]);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(materials)
        .where(where)
        .orderBy(order, desc(materials.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      db.select({ n: count() }).from(materials).where(where),
    ]);
    const names = await uploaderNames(
      db,
      rows.map((r) => r.createdBy),
    );
    return {
      list: rows.map((r) => toMaterial(r, r.createdBy === null ? null : (names.get(r.createdBy) ?? null))),
      total: totals[0]?.n ?? 0,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  };

  app.get(
    "/a/api/material/list",
    {
      config: view,
      schema: { tags: ["material"], querystring: MaterialListQuery, response: { 200: MaterialListResponse } },
    },
    (req) => page(req, req.query, false),
  );

  app.get(
    "/a/api/material/checklist",
    {
      config: { access: { permission: "content:material:review" } },
      schema: { tags: ["material"], querystring: MaterialListQuery, response: { 200: MaterialListResponse } },
    },
    (req) => page(req, req.query, true),
  );

  app.get(
    "/a/api/material/usage",
    { config: view, schema: { tags: ["material"], response: { 200: UsageResponse } } },
    async (req) => {
      const tenant = await storageOf(services, actorOf(req).officeId);
      const enforced = (await services.settings.get("capacitySetting")) === "true";
      return {
        used: await usedBytes(services, tenant.path),
        capacity: enforced ? tenant.capacity : null,
      };
    },
  );

  app.post(
    "/a/api/material/rename",
    { config: edit, schema: { tags: ["material"], body: RenameBody, response: { 200: OkResponse } } },
    async (req) => {
      await findMaterials(db, actorOf(req), [req.body.id]);
      await db
        .update(materials)
        .set({ name: req.body.name, updatedAt: services.clock.now() })
        .where(eq(materials.id, req.body.id));
      req.audit.target = `material:${req.body.id}`;
      return {};
    },
  );

  app.post(
    "/a/api/material/move",
    { config: edit, schema: { tags: ["material"], body: MoveBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      if (req.body.folderId !== undefined) await findFolder(db, actor, req.body.folderId);
      await findMaterials(db, actor, req.body.ids);
      await db
        .update(materials)
        .set({ folderId: req.body.folderId ?? null, updatedAt: services.clock.now() })
        .where(inArray(materials.id, req.body.ids));
      req.audit.target = `material:${req.body.ids.join(",")}`.slice(0, 500);
      return {};
    },
  );

  app.post(
    "/a/api/material/paste",
    { config: edit, schema: { tags: ["material"], body: PasteBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const folderId = req.body.folderId ?? null;
      if (folderId !== null) await findFolder(db, actor, folderId);
      const rows = await findMaterials(db, actor, req.body.ids);
      req.audit.target = `material:${req.body.ids.join(",")}`.slice(0, 500);
      req.audit.detail = { isCut: req.body.isCut, folderId };
      if (req.body.isCut) {
        await db
          .update(materials)
          .set({ folderId, updatedAt: services.clock.now() })
          .where(inArray(materials.id, req.body.ids));
        return {};
      }
      // A copy is a new material pointing at the same stored file: no bytes are copied.
      await db.insert(materials).values(
        rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...r }) => ({
          ...r,
          officeId: actor.officeId,
          folderId,
          createdBy: actor.userId,
        })),
      );
      return {};
    },
  );

  app.post(
    "/a/api/material/delete",
    {
      config: { access: { permission: "content:material:delete" } },
      schema: { tags: ["material"], body: DeleteMaterialsBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const rows = await findMaterials(db, actor, req.body.ids);
      const refs = await db.select().from(materialRefs).where(inArray(materialRefs.materialId, req.body.ids));
      req.audit.target = `material:${req.body.ids.join(",")}`.slice(0, 500);
      if (refs.length && !(req.body.force && can(actor, "content:material:forceDelete"))) {
        const first = rows.find((r) => r.id === refs[0]?.materialId);
        throw new AppError(
          409,
          "material.inUse",
          { name: first?.name ?? "", count: refs.length },
          {
            usedBy: refs.map((r) => ({
              materialId: r.materialId,
              type: r.ownerType,
              id: r.ownerId,
              name: r.ownerName,
            })),
          },
        );
      }
      await db.delete(materials).where(inArray(materials.id, req.body.ids));
      return {};
    },
  );

  app.post(
    "/a/api/material/addUrl",
    { config: edit, schema: { tags: ["material"], body: AddUrlBody, response: { 200: MaterialResponse } } },
    async (req) => {
      const actor = actorOf(req);
      if (req.body.folderId !== undefined) await findFolder(db, actor, req.body.folderId);
      const audit = await services.settings.get("audit");
      const [row] = await db
        .insert(materials)
        .values({
          officeId: actor.officeId,
          folderId: req.body.folderId ?? null,
          name: req.body.name,
          type: req.body.type,
          url: req.body.url,
          reviewState: audit ? "pending" : "approved",
          createdBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error("material not created");
      req.audit.target = `material:${row.id}`;
      return { material: toMaterial(row, actor.name) };
    },
  );

  app.post(
    "/a/api/material/review",
    {
      config: { access: { permission: "content:material:review" } },
      schema: { tags: ["material"], body: ReviewBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const rows = await findMaterials(db, actor, req.body.ids);
      const note = req.body.note ?? null;
      await db
        .update(materials)
        .set({
          reviewState: req.body.result,
          reviewNote: note,
          reviewedBy: actor.userId,
          updatedAt: services.clock.now(),
        })
        .where(inArray(materials.id, req.body.ids));
      // The uploader hears the decision.
      const notices = rows
        .filter((r) => r.createdBy !== null)
        .map((r) => ({
          userId: r.createdBy as number,
          officeId: r.officeId,
          ...noticeText(note ? "material.reviewNoticeNote" : "material.reviewNotice", {
            name: r.name,
            result: noticeMsg(`program.state.${req.body.result}`),
            ...(note ? { note } : {}),
          }),
        }));
      if (notices.length) await db.insert(notifications).values(notices);
      req.audit.target = `material:${req.body.ids.join(",")}`.slice(0, 500);
      req.audit.detail = { result: req.body.result, note };
      return {};
    },
  );
  /** Where a material is used (programs, plans, widgets), for its details. */
  app.get(
    "/a/api/material/usedBy",
    { config: view, schema: { tags: ["material"], querystring: IdsBody, response: { 200: UsedByResponse } } },
    async (req) => {
      await findMaterials(db, actorOf(req), req.query.ids);
      const refs = await db
        .select()
        .from(materialRefs)
        .where(inArray(materialRefs.materialId, req.query.ids));
      return {
        usedBy: refs.map((r) => ({
          materialId: r.materialId,
          type: r.ownerType,
          id: r.ownerId,
          name: r.ownerName,
        })),
      };
    },
  );

  app.post(
    "/a/api/material/retryConvert",
    { config: edit, schema: { tags: ["material"], body: IdsBody, response: { 200: OkResponse } } },
    async (req) => {
      const rows = await findMaterials(db, actorOf(req), req.body.ids);
      for (const r of rows)
        if (r.type === "video" && r.convertState === "failed") await processor.retry(r.id);
      req.audit.target = `material:${req.body.ids.join(",")}`.slice(0, 500);
      return {};
    },
  );
};
