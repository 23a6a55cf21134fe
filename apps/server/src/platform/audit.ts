import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { auditLogs } from "../db/schema";
import { auditedAction } from "./access";
import { crashPoint } from "./crash-point";
import type { Tx } from "./db";
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
    /** When the call reached its handler: the audit row's time. */
    auditAt: Date | null;
  }
  interface FastifyContextConfig {
    /**
     * The handler writes the call's audit row itself, finished, in the same transaction as its change
     * (`finishedAuditRow`, `insertAuditRows`): no pending row first, as none is needed for a change that
     * cannot be made without its row. Many calls' rows are then written in one statement.
     */
    auditWithChange?: boolean;
  }
}

/** An audit row as written (the insert's values). */
export type AuditRow = typeof auditLogs.$inferInsert;

/** Who a call was: the session's user, else what its handler noted. */
function who(req: FastifyRequest, note: AuditNote | undefined = req.audit) {
  return {
    officeId: req.actor?.officeId ?? note?.officeId ?? null,
    userId: req.actor?.userId ?? note?.userId ?? null,
    username: req.actor?.username ?? note?.username ?? null,
    tokenId: req.apiToken?.id ?? null,
  };
}

/** The row's outcome from the answer's status and the handler's note. */
function outcome(req: FastifyRequest, status: number, durationMs: number, note: AuditNote = req.audit ?? {}) {
  return {
    ...who(req, note),
    target: note.target?.slice(0, 500) ?? null,
    result: status < 400 && !note.refused ? ("ok" as const) : ("fail" as const),
    status,
    durationMs: Math.round(durationMs),
    detail: note.detail ?? null,
  };
}

/** What a call's row says of the call itself: its action, path and where it came from. */
function request(req: FastifyRequest, action: string) {
  return {
    action,
    method: req.method,
    path: req.routeOptions.url ?? req.url,
    ip: req.ip,
    userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null,
  };
}

/**
 * The finished row of a call of a route with `auditWithChange`, answering 200 with `note` (what its
 * handler will note in `req.audit`): the row the pending insert and its completion would leave, written by
 * the handler with its change. Should the answer end otherwise, the plugin corrects the row when it is sent.
 */
export function finishedAuditRow(
  req: FastifyRequest,
  reply: FastifyReply,
  note: AuditNote = req.audit,
): AuditRow {
  const action = auditedAction(req.method, req.routeOptions.url ?? req.url, req.routeOptions.config);
  if (action === null || !req.routeOptions.config.auditWithChange)
    throw new Error(`${req.method} ${req.url} does not write its audit row with its change`);
  return {
    ...request(req, action),
    ...outcome(req, 200, reply.elapsedTime, note),
    processId: null,
    createdAt: req.auditAt ?? new Date(),
  };
}

/**
 * Writes the rows of several calls in one statement (inside the transaction of their change); answers
 * their ids in the order given. One statement of fixed text whatever the count: each column travels as
 * one array.
 */
export async function insertAuditRows(db: Tx, rows: AuditRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const col = <T>(pick: (r: AuditRow) => T) => sql.param(rows.map(pick));
  const result = await db.execute<{ id: string | number }>(sql`
    insert into audit_logs (office_id, user_id, username, action, method, path, target, result, status, ip,
      user_agent, duration_ms, detail, process_id, created_at, token_id)
    select office_id, user_id, username, action, method, path, target, result, status, ip, user_agent,
      duration_ms, detail, process_id, created_at, token_id
    from unnest(${col((r) => r.officeId ?? null)}::int[], ${col((r) => r.userId ?? null)}::int[],
      ${col((r) => r.username ?? null)}::text[], ${col((r) => r.action)}::text[], ${col((r) => r.method)}::text[],
      ${col((r) => r.path)}::text[], ${col((r) => r.target ?? null)}::text[], ${col((r) => r.result)}::text[],
      ${col((r) => r.status)}::int[], ${col((r) => r.ip ?? null)}::text[], ${col((r) => r.userAgent ?? null)}::text[],
      ${col((r) => r.durationMs ?? 0)}::int[], ${col((r) => (r.detail == null ? null : JSON.stringify(r.detail)))}::jsonb[],
      ${col((r) => r.processId ?? null)}::uuid[], ${col((r) => (r.createdAt ?? new Date()).toISOString())}::timestamptz[],
      ${col((r) => r.tokenId ?? null)}::int[])
      with ordinality as r(office_id, user_id, username, action, method, path, target, result, status, ip,
        user_agent, duration_ms, detail, process_id, created_at, token_id, n)
    order by n
    returning id`);
  return result.rows.map((r) => Number(r.id));
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
    app.decorateRequest("auditAt", null);
    app.addHook("onRequest", (req, _reply, done) => {
      req.audit = {};
      req.auditId = null;
      req.auditAt = null;
      done();
    });
    // The read cache drops the audit list answers of the row's office only (a row of no office: all).
    const officesOf = (req: FastifyRequest) => {
      const officeId = who(req).officeId;
      return officeId === null ? null : [officeId];
    };
    /** The pending row of an audited call, written before its handler runs. */
    const begin = async (req: FastifyRequest, url: string, action: string) => {
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
    };
    // Callback style: the calls that are not audited (every read) pass without a promise.
    app.addHook("preHandler", (req, _reply, done) => {
      const url = req.routeOptions.url ?? req.url;
      const action = auditedAction(req.method, url, req.routeOptions.config);
      if (action === null) return done();
      // Its handler writes the row, finished, with its change.
      if (req.routeOptions.config.auditWithChange) {
        req.auditAt = clock.now();
        return done();
      }
      begin(req, url, action).then(() => done(), done);
    });
    /** The row of an audited call, finished with its answer's status. */
    const end = async (req: FastifyRequest, reply: FastifyReply, url: string, action: string) => {
      crashPoint(`audit.answer ${url}`);
      // An anonymous call refused at the door changed nothing and names nobody.
      if (!req.actor && reply.statusCode === 401 && req.auditId === null) return;
      const ended = outcome(req, reply.statusCode, reply.elapsedTime);
      try {
        // Written finished with the change, as a 200 (finishedAuditRow): only another end is corrected.
        const written =
          req.routeOptions.config.auditWithChange === true && ended.status === 200 && ended.result === "ok";
        if (req.auditId === null) {
          await db.insert(auditLogs).values({ ...ended, ...request(req, action), createdAt: clock.now() });
        } else if (!written) {
          await db
            .update(auditLogs)
            .set({ ...ended, processId: null })
            .where(eq(auditLogs.id, req.auditId));
        }
        reads.bump("audit_logs", officesOf(req));
      } catch (err) {
        req.log.error({ err }, "could not write the audit row");
      }
    };
    app.addHook("onSend", (req, reply, payload, done) => {
      const url = req.routeOptions.url ?? req.url;
      const action = auditedAction(req.method, url, req.routeOptions.config);
      if (action === null) return done(null, payload);
      end(req, reply, url, action).then(
        () => done(null, payload),
        (err: Error) => done(err),
      );
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
