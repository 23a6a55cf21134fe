import {
  DeleteOfficeBody,
  MoveOfficeBody,
  OfficeSaveBody,
  OfficeSaveResponse,
  OkResponse,
  OpenAgentBody,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { detailOf, findOffice } from "./repo";
import { deleteOffice, moveOffice, openAgent, saveOffice } from "./service";

/**
 * Institution writes: save (institutions, customers, agents), delete, move a
 * subtree, open an institution as an agent (/a/api/office/*); the rules and
 * transactions are in service.ts.
 */
export const officeWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["office"];

  app.post(
    "/a/api/office/save",
    {
      config: { access: { anyOf: ["sys:office:edit", "sys:customer:edit", "sys:office:openAgent"] } },
      schema: { tags, body: OfficeSaveBody, response: { 200: OfficeSaveResponse } },
    },
    async (req) => {
      const { id } = req.body;
      if (id !== undefined) req.audit.target = `office:${id}`;
      const row = await saveOffice(services, req.t.bind(req), actorOf(req), req.body);
      req.audit.target = `office:${row.id}`;
      req.audit.detail = {
        name: row.name,
        type: row.type,
        parentId: row.parentId,
        ...(id === undefined ? { created: true } : {}),
      };
      return { office: await detailOf(db, row, services.clock.now()) };
    },
  );

  app.post(
    "/a/api/office/deleteOffice",
    {
      config: { access: { anyOf: ["sys:office:delete", "sys:customer:delete"] } },
      schema: { tags, body: DeleteOfficeBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await findOffice(db, actor, req.body.id);
      req.audit.target = `office:${row.id}`;
      req.audit.detail = { name: row.name, type: row.type };
      await deleteOffice(services, req.t.bind(req), req.locale, actor, row);
      return {};
    },
  );

  app.post(
    "/a/api/office/moveinstitude",
    {
      config: { access: { anyOf: ["sys:office:edit", "sys:customer:edit", "sys:office:openAgent"] } },
      schema: { tags, body: MoveOfficeBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, parentId } = req.body;
      const node = await findOffice(db, actor, id);
      req.audit.target = `office:${node.id}`;
      req.audit.detail = { name: node.name, from: node.parentId, to: parentId };
      await moveOffice(services, req.log, actor, node, parentId);
      return {};
    },
  );

  app.post(
    "/a/api/office/openAgentOffice",
    {
      config: { access: { permission: "sys:office:openAgent" } },
      schema: { tags, body: OpenAgentBody, response: { 200: OfficeSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const node = await findOffice(db, actor, req.body.id);
      req.audit.target = `office:${node.id}`;
      req.audit.detail = { name: node.name };
      const row = await openAgent(services, req.t.bind(req), req.log, actor, node, req.body);
      return { office: await detailOf(db, row, services.clock.now()) };
    },
  );
};
