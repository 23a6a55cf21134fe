import { IdQuery, ProgramCreatedResponse, ProgramImportBody, ProgramThumbQuery } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { binaryResponse } from "../../platform/download";
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

/**
 * A program's thumbnail, and programs as files: export to JSON, import into
 * another tenant. The thumbnail and the export answer bytes, not JSON: they
 * declare no response schema.
 */
export const programFileRoutes =
  (service: ProgramService, bodyLimit: number): FastifyPluginAsyncZod =>
  async (app) => {
    const { storage } = app.services;
    const view = { access: { permission: "content:program:view" as const } };
    const tags = ["program"];

    app.get(
      "/a/api/program/thumb",
      {
        config: view,
        schema: {
          tags,
          querystring: ProgramThumbQuery,
          response: binaryResponse("the program's thumbnail", ["image/webp"]),
        },
      },
      async (req, reply) => {
        const md5 = await service.thumb(actorOf(req), req.query.id);
        const etag = `"${md5}"`;
        // The address carries the version, and a new version draws a new image at a new address.
        reply
          .header("etag", etag)
          .header("cache-control", "private, max-age=31536000, immutable")
          .header("x-content-type-options", "nosniff")
          .type("image/webp");
        if (req.headers["if-none-match"] === etag) return reply.status(304).send();
        return reply.send(await storage.read(md5));
      },
    );

    app.get(
      "/a/api/program/export",
      {
        config: view,
        schema: {
          tags,
          querystring: IdQuery,
          response: binaryResponse("the program file, JSON text", ["application/json"]),
        },
      },
      async (req, reply) => {
        const file = await service.exportOf(actorOf(req), req.query.id);
        return reply
          .header("content-disposition", attachment(`${file.name}.json`))
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
        schema: { tags, body: ProgramImportBody, response: { 200: ProgramCreatedResponse } },
      },
      async (req) => {
        const { file, name } = req.body;
        const { row, matched } = await service.importFile(actorOf(req), file, name, req.t.bind(req), req.log);
        req.audit.target = `program:${row.id}`;
        req.audit.detail = { imported: file.name, media: matched };
        return {
          id: row.id,
          version: row.version,
          state: row.state,
          updateDate: row.updatedAt.toISOString(),
        };
      },
    );
  };
