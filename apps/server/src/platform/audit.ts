import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { auditLogs } from "../db/schema";
import { auditedAction } from "./access";
import { crashPoint } from "./crash-point";
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
    /** The call's audit row, written as pending before the handler ran (see the plugin). */
    auditId: number | null;
  }
}

/**
 * Every mutating API call leaves a row: who, what, target, when, from where, and the result. The row is
 * written as `pending` before the handler runs (after validation and the access check), and completed
 * before the answer leaves, so a caller that got its answer can read its own audit row. A process killed
 * between the two leaves the row pending; the process registry marks it `interrupted` once that process is
 * known dead, so no change is ever made without a row saying it was tried. A call refused before the
 * handler (bad input, no permission) gets its row when it is answered, as it changed nothing.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance, opts: { services: Services }) => {
    const { db, clock, reads, processes } = opts.services;
    app.decorateRequest("audit", null as unknown as AuditNote);
    app.decorateRequest("auditId", null);
    app.addHook("onRequest", async (req) => {
      req.audit = {};
      req.auditId = null;
    });
    // A call refused in an earlier onRequest hook (cross-site, no permission) never got its note.
    const who = (req: FastifyRequest) => ({
      officeId: req.actor?.officeId ?? req.audit?.officeId ?? null,
      userId: req.actor?.userId ?? req.audit?.userId ?? null,
      username: req.actor?.username ?? req.audit?.username ?? null,
    });
    // The read cache drops the audit list answers of the row's office only (a row of no office: all).
    const officesOf = (req: FastifyRequest) => {
      const officeId = who(req).officeId;
      return officeId === null ? null : [officeId];
    };
    app.addHook("preHandler", async (req) => {
      const url = req.routeOptions.url ?? req.url;
      const action = auditedAction(req.method, url, req.routeOptions.config);
      if (action === null) return;
      const [row] = await db
        .insert(auditLogs)
        .values({
          ...who(req),
          action,
          method: req.method,
          path: url,
          result: "pending",
          status: 0,
          ip: req.ip,
          userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null,
          processId: processes.id,
          createdAt: clock.now(),
        })
        .returning({ id: auditLogs.id });
      req.auditId = row?.id ?? null;
      reads.bump("audit_logs", officesOf(req));
    });
    app.addHook("onSend", async (req, reply, payload) => {
      const url = req.routeOptions.url ?? req.url;
      const action = auditedAction(req.method, url, req.routeOptions.config);
      if (action === null) return payload;
      crashPoint(`audit.answer ${url}`);
      // An anonymous call refused at the door changed nothing and names nobody.
      if (!req.actor && reply.statusCode === 401 && req.auditId === null) return payload;
      const note = req.audit ?? {};
      const outcome = {
        ...who(req),
        target: note.target?.slice(0, 500) ?? null,
        result: reply.statusCode < 400 && !note.refused ? ("ok" as const) : ("fail" as const),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        detail: note.detail ?? null,
      };
      try {
        if (req.auditId !== null) {
          await db
            .update(auditLogs)
            .set({ ...outcome, processId: null })
            .where(eq(auditLogs.id, req.auditId));
        } else {
          await db.insert(auditLogs).values({
            ...outcome,
            action,
            method: req.method,
            path: url,
            ip: req.ip,
            userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null,
            createdAt: clock.now(),
          });
        }
        reads.bump("audit_logs", officesOf(req));
      } catch (err) {
        req.log.error({ err }, "could not write the audit row");
      }
      return payload;
    });
    // Calls a dead process was running: their end is unknown.
    processes.onReap(async (dead) => {
      await db
        .update(auditLogs)
        .set({ result: "interrupted", processId: null })
        .where(and(eq(auditLogs.result, "pending"), inArray(auditLogs.processId, dead)));
      reads.bump("audit_logs");
    });
  },
  { name: "audit" },
);
