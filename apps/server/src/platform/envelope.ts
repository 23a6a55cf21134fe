import { API_PREFIX, type MessageKey } from "@marquee/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { isDiskFull } from "./disk";
import { AppError, FieldErrors, lostRace } from "./errors";
import { isMessageKey } from "./i18n";
import { answerJson } from "./read-cache";

type Issue = z.core.$ZodIssue;

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function nulPath(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nulPath(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Fastify's validator: zod parse with the input kept, so "missing" and "wrong type" can be told apart. */
export function zodValidatorCompiler({ schema }: { schema: unknown }) {
  return (data: unknown) => {
    const nul = nulPath(data);
    if (nul) {
      return {
        error: new z.ZodRealError([{ code: "custom", path: nul, message: "validation.format", input: data }]),
      };
    }
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  };
}

/**
 * Responses are declared for the OpenAPI document; they are not re-validated on the hot path. The parts of
 * an answer that come from the read cache are serialised once, and an answer around one of them is encoded
 * once (answerJson answers its UTF-8 Buffer, which Fastify sends as it is).
 */
export function jsonSerializerCompiler() {
  return answerJson as (data: unknown) => string;
}

function issueMessage(req: FastifyRequest, issue: Issue): string {
  if (isMessageKey(issue.message)) return req.t(issue.message);
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? req.t("validation.required")
        : req.t("validation.type", { expected: issue.expected });
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return req.t(min <= 1 ? "validation.required" : "validation.tooShort", { min });
      if (issue.origin === "array" || issue.origin === "set") return req.t("validation.tooFewItems", { min });
      return req.t("validation.tooSmall", { min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return req.t("validation.tooLong", { max });
      if (issue.origin === "array" || issue.origin === "set")
        return req.t("validation.tooManyItems", { max });
      return req.t("validation.tooBig", { max });
    }
    case "invalid_format":
      return req.t(issue.format === "email" ? "validation.email" : "validation.format");
    case "invalid_value":
      return req.t("validation.enum", { options: issue.values.map(String).join(", ") });
    case "unrecognized_keys":
      return req.t("validation.unknownField", { key: issue.keys.join(", ") });
    case "invalid_union": {
      const first = issue.errors.flat()[0];
      return first ? issueMessage(req, { ...first, path: issue.path } as Issue) : req.t("validation.invalid");
    }
    default:
      return req.t("validation.invalid");
  }
}

/** How far a bound lets a value go, lower being tighter: a maximum as it is, a minimum negated. */
const reach = (issue: Issue): number | undefined =>
  issue.code === "too_big"
    ? Number(issue.maximum)
    : issue.code === "too_small"
      ? -Number(issue.minimum)
      : undefined;

/**
 * Of a field's several bounds of one kind, the tightest: a number past both an integer's safe bound and
 * the field's own maximum (`pageNo` of 20 digits) is told the field's maximum once.
 */
function tightestBounds(issues: Issue[]): Issue[] {
  const kept: Issue[] = [];
  for (const issue of issues) {
    const mine = reach(issue);
    const at =
      mine === undefined ? -1 : kept.findIndex((k) => k.code === issue.code && fieldOf(k) === fieldOf(issue));
    const theirs = kept[at];
    if (theirs === undefined) kept.push(issue);
    else if (mine !== undefined && mine < (reach(theirs) ?? Number.POSITIVE_INFINITY)) kept[at] = issue;
  }
  return kept;
}

function fieldOf(issue: Issue): string {
  return issue.path.length > 0 ? issue.path.join(".") : "body";
}

/** Connection-level database failures (a restart, a network cut): the caller may simply try again. */
const DB_DOWN_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "ECONNREFUSED",
  "ECONNRESET",
]);
function isDatabaseDown(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DB_DOWN_CODES.has(code)) return true;
    // pg-pool's words when no pooled connection frees up in time (a reconnect storm holds them all).
    const message = String((e as Error).message);
    if (/Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** Whether a route's declared answer (its 200 response schema) is an envelope: an object with a `code`. */
function declaresEnvelope(reply: FastifyReply): boolean {
  const response = (reply.routeOptions.schema as { response?: Record<string, unknown> } | undefined)
    ?.response;
  const shape = (response?.["200"] as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && "code" in shape;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The success envelope around an answer's data: `code: 0` and `msg` first, as the handlers once wrote them.
 * Only the envelope hook below and an answer serialised ahead of time (a terminal's manifest) build it.
 */
export const successEnvelope = <T extends object>(msg: string, data: T) => ({
  code: 0 as const,
  msg,
  ...data,
});

/**
 * Answers every error as `{code, msg, ...}` in the caller's language; unexpected ones as 500 with a request id.
 * A handler of a route whose answer is an envelope returns only its data (and `msg` when it has its own
 * message): the success fields `code: 0` and `msg` ("common.ok" in the caller's language) are added here,
 * first, as the handlers once wrote them. An answer that already has a `code` is left as it is.
 */
export const envelopePlugin = fp(async (app: FastifyInstance, opts: { consoleIndex?: () => Buffer }) => {
  app.addHook("preSerialization", async (req, reply, payload: unknown) => {
    if (!isPlainObject(payload) || "code" in payload || !declaresEnvelope(reply)) return payload;
    return successEnvelope(req.t("common.ok"), payload);
  });

  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof AppError) {
      const msg = req.t(err.key, err.values);
      return send(reply, err.status, { code: err.status, msg, ...err.extra });
    }
    if (err instanceof z.ZodError) {
      const errors = tightestBounds(err.issues).map((issue) => ({
        field: fieldOf(issue),
        message: issueMessage(req, issue),
      }));
      const first = errors[0];
      const msg = first ? req.t("validation.failed", { field: first.field, message: first.message }) : "";
      return send(reply, 400, { code: 400, msg, errors });
    }
    if (err instanceof FieldErrors) {
      const errors = err.fields.map((f) => ({ field: f.field, message: req.t(f.key, f.values) }));
      const first = errors[0];
      const msg = first ? req.t("validation.failed", { field: first.field, message: first.message }) : "";
      return send(reply, 400, { code: 400, msg, errors });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 413) {
      return send(reply, 413, {
        code: 413,
        msg: req.t("common.payloadTooLarge", { limit: `${app.initialConfig.bodyLimit} B` }),
      });
    }
    if (status === 415) {
      return send(reply, 415, {
        code: 415,
        msg: req.t("common.unsupportedMediaType", { type: String(req.headers["content-type"] ?? "") }),
      });
    }
    if (status === 429) {
      return send(reply, 429, { code: 429, msg: req.t("common.tooManyRequests", { seconds: 60 }) });
    }
    if (status >= 400 && status < 500) {
      const key: MessageKey = fe.code?.startsWith("FST_ERR_CTP") ? "validation.body" : "common.badRequest";
      return send(reply, status, { code: status, msg: req.t(key, { reason: fe.message }) });
    }
    if (isDiskFull(err)) {
      req.log.warn({ err }, "the data disk is full");
      return send(reply, 507, { code: 507, msg: req.t("common.storageFull", { free: "0 B" }) });
    }
    if (isDatabaseDown(err)) {
      req.log.warn({ err }, "the database is unreachable");
      return send(reply, 503, { code: 503, msg: req.t("common.unavailable"), requestId: String(req.id) });
    }
    if (lostRace(err)) {
      req.log.warn({ err }, "a write lost a race with another");
      return send(reply, 409, { code: 409, msg: req.t("common.conflictRetry") });
    }
    req.log.error({ err }, "unexpected error");
    return send(reply, 500, {
      code: 500,
      msg: req.t("common.internalError", { requestId: String(req.id) }),
      requestId: String(req.id),
    });
  });

  app.setNotFoundHandler((req, reply) => {
    // The console routes in the browser: any other page address gets its index.html, and so does a
    // browser's visit of a console page whose address lies under the API's prefix.
    if (
      opts.consoleIndex &&
      req.method === "GET" &&
      ((!req.url.startsWith(API_PREFIX) && !req.url.startsWith("/player")) || isConsolePageVisit(req))
    ) {
      return reply
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(opts.consoleIndex());
    }
    return send(reply, 404, {
      code: 404,
      msg: req.t("common.notFound", { path: req.url.split("?")[0] ?? "" }),
    });
  });
});

/**
 * The console's pages whose address lies under the API's prefix: the menu's `apm-web/a` entry (spec §2).
 * The API has no call there, so a browser opening the address directly gets the console, while any other
 * caller (a fetch asking for JSON) still gets the API's 404.
 */
const CONSOLE_PAGES_UNDER_API = new Set([`${API_PREFIX}/a`, `${API_PREFIX}/a/`]);

/** A browser's page load (it asks for HTML) of one of CONSOLE_PAGES_UNDER_API. */
export function isConsolePageVisit(req: { url: string; headers: { accept?: string } }): boolean {
  const path = req.url.split("?")[0] ?? "";
  return CONSOLE_PAGES_UNDER_API.has(path) && (req.headers.accept ?? "").includes("text/html");
}
