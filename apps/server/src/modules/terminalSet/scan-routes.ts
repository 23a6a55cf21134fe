import {
  AutoScanBody,
  AutoScanInfoQuery,
  AutoScanInfoResponse,
  AutoScanResponse,
  type ScannedTerminal,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { FieldErrors } from "../../platform/errors";
import { waitingTerminals } from "./repo";

/** A scan's id carries the instant it began (base 36 ms): nothing to store. */
const scanIdOf = (since: number) => `s${since.toString(36)}`;

/**
 * Finding new screens: terminals waiting for authorisation. The
 * platform's users see every waiting terminal; anyone else sees those that
 * connect from their own address (the same site behind one NAT: "on your
 * network"), so no tenant learns of another's screens. Then POST
 * terminal/authorize claims one by its code.
 */
export const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["terminalSet"];
  const authorize = { access: { permission: "terminal:device:authorize" as const } };

  const waiting = (req: FastifyRequest, since: Date | null): Promise<ScannedTerminal[]> =>
    waitingTerminals(db, actorOf(req), req.ip, since);

  app.post(
    "/a/api/terminalSet/autoScanTerminal",
    // A read that the spec makes a POST (the scan's id is its start time): no audit row.
    {
      config: { ...authorize, audit: false },
      schema: { tags, body: AutoScanBody, response: { 200: AutoScanResponse } },
    },
    async (req) => {
      const since = services.clock.now();
      const scanId = scanIdOf(since.getTime());
      return {
        scanId,
        since: since.toISOString(),
        list: await waiting(req, null),
      };
    },
  );

  app.get(
    "/a/api/terminalSet/getAutoScanTerminalInfo",
    {
      config: authorize,
      schema: { tags, querystring: AutoScanInfoQuery, response: { 200: AutoScanInfoResponse } },
    },
    async (req) => {
      const ms = Number.parseInt(req.query.scanId.slice(1), 36);
      if (!Number.isSafeInteger(ms) || ms > services.clock.now().getTime() + 60_000)
        throw new FieldErrors([{ field: "scanId", key: "validation.format" }]);
      const since = new Date(ms);
      return {
        scanId: req.query.scanId,
        since: since.toISOString(),
        list: await waiting(req, since),
      };
    },
  );
};
