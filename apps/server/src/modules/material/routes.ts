import {
  AddUrlBody,
  DeleteMaterialsBody,
  FolderSaveBody,
  FolderSaveResponse,
  FolderTreeResponse,
  IdsBody,
  type Material,
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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { can } from "../../platform/actor";
import { AppError, badRequest } from "../../platform/errors";
import { noticeText } from "../../platform/notify";
import { rangeOffices, scopeKey } from "../../platform/tenancy";
import {
  copyMaterials,
  deleteFolders,
  deleteMaterials,
  findFolder,
  findMaterials,
  folderHoldsAnything,
  folderList,
  insertFolder,
  insertNotices,
  insertUrlMaterial,
  materialPage,
  moveMaterials,
  refsOf,
  renameMaterial,
  reviewMaterials,
  storageOf,
  toMaterial,
  updateFolder,
  usedBytes,
} from "./repo";

/** The media library: folders, lists, clipboard operations, addresses, review. */
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
      const folders = await folderList(db, actorOf(req));
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
        const folder = await updateFolder(db, id, name, parentId);
        req.audit.target = `folder:${id}`;
        return { folder };
      }
      const folder = await insertFolder(db, actor, parentId ?? null, name);
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
        if (await folderHoldsAnything(db, id))
          throw badRequest("material.folderNotEmpty", { name: folder.name });
      }
      await deleteFolders(db, req.body.ids);
      req.audit.target = `folder:${req.body.ids.join(",")}`;
      return {};
    },
  );

  const page = async (
    req: Parameters<typeof actorOf>[0],
    q: typeof MaterialListQuery._zod.output,
    pendingOnly: boolean,
  ) => {
    const actor = actorOf(req);
    // Kept in the read cache until a write in the range's offices (see ReadCache and watchWrites).
    const answer = await services.reads.get(
      "materials",
      JSON.stringify([scopeKey(actor), pendingOnly, q]),
      async () => {
        const { list, total } = await materialPage(db, actor, q, pendingOnly);
        return {
          // The rows' JSON text, sent as it is (answerJson): the declared type is what that text holds.
          list: list as unknown as Material[],
          total,
          pageNo: q.pageNo,
          pageSize: q.pageSize,
        };
      },
      rangeOffices(actor),
    );
    return { ...answer };
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
      await renameMaterial(db, req.body.id, req.body.name, services.clock.now());
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
      await moveMaterials(db, req.body.ids, req.body.folderId ?? null, services.clock.now());
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
        await moveMaterials(db, req.body.ids, folderId, services.clock.now());
        return {};
      }
      // A copy is a new material pointing at the same stored file: no bytes are copied.
      await copyMaterials(db, actor, rows, folderId);
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
      const refs = await refsOf(db, req.body.ids);
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
      await deleteMaterials(db, req.body.ids);
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
      const row = await insertUrlMaterial(db, {
        officeId: actor.officeId,
        folderId: req.body.folderId ?? null,
        name: req.body.name,
        type: req.body.type,
        url: req.body.url,
        reviewState: audit ? "pending" : "approved",
        createdBy: actor.userId,
      });
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
      await reviewMaterials(
        db,
        req.body.ids,
        { reviewState: req.body.result, reviewNote: note, reviewedBy: actor.userId },
        services.clock.now(),
      );
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
      if (notices.length) await insertNotices(db, notices);
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
      const refs = await refsOf(db, req.query.ids);
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
