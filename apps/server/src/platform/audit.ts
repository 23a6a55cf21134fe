import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { auditLogs } from "../db/schema";
import { auditedAction } from "./access";
import type { Services } from "./services";

/** What a handler adds to its audit row: the target, details, and who it was when no session says so. */
export interface AuditNote {
  target?: string;
  detail?: Record<string, unknown>;
  userId?: number;
  username?: string;
  officeId?: number;
  /** A refusal answered with HTTP 200 (a sign-in whose password must change first): logged as failed. */
  refused?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    audit: AuditNote;
  }
}

/**
 * Every mutating API call leaves a row: who, what, target, when, from where,
 * and the result. It is written before the answer leaves, so a caller that
 * got its answer can read its own audit row.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance, opts: { services: Services }) => {
    const { db, clock, reads } = opts.services;
    app.decorateRequest("audit", null as unknown as AuditNote);
    app.addHook("onRequest", async (req) => {
      req.audit = {};
    });
    app.addHook("onSend", async (req, reply, payload) => {
      const url = req.routeOptions.url ?? req.url;
      const action = auditedAction(req.method, url, req.routeOptions.config);
      if (action === null) return payload;
      // An anonymous call refused at the door changed nothing and names nobody.
      if (!req.actor && reply.statusCode === 401) return payload;
      const note = req.audit;
      try {
        await db.insert(auditLogs).values({
          officeId: req.actor?.officeId ?? note.officeId ?? null,
          userId: req.actor?.userId ?? note.userId ?? null,
          username: req.actor?.username ?? note.username ?? null,
          action,
          method: req.method,
          path: url,
          target: note.target?.slice(0, 500) ?? null,
          result: reply.statusCode < 400 && !note.refused ? "ok" : "fail",
          status: reply.statusCode,
          ip: req.ip,
          userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null,
          durationMs: Math.round(reply.elapsedTime),
          detail: note.detail ?? null,
          createdAt: clock.now(),
        });
        reads.bump("audit_logs");
      } catch (err) {
        req.log.error({ err }, "could not write the audit row");
      }
      return payload;
    });
  },
  { name: "audit" },
);
