import {
  AbandonUploadBody,
  AVATAR_MAX_BYTES,
  ChunkQuery,
  ChunkResponse,
  ConvertProgressResponse,
  formatSize,
  Md5CheckQuery,
  Md5CheckResponse,
  OkResponse,
  UPLOAD_LIMIT_OFF_MB,
  UploadThumbResponse,
  zIdList,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../platform/access";
import { crashPoint } from "../../platform/crash-point";
import { binaryResponse } from "../../platform/download";
import { AppError, badRequest, FieldErrors, notFound } from "../../platform/errors";
import { sniffMedia } from "../../platform/media-sniff";
import { sniffImage, storeAvatar } from "../user/avatar";
import { imageThumbnail } from "./media";
import {
  convertProgress,
  deleteUpload,
  findFolder,
  findMaterials,
  findUpload,
  insertMaterial,
  releaseFinish,
  sameFile,
  setThumb,
  setUserAvatar,
  storageOf,
  toMaterial,
  usedBytes,
} from "./repo";
import {
  abandonUpload,
  awaitFinish,
  chunkLength,
  claimFinish,
  holdFinish,
  openUpload,
  receiveChunk,
  verifyAndStore,
} from "./upload";

/** The file calls of spec §7 (/a/api/fileInfosa/*): instant and chunked upload, files with Range. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { storage, processor } = services;
  const upload = { access: { permission: "content:material:upload" as const } };
  const view = { access: { permission: "content:material:view" as const } };

  // Chunks arrive as raw bytes and are streamed to disk, never held whole in memory.
  app.addContentTypeParser("application/octet-stream", (_req, payload, done) => done(null, payload));

  const limitBytes = async () => {
    const open = await services.settings.get("uploadLimitOpen");
    const mb = open ? await services.settings.get("uploadLimitSize") : UPLOAD_LIMIT_OFF_MB;
    return { mb, bytes: mb * 1024 * 1024 };
  };

  /** Makes an uploaded image the user's avatar (sniffed, stored by SHA-256 like the avatar upload). */
  const setAvatar = async (userId: number, bytes: Buffer): Promise<string> => {
    const kind = sniffImage(bytes);
    if (!kind || bytes.length > AVATAR_MAX_BYTES)
      throw new FieldErrors([{ field: "image", key: "user.avatarInvalid" }]);
    const avatar = `/apm-web/f/avatar/${await storeAvatar(storage.store, bytes, kind.ext)}`;
    await setUserAvatar(services.db, userId, avatar, services.clock.now());
    services.actors.invalidate(userId);
    return avatar;
  };

  type Purpose = "library" | "widget" | "personal";

  /** The MD5 check of spec §7, for library materials, widget images and the user's own image. */
  const md5Check = async (req: FastifyRequest, q: z.infer<typeof Md5CheckQuery>, purpose: Purpose) => {
    const actor = actorOf(req);
    const { md5, size, name } = q;
    // A personal image goes to no folder and is at most an avatar's size.
    const folderId = purpose === "personal" ? null : (q.folderId ?? null);
    if (folderId !== null) await findFolder(services.db, actor, folderId);
    const limit = await limitBytes();
    if (size > limit.bytes) throw badRequest("material.tooLarge", { limit: limit.mb });
    if (purpose === "personal" && size > AVATAR_MAX_BYTES) {
      throw new FieldErrors([
        { field: "size", key: "user.avatarTooLarge", values: { max: AVATAR_MAX_BYTES / 1024 } },
      ]);
    }
    const tenant = await storageOf(services, actor.officeId);
    // Instant upload: the tenant already holds this exact file.
    const held = await services.tree.subtreeIds(tenant.path);
    const same = await sameFile(services.db, md5, size, held);
    const audit = await services.settings.get("audit");
    if (same && (await storage.exists(md5))) {
      if (purpose === "personal") {
        const avatar = await setAvatar(actor.userId, await storage.readAll(md5));
        req.audit.target = `user:${actor.userId}`;
        return { exists: true, avatar };
      }
      if (purpose === "widget" && same.type !== "image") throw badRequest("material.thumbInvalid");
      const row = await insertMaterial(services.db, {
        officeId: actor.officeId,
        folderId,
        name,
        type: same.type,
        md5,
        size,
        mime: same.mime,
        width: same.width,
        height: same.height,
        durationMs: same.durationMs,
        codec: same.codec,
        thumbMd5: same.thumbMd5,
        purpose: purpose === "widget" ? "widget" : "library",
        convertState: same.convertState === "done" ? "done" : same.convertState,
        reviewState: audit ? "pending" : "approved",
        createdBy: actor.userId,
      });
      req.audit.target = `material:${row.id}`;
      req.audit.detail = { instant: true, md5, size };
      return { exists: true, material: toMaterial(row, actor.name) };
    }
    if ((await services.settings.get("capacitySetting")) === "true" && tenant.capacity !== null) {
      const used = await usedBytes(services, tenant.path);
      if (used + size > tenant.capacity) {
        throw badRequest("material.quota", { free: formatSize(Math.max(0, tenant.capacity - used)) });
      }
    }
    const u = await openUpload(
      services.db,
      storage,
      { officeId: actor.officeId, userId: actor.userId, md5, size, name, folderId, purpose },
      (bytes) => services.disk.ensureRoom(bytes),
    );
    return {
      exists: false,
      uploadId: u.id,
      chunkSize: u.chunkSize,
      chunkCount: u.chunkCount,
      uploadedChunks: u.received,
    };
  };

  app.get(
    "/a/api/fileInfosa/uploaderMD5Check",
    {
      config: upload,
      schema: { tags: ["material"], querystring: Md5CheckQuery, response: { 200: Md5CheckResponse } },
    },
    (req) => md5Check(req, req.query, "library"),
  );
  app.get(
    "/a/api/fileInfosa/uploaderWidgetImgMD5Check",
    {
      // Widget images are uploaded from the editor and from widget management.
      config: { access: { anyOf: ["content:program:edit", "sys:widget:edit"] } },
      schema: { tags: ["material"], querystring: Md5CheckQuery, response: { 200: Md5CheckResponse } },
    },
    (req) => md5Check(req, req.query, "widget"),
  );
  app.get(
    "/a/api/fileInfosa/uploaderPersonalImgMD5Check",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["material"], querystring: Md5CheckQuery, response: { 200: Md5CheckResponse } },
    },
    (req) => md5Check(req, req.query, "personal"),
  );

  app.post(
    "/a/api/fileInfosa/uploader",
    {
      // The MD5 check that opened the upload checked the permission for its purpose; the upload is the caller's own.
      config: { access: { signedIn: true } },
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags: ["material"], querystring: ChunkQuery, response: { 200: ChunkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const u = await findUpload(services.db, req.query.uploadId, actor.userId);
      if (!u) throw new AppError(404, "material.uploadUnknown");
      const body = req.body;
      if (!body || typeof (body as NodeJS.ReadableStream).pipe !== "function") {
        throw new AppError(415, "common.unsupportedMediaType", {
          type: String(req.headers["content-type"] ?? ""),
        });
      }
      // No chunk the disk has no room for: 507 before a byte is written (the reserve stays free). A bucket's
      // chunks never touch the data disk.
      if (storage.local && !u.verifiedAt && req.query.index < u.chunkCount)
        await services.disk.ensureRoom(chunkLength(u, req.query.index));
      // A checked upload whose finish was cut short (a crash) needs no chunk: the resent last one finishes it.
      // On a bucket the same holds once every part is in: the parts may have been joined already, and a part
      // sent to a joined multipart upload is refused (the upload would be lost with its joined object).
      const taken =
        u.verifiedAt !== null ||
        (!storage.local && u.received.length === u.chunkCount && u.received.includes(req.query.index));
      const received = taken
        ? u.received
        : await receiveChunk(services.db, storage, u, req.query.index, req.query.md5, body as never);
      if (taken) (body as NodeJS.ReadableStream).resume();
      req.audit.target = `upload:${u.id}`;
      if (received.length < u.chunkCount) {
        return { uploadedChunks: received, complete: false };
      }
      // The last chunk: one request finishes (a lease in the row), others wait until it is done.
      let mine = await claimFinish(services.db, u.id);
      while (!mine) {
        if ((await awaitFinish(services.db, u.id)) === "done")
          return { uploadedChunks: received, complete: true };
        mine = await claimFinish(services.db, u.id);
      }
      const finishing = mine;
      const release = holdFinish(services.db, u.id, req.log);
      crashPoint("upload.claimed");
      try {
        const kind = await verifyAndStore(services.db, storage, finishing);
        if (finishing.purpose === "personal") {
          const avatar = await setAvatar(actor.userId, await storage.readAll(finishing.md5));
          await deleteUpload(services.db, u.id);
          await storage.removeUpload(u.id);
          req.audit.target = `user:${actor.userId}`;
          return { uploadedChunks: received, complete: true, avatar };
        }
        if (finishing.purpose === "widget" && kind.type !== "image") {
          await deleteUpload(services.db, u.id);
          await storage.removeUpload(u.id);
          throw badRequest("material.thumbInvalid");
        }
        const audit = await services.settings.get("audit");
        // The material, its processing job and the end of the upload commit together.
        const row = await services.db.transaction(async (tx) => {
          const created = await insertMaterial(tx, {
            officeId: finishing.officeId,
            folderId: finishing.folderId,
            name: finishing.name,
            type: kind.type,
            md5: finishing.md5,
            size: finishing.size,
            mime: kind.mime,
            purpose: finishing.purpose === "widget" ? "widget" : "library",
            reviewState: audit ? "pending" : "approved",
            createdBy: actor.userId,
          });
          await processor.enqueueIn(tx, created.id);
          await deleteUpload(tx, u.id);
          return created;
        });
        crashPoint("upload.recorded");
        await storage.removeUpload(u.id);
        req.audit.target = `material:${row.id}`;
        req.audit.detail = { md5: finishing.md5, size: finishing.size, type: kind.type };
        return {
          uploadedChunks: received,
          complete: true,
          material: toMaterial(row, actor.name),
        };
      } catch (err) {
        // A finish that failed (not crashed) lets the next attempt in at once.
        await releaseFinish(services.db, u.id).catch(() => undefined);
        throw err;
      } finally {
        release();
      }
    },
  );

  app.post(
    "/a/api/fileInfosa/abandonUpload",
    {
      // The caller's own upload, whatever it was for (as the chunks).
      config: { access: { signedIn: true } },
      schema: { tags: ["material"], body: AbandonUploadBody, response: { 200: OkResponse } },
    },
    async (req) => {
      await abandonUpload(services.db, storage, req.body.uploadId, actorOf(req).userId);
      req.audit.target = `upload:${req.body.uploadId}`;
      return {};
    },
  );

  const IdQuery = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

  /** Serves a material's file with Range and ETag, to users whose data range covers it. */
  app.get(
    "/a/api/fileInfosa/getFile",
    {
      config: view,
      schema: {
        tags: ["material"],
        querystring: IdQuery,
        response: binaryResponse("the material's file (or the asked range of it)", ["*/*"]),
      },
    },
    async (req, reply) => {
      const [m] = await findMaterials(services.db, actorOf(req), [req.query.id]);
      if (!m?.md5) throw badRequest("material.notFile", { id: req.query.id });
      const etag = `"${m.md5}"`;
      // On a bucket the bytes come from there: a redirect to a short-lived signed URL (Range works on it).
      // The redirect carries no ETag: a browser revalidating it would get a 304 and follow a URL that expired.
      const direct = req.headers["if-none-match"] === etag ? null : await storage.mediaUrl(m.md5, m.mime);
      if (direct)
        return reply.header("cache-control", `private, max-age=${direct.maxAge}`).redirect(direct.url, 302);
      reply
        .header("etag", etag)
        .header("accept-ranges", "bytes")
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .type(m.mime ?? "application/octet-stream");
      if (req.headers["if-none-match"] === etag) return reply.status(304).send();
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ""));
      if (range && (range[1] || range[2])) {
        let start = range[1] ? Number(range[1]) : m.size - Number(range[2]);
        let end = range[1] && range[2] ? Number(range[2]) : m.size - 1;
        start = Math.max(0, start);
        end = Math.min(end, m.size - 1);
        if (start > end || start >= m.size) {
          return reply.status(416).header("content-range", `bytes */${m.size}`).send();
        }
        return reply
          .status(206)
          .header("content-range", `bytes ${start}-${end}/${m.size}`)
          .header("content-length", String(end - start + 1))
          .send(await storage.read(m.md5, { start, end }));
      }
      return reply.header("content-length", String(m.size)).send(await storage.read(m.md5));
    },
  );

  app.get(
    "/a/api/fileInfosa/convertProgress",
    {
      config: view,
      schema: {
        tags: ["material"],
        querystring: z.strictObject({ ids: zIdList }),
        response: { 200: ConvertProgressResponse },
      },
    },
    async (req) => {
      const rows = await convertProgress(services.db, actorOf(req), req.query.ids);
      return { progress: rows };
    },
  );

  /** The material's thumbnail (WebP). */
  app.get(
    "/a/api/fileInfosa/getFileHandlex",
    {
      config: view,
      schema: {
        tags: ["material"],
        querystring: IdQuery,
        response: binaryResponse("the material's thumbnail", ["image/webp"]),
      },
    },
    async (req, reply) => {
      const [m] = await findMaterials(services.db, actorOf(req), [req.query.id]);
      if (!m?.thumbMd5) throw notFound("thumbnail", req.query.id);
      const direct = await storage.mediaUrl(m.thumbMd5, "image/webp");
      if (direct)
        return reply.header("cache-control", `private, max-age=${direct.maxAge}`).redirect(direct.url, 302);
      return reply
        .header("etag", `"${m.thumbMd5}"`)
        .header("cache-control", "private, max-age=31536000, immutable")
        .type("image/webp")
        .send(await storage.read(m.thumbMd5));
    },
  );

  /** Replaces a thumbnail with an image the user chose (sniffed, resized). */
  app.post(
    "/a/api/fileInfosa/uploadThumb",
    {
      config: { access: { permission: "content:material:edit" } },
      bodyLimit: 10 * 1024 * 1024,
      schema: { tags: ["material"], querystring: IdQuery, response: { 200: UploadThumbResponse } },
    },
    async (req) => {
      const [m] = await findMaterials(services.db, actorOf(req), [req.query.id]);
      if (!m) throw notFound("material", req.query.id);
      const body = req.body;
      if (!body || typeof (body as NodeJS.ReadableStream).pipe !== "function") {
        throw new AppError(415, "common.unsupportedMediaType", {
          type: String(req.headers["content-type"] ?? ""),
        });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of body as AsyncIterable<Buffer>) {
        size += c.length;
        if (size > 10 * 1024 * 1024) throw new AppError(413, "common.payloadTooLarge", { limit: "10 MB" });
        chunks.push(c);
      }
      const bytes = Buffer.concat(chunks);
      if (sniffMedia(bytes.subarray(0, 4096))?.type !== "image") throw badRequest("material.thumbInvalid");
      const { thumb } = await imageThumbnail(bytes);
      const thumbMd5 = await storage.putBuffer(thumb);
      await setThumb(services.db, m.id, thumbMd5);
      req.audit.target = `material:${m.id}`;
      return {
        thumbUrl: `/apm-web/a/api/fileInfosa/getFileHandlex?id=${m.id}`,
      };
    },
  );
};
