import {
  IdQuery,
  PROGRAM_EXPORT_FORMAT,
  ProgramCreatedResponse,
  type ProgramExportFile,
  ProgramImportBody,
  ProgramThumbQuery,
} from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { materials, programs } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { badRequest, notFound } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import type { MediaStorage } from "../material/storage";
import { checkMedia, mediaUses, remapMaterials } from "./media";
import { findPrograms, programScope } from "./repo";
import type { ProgramService } from "./service";

/** `Content-Disposition` of a download named `filename`: an ASCII fallback and the RFC 5987 UTF-8 name. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A program's thumbnail, and programs as files: export to JSON, import into another tenant. */
export const programFileRoutes =
  (storage: MediaStorage, service: ProgramService, bodyLimit: number): FastifyPluginAsyncZod =>
  async (app) => {
    const { services } = app;
    const db = services.db;
    const view = { access: { permission: "content:program:view" as const } };

    app.get(
      "/a/api/program/thumb",
      { config: view, schema: { tags: ["program"], querystring: ProgramThumbQuery } },
      async (req, reply) => {
        const [row] = await db
          .select({ thumbMd5: programs.thumbMd5 })
          .from(programs)
          .where(and(eq(programs.id, req.query.id), programScope(actorOf(req))));
        if (!row?.thumbMd5) throw notFound("thumbnail", req.query.id);
        const etag = `"${row.thumbMd5}"`;
        // The address carries the version, and a new version draws a new image at a new address.
        reply
          .header("etag", etag)
          .header("cache-control", "private, max-age=31536000, immutable")
          .header("x-content-type-options", "nosniff")
          .type("image/webp");
        if (req.headers["if-none-match"] === etag) return reply.status(304).send();
        return reply.send(storage.read(row.thumbMd5));
      },
    );

    app.get(
      "/a/api/program/export",
      { config: view, schema: { tags: ["program"], querystring: IdQuery } },
      async (req, reply) => {
        const [row] = await findPrograms(db, actorOf(req), [req.query.id]);
        if (!row) throw notFound("program", req.query.id);
        const doc = row.doc as ProgramDoc;
        const ids = [...new Set(mediaUses(doc).map((u) => u.materialId))];
        const used = ids.length ? await db.select().from(materials).where(inArray(materials.id, ids)) : [];
        const file: ProgramExportFile = {
          format: PROGRAM_EXPORT_FORMAT,
          formatVersion: 1,
          exportedAt: services.clock.now().toISOString(),
          name: row.name,
          doc,
          // What identifies each medium in another tenant: its bytes (MD5 and size) or its address.
          media: used.map((m) => ({
            id: m.id,
            name: m.name,
            type: m.type,
            md5: m.md5,
            size: m.size,
            url: m.url,
          })),
        };
        return reply
          .header("content-disposition", attachment(`${row.name}.json`))
          .header("cache-control", "no-store")
          .type("application/json; charset=utf-8")
          .send(JSON.stringify(file, null, 2));
      },
    );

    app.post(
      "/a/api/program/import",
      {
        config: { access: { permission: "content:program:edit" } },
        bodyLimit,
        schema: { tags: ["program"], body: ProgramImportBody, response: { 200: ProgramCreatedResponse } },
      },
      async (req) => {
        const actor = actorOf(req);
        const { file } = req.body;
        const listed = new Map(file.media.map((m) => [m.id, m]));
        const wanted = [...new Set(mediaUses(file.doc).map((u) => u.materialId))];
        const entries = wanted.map((id) => listed.get(id));
        const md5s = entries.flatMap((m) => (m?.md5 ? [m.md5] : []));
        const urls = entries.flatMap((m) => (!m?.md5 && m?.url ? [m.url] : []));
        const matchOn = (c: SQL) =>
          db
            .select({
              id: materials.id,
              md5: materials.md5,
              size: materials.size,
              url: materials.url,
              type: materials.type,
            })
            .from(materials)
            .where(and(c, eq(materials.purpose, "library"), scope(actor, materials)))
            // An approved copy first, then the newest.
            .orderBy(desc(sql`${materials.reviewState} = 'approved'`), desc(materials.id));
        const candidates = [
          ...(md5s.length ? await matchOn(inArray(materials.md5, md5s)) : []),
          ...(urls.length
            ? await matchOn(and(isNotNull(materials.url), inArray(materials.url, urls)) as SQL)
            : []),
        ];
        const map = new Map<number, number>();
        const missing: string[] = [];
        wanted.forEach((id, i) => {
          const m = entries[i];
          const match = m
            ? candidates.find((c) =>
                m.md5
                  ? c.md5 === m.md5 && c.size === m.size
                  : c.md5 === null && c.url === m.url && c.type === m.type,
              )
            : undefined;
          if (match) map.set(id, match.id);
          else missing.push(m?.name ?? `#${id}`);
        });
        if (missing.length)
          throw badRequest("program.importMissing", { names: missing.join(", ") }, { missing });
        const doc = remapMaterials(file.doc, map);
        const media = await checkMedia(db, actor, doc, req.t.bind(req));
        const row = await service.create(actor, { name: req.body.name ?? file.name, doc, media }, req.log);
        req.audit.target = `program:${row.id}`;
        req.audit.detail = { imported: file.name, media: map.size };
        return {
          code: 0,
          msg: req.t("common.ok"),
          id: row.id,
          version: row.version,
          state: row.state,
          updateDate: row.updatedAt.toISOString(),
        };
      },
    );
  };
