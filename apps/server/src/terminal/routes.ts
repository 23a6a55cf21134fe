import websocket from "@fastify/websocket";
import { Envelope, SCREENSHOT_KINDS, type ScreenshotKind } from "@marquee/contracts";
import { Manifest, RegisterBody, RegisterResponse, TERMINAL_PATHS } from "@marquee/terminal-protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuditNote, finishedAuditRow } from "../platform/audit";
import { binaryResponse } from "../platform/download";
import { AppError, badRequest, notFound } from "../platform/errors";
import { sniffMedia } from "../platform/media-sniff";
import type { MediaStorage } from "../platform/storage";
import { requireTerminal, terminalByToken } from "./auth";
import type { TerminalSnapshot } from "./connection";
import { acceptSocket, MAX_FRAME_BYTES } from "./gateway";
import type { TerminalHub } from "./hub";
import { registerTerminal } from "./register";
import { commandArgs, packageById, saveScreenshot } from "./repo";

/** The largest screenshot a terminal may upload. */
const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
const SCREENSHOT_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);
/** How long sockets get to close by themselves when the server stops, before they are cut. */
const CLOSE_GRACE_MS = 1000;

/** The registration's answer: the terminal's id, its token and its state, in the envelope. */
const RegisterAnswer = RegisterResponse.extend(Envelope.shape);
/** The manifest's answer: the envelope and the manifest's fields. */
const ManifestResponse = Envelope.extend(Manifest.shape);
/** The screenshot upload's answer: the stored picture's MD5. */
const ScreenshotResponse = Envelope.extend({ md5: z.string() });

/** Whether an If-None-Match header names this ETag (lists and weak tags included). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*");
}

/** 304 Not Modified, with no body (a route's declared answers are its 200 ones). */
function notModified(reply: FastifyReply) {
  return reply.status(304).send();
}

/** Serves a stored file (by MD5) with ETag, Range and the given cache policy; 404 when it is not on disk. */
async function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  md5: string,
  mime: string | null,
  cacheControl: string,
) {
  const size = await storage.size(md5);
  if (size === null) throw notFound("file", md5);
  const etag = `"${md5}"`;
  // On a bucket the bytes come from there: a redirect to a short-lived signed URL (Range works on it).
  if (!matches(req.headers["if-none-match"], etag)) {
    const direct = await storage.mediaUrl(md5, mime);
    if (direct)
      return reply.header("cache-control", `private, max-age=${direct.maxAge}`).redirect(direct.url, 302);
  }
  reply
    .header("etag", etag)
    .header("accept-ranges", "bytes")
    .header("cache-control", cacheControl)
    .header("x-content-type-options", "nosniff")
    .type(mime ?? "application/octet-stream");
  if (matches(req.headers["if-none-match"], etag)) return notModified(reply);
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ""));
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) {
      return reply.status(416).header("content-range", `bytes */${size}`).send();
    }
    return reply
      .status(206)
      .header("content-range", `bytes ${start}-${end}/${size}`)
      .header("content-length", String(end - start + 1))
      .send(await storage.read(md5, { start, end }));
  }
  return reply.header("content-length", String(size)).send(await storage.read(md5));
}

/** Reads a raw image body (a stream from the image/* parser) up to `max` bytes (413 beyond). */
async function readBody(req: FastifyRequest, max: number): Promise<Buffer> {
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
    if (size > max) throw new AppError(413, "common.payloadTooLarge", { limit: `${max / 1024 / 1024} MB` });
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

/**
 * The terminals' own calls under /apm-web/t/: open as far as sessions go (a
 * cookie opens nothing here); each authenticates the terminal by its bearer
 * token, the socket by `?token=`. Registration is rate-limited like the other
 * open calls.
 */
export const terminalRoutes =
  (hub: TerminalHub, storage: MediaStorage): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = app.services;
    // Bearer tokens, not cookies: no browser session can ride these calls, so no cross-site check.
    const open = { open: true, csrf: false } as const;
    const openLimit = { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 };

    await app.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      errorHandler: (err, socket) => {
        app.log.debug({ err }, "terminal socket error");
        socket.terminate();
      },
      preClose: async () => {
        // Going away: every socket is told (1001), then cut if it does not close in time.
        hub.markAllGone();
        const wss = app.websocketServer;
        for (const s of wss.clients) s.close(1001, "server stopping");
        const until = Date.now() + CLOSE_GRACE_MS;
        while (wss.clients.size && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        for (const s of wss.clients) s.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      },
    });
    // Screenshots arrive as raw image bytes, read (with a limit) by the route.
    app.addContentTypeParser(/^image\//, (_req, payload, done) => done(null, payload));

    app.post(
      TERMINAL_PATHS.register,
      {
        // The audit row is written with the enrolment, in its transaction (many calls' rows in one statement).
        config: { access: open, rateLimit: openLimit, auditWithChange: true },
        schema: { tags: ["terminal"], body: RegisterBody, response: { 200: RegisterAnswer } },
      },
      async (req, reply) => {
        const note = (row: { id: number; officeId: number }, rotated: boolean): AuditNote => ({
          target: `terminal:${row.id}`,
          officeId: row.officeId,
          detail: { deviceId: req.body.deviceId, rotated },
        });
        const { row, token, rotated, auditId } = await registerTerminal(
          app.services,
          hub,
          req.body,
          (r, rot) => finishedAuditRow(req, reply, note(r, rot)),
        );
        Object.assign(req.audit, note(row, rotated));
        req.auditId = auditId;
        return { terminalId: row.id, token, state: row.state, enrolCode: row.enrolCode };
      },
    );

    app.get(
      TERMINAL_PATHS.manifest,
      { config: { access: open }, schema: { tags: ["terminal"], response: { 200: ManifestResponse } } },
      async (req, reply) => {
        // The terminal from the hub's token cache, dropped at once when it is deleted, moved or given a new token.
        const terminal = await requireTerminal(db, req, { authorised: true, tokens: hub.tokens });
        const manifest = await hub.manifestFor(terminal);
        if (!manifest) throw new AppError(403, "gateway.notAuthorised", { state: terminal.state });
        const etag = `"${manifest.version}"`;
        reply.header("etag", etag).header("cache-control", "no-cache");
        // Taken now, or already held (304): either way the terminal has what this manifest carries.
        hub.markTaken(terminal.id, manifest);
        if (matches(req.headers["if-none-match"], etag)) return notModified(reply);
        // Serialised once for every screen it shares all but its version, id and name with (the envelope
        // included), not once per screen: sent as UTF-8 bytes, as they stand.
        const json = hub.bodies.json(
          terminal.officeId,
          req.t("common.ok"),
          manifest,
          hub.manifests.sharedKey(manifest),
        );
        return (reply as FastifyReply).type("application/json; charset=utf-8").send(json);
      },
    );

    app.get(
      `${TERMINAL_PATHS.media}:hash`,
      {
        config: { access: open },
        schema: {
          tags: ["terminal"],
          params: z.strictObject({ hash: z.string().regex(/^[0-9a-f]{32}$/) }),
          response: binaryResponse("a media file of the screen's manifest (ranges answered)", [
            "image/*",
            "video/*",
            "audio/*",
            "application/octet-stream",
          ]),
        },
      },
      async (req, reply) => {
        const terminal = await requireTerminal(db, req, { authorised: true });
        const manifest = await hub.manifestFor(terminal);
        // Only what this terminal's manifest lists: no other terminal's or tenant's files.
        const media = manifest?.media.find((m) => m.hash === req.params.hash);
        if (!media) throw notFound("media", req.params.hash);
        return sendStored(
          req,
          reply,
          storage,
          media.hash,
          media.mime,
          "private, max-age=31536000, immutable",
        );
      },
    );

    // A player update package (update command): only to authorised terminals of the package's tenant.
    app.get(
      "/t/package/:id",
      {
        config: { access: open },
        schema: {
          tags: ["terminal"],
          params: z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: binaryResponse("a player update package", ["application/octet-stream"]),
        },
      },
      async (req, reply) => {
        const terminal = await requireTerminal(db, req, { authorised: true });
        const pkg = await packageById(db, req.params.id);
        // A package serves the screens of the tenant that uploaded it.
        if (!pkg || !(await app.services.tree.sameTenant(pkg.officeId, terminal.officeId)))
          throw notFound("package", req.params.id);
        reply.header("x-content-sha256", pkg.sha256);
        return sendStored(
          req,
          reply,
          storage,
          pkg.md5,
          "application/octet-stream",
          "private, max-age=31536000, immutable",
        );
      },
    );

    app.post(
      TERMINAL_PATHS.screenshot,
      {
        config: { access: open },
        bodyLimit: SCREENSHOT_MAX_BYTES,
        schema: {
          tags: ["terminal"],
          querystring: z.strictObject({
            commandId: z.string().min(1).max(64).optional(),
            /** A picture taken of the terminal's own accord (no command): its kind, scheduled when absent. */
            kind: z.enum(["scheduled", "monitor"]).optional(),
            // Screen truth: what the player was showing when it drew the picture (older players send none).
            programId: z.coerce.number().int().positive().optional(),
            sceneId: z.string().min(1).max(64).optional(),
            shownAt: z.coerce.number().int().positive().optional(),
            screen: z.enum(["on", "off"]).optional(),
            manifest: z.string().min(1).max(128).optional(),
          }),
          response: { 200: ScreenshotResponse },
        },
      },
      async (req) => {
        const terminal = await requireTerminal(db, req, { authorised: true });
        const length = Number(req.headers["content-length"] ?? 0);
        if (length > SCREENSHOT_MAX_BYTES) {
          throw new AppError(413, "common.payloadTooLarge", {
            limit: `${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`,
          });
        }
        const bytes = await readBody(req, SCREENSHOT_MAX_BYTES);
        const kind = sniffMedia(bytes.subarray(0, 4096));
        if (!kind || !SCREENSHOT_TYPES.has(kind.mime)) throw badRequest("gateway.screenshotInvalid");
        const commandId = req.query.commandId;
        // How the picture is filed: the command's kind (an operator's when it names none), else the terminal's own.
        let shotKind: ScreenshotKind = req.query.kind ?? "scheduled";
        if (commandId) {
          const args = await commandArgs(db, terminal.id, commandId);
          if (!args) throw notFound("command", commandId);
          const named = args.kind;
          shotKind = SCREENSHOT_KINDS.find((k) => k === named) ?? "manual";
        }
        const md5 = await storage.putBuffer(bytes);
        const { programId, sceneId, shownAt, screen, manifest } = req.query;
        const shown = {
          programId: programId ?? null,
          sceneId: sceneId ?? null,
          shownAt: shownAt === undefined ? null : new Date(shownAt),
          screenOn: screen === undefined ? null : screen === "on",
          manifestVersion: manifest ?? null,
        };
        await saveScreenshot(db, terminal, { kind: shotKind, md5, at: clock.now(), commandId, shown });
        req.audit.target = `terminal:${terminal.id}`;
        req.audit.officeId = terminal.officeId;
        req.audit.detail = { md5, size: bytes.length, kind: shotKind, ...(commandId ? { commandId } : {}) };
        return { md5 };
      },
    );

    // The socket. The token is checked before the upgrade; an unknown one is refused after it
    // (close code CLOSE_REFUSED), so the client knows not to retry with it.
    const byRequest = new WeakMap<FastifyRequest, { terminal: TerminalSnapshot | null; mark: number }>();
    app.route({
      method: "GET",
      url: TERMINAL_PATHS.ws,
      config: { access: open },
      // The token travels in the address (browsers cannot set headers on a WebSocket): no request log lines at info.
      logLevel: "warn",
      schema: { tags: ["terminal"], querystring: z.strictObject({ token: z.string().max(512).optional() }) },
      preHandler: async (req) => {
        if (!req.ws) return;
        const { token } = req.query as { token?: string };
        // Taken before the row is read: a notice sent from now until the socket is held reaches it (catchUp).
        const mark = hub.noticeMark();
        byRequest.set(req, { terminal: token ? await terminalByToken(db, token) : null, mark });
      },
      handler: async () => {
        throw new AppError(426, "gateway.upgradeRequired");
      },
      wsHandler: (socket, req) => {
        const read = byRequest.get(req);
        acceptSocket(hub, socket, read?.terminal ?? null, read?.mark ?? 0, req.ip, app.log, req.raw.socket);
      },
    });
  };
