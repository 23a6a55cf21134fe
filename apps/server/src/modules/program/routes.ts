import {
  IdQuery,
  OkResponse,
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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { dataSourceRoutes } from "./data-routes";
import { programFileRoutes } from "./file-routes";
import type { ProgramRow } from "./repo";
import { publishProgramReviewRoutes } from "./review-routes";
import { ProgramService } from "./service";
import { programStateRoutes } from "./state-routes";

/** The answer of a call that wrote a program. */
const saved = (r: ProgramRow) => ({
  id: r.id,
  version: r.version,
  state: r.state,
  updateDate: r.updatedAt.toISOString(),
});

/**
 * Programs: program production and management under
 * /a/api/program/, range-scoped like materials (the creator's office and,
 * for "own" ranges, the creator).
 */
export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ProgramService(app.services);
  const view = { access: { permission: "content:program:view" as const } };
  const edit = { access: { permission: "content:program:edit" as const } };
  // A document of 200 scenes is larger than the default body limit.
  const docBodyLimit = 8 * 1024 * 1024;
  const tags = ["program"];

  app.get(
    "/a/api/program/list",
    {
      config: view,
      schema: { tags, querystring: ProgramListQuery, response: { 200: ProgramListResponse } },
    },
    async (req) => service.page(actorOf(req), req.query),
  );

  app.get(
    "/a/api/program/detail",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: ProgramDetailResponse } } },
    async (req) => service.detail(actorOf(req), req.query.id),
  );

  app.post(
    "/a/api/program/save",
    {
      config: edit,
      bodyLimit: docBodyLimit,
      schema: { tags, body: ProgramSaveBody, response: { 200: ProgramSaveResponse } },
    },
    async (req) => {
      const { id, force } = req.body;
      if (id !== undefined) req.audit.target = `program:${id}`;
      const row = await service.save(actorOf(req), req.body, req.t.bind(req), req.log);
      req.audit.target = `program:${row.id}`;
      req.audit.detail = { version: row.version, ...(force ? { force } : {}) };
      return saved(row);
    },
  );

  app.post(
    "/a/api/program/copy",
    { config: edit, schema: { tags, body: ProgramCopyBody, response: { 200: ProgramCreatedResponse } } },
    async (req) => {
      const row = await service.copy(actorOf(req), req.body.id, req.body.name, req.t.bind(req), req.log);
      req.audit.target = `program:${req.body.id}`;
      req.audit.detail = { copy: row.id };
      return saved(row);
    },
  );

  app.post(
    "/a/api/program/rename",
    { config: edit, schema: { tags, body: ProgramRenameBody, response: { 200: OkResponse } } },
    async (req) => {
      const { id, name } = req.body;
      req.audit.target = `program:${id}`;
      await service.rename(actorOf(req), id, name);
      return {};
    },
  );

  app.post(
    "/a/api/program/delete",
    {
      config: { access: { permission: "content:program:delete" } },
      schema: { tags, body: ProgramIdsBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const ids = req.body.ids;
      req.audit.target = `program:${ids.join(",")}`;
      // A program named by a plan, or published, plays or may play on screens (409).
      await service.delete(actorOf(req), ids, req.log);
      return {};
    },
  );

  await app.register(programStateRoutes(service));
  await app.register(publishProgramReviewRoutes(service));
  await app.register(programFileRoutes(service, docBodyLimit));
  await app.register(dataSourceRoutes);
};
