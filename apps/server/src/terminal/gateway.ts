import type { Duplex } from "node:stream";
import {
  CLOSE_REFUSED,
  type ErrorFrame,
  PROTOCOL_VERSION,
  parseFrame,
  storedReason,
  TerminalFrame,
} from "@marquee/terminal-protocol";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { z } from "zod";
import { playEvents, terminalEvents, terminals } from "../db/schema";
import { TerminalConnection, type TerminalSnapshot } from "./connection";
import type { TerminalHub } from "./hub";

/** Frames larger than this are refused by the WebSocket itself (it closes with 1009). */
export const MAX_FRAME_BYTES = 256 * 1024;
/** A socket that has not said hello in this time is closed. */
const HELLO_TIMEOUT_MS = 30_000;
/** Close code for a hello of a protocol version the server does not speak. */
const CLOSE_VERSION = 1002;
/** An `info` event with this message clears the terminal's fault. */
export const FAULT_CLEARED = "fault cleared";

const FRAME_TYPES = new Set<string>(TerminalFrame.options.map((o) => o.shape.type.value));

type ErrorCode = z.infer<typeof ErrorFrame>["code"];

/**
 * Takes a socket the upgrade accepted. An unknown token or a disabled
 * terminal is closed at once with CLOSE_REFUSED; otherwise every frame is
 * parsed with the protocol's schemas, and one that fails gets an `error`
 * frame (and is counted) while the socket stays open.
 */
export function acceptSocket(
  hub: TerminalHub,
  socket: WebSocket,
  terminal: TerminalSnapshot | null,
  /** The hub's notice mark taken before `terminal` was read (see RecentNotices). */
  readMark: number,
  ip: string,
  log: FastifyBaseLogger,
  wire: Duplex | null = null,
): void {
  if (!terminal || terminal.state === "disabled") {
    hub.count("refused");
    socket.close(CLOSE_REFUSED, "refused");
    return;
  }
  const conn = new TerminalConnection(socket, terminal, ip, hub.now(), wire, readMark);
  const helloTimer = setTimeout(() => {
    if (!conn.welcomed) conn.close(1008, "no hello");
  }, HELLO_TIMEOUT_MS);
  helloTimer.unref();
  socket.on("message", (data, isBinary) => {
    conn.queue = conn.queue
      .then(() => handleFrame(hub, conn, data, isBinary, log))
      .catch((err) =>
        log.warn({ err, terminalId: conn.terminalId }, "a terminal frame could not be handled"),
      );
  });
  socket.on("close", () => {
    clearTimeout(helloTimer);
    hub.detach(conn);
  });
}

function textOf(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
}

/** Why a frame failed: not a known type ("unknown") or not valid ("malformed"), with a short explanation. */
function diagnose(text: string | null): { code: ErrorCode; message: string } {
  if (text === null) return { code: "malformed", message: "frames are JSON text, not binary" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { code: "malformed", message: "the frame is not JSON" };
  }
  const type = typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== "string" || !FRAME_TYPES.has(type)) {
    return { code: "unknown", message: `unknown frame type: ${String(type).slice(0, 40)}` };
  }
  const issue = TerminalFrame.safeParse(value).error?.issues[0];
  return {
    code: "malformed",
    message: issue ? `${type}.${issue.path.join(".")}: ${issue.message}` : `invalid ${type} frame`,
  };
}

/** A terminal's time stamp, or the server's when it is not plausible (before 2000 or a day ahead). */
function plausible(at: number, now: Date): Date {
  return at >= Date.UTC(2000, 0, 1) && at <= now.getTime() + 86_400_000 ? new Date(at) : now;
}

async function handleFrame(
  hub: TerminalHub,
  conn: TerminalConnection,
  data: RawData,
  isBinary: boolean,
  log: FastifyBaseLogger,
): Promise<void> {
  const text = textOf(data, isBinary);
  const frame = text === null ? null : parseFrame(TerminalFrame, text);
  if (!frame) {
    const { code, message } = diagnose(text);
    hub.count(code === "unknown" ? "unknown" : "malformed");
    log.debug({ terminalId: conn.terminalId, code, message }, "refused a terminal frame");
    conn.send({ type: "error", code, message });
    return;
  }
  if (frame.type !== "hello" && !conn.welcomed) {
    conn.send({ type: "error", code: "state", message: "send hello first" });
    return;
  }
  const { db, clock } = hub.services;
  if (frame.type !== "hello" && hub.framesWatched) hub.emitFrame(conn.terminalId, "in", frame);
  switch (frame.type) {
    case "hello": {
      if (frame.v !== PROTOCOL_VERSION) {
        conn.send({
          type: "error",
          code: "version",
          message: `this server speaks version ${PROTOCOL_VERSION}`,
        });
        conn.close(CLOSE_VERSION, "protocol version");
        return;
      }
      conn.lastBeatMs = clock.now().getTime();
      // Plans are read in the zone the player reports (unless an operator set one).
      if (frame.status.timezone)
        conn.terminal = { ...conn.terminal, reportedTimezone: frame.status.timezone };
      const [heartbeatSec, manifest, status] = await Promise.all([
        hub.heartbeatSec(),
        hub.manifests.forTerminal(conn.terminal),
        hub.checkStatus(conn, frame.status),
      ]);
      conn.status = status;
      conn.takesManifest = frame.takesManifest === true;
      const welcome = {
        type: "welcome" as const,
        terminalId: conn.terminalId,
        state: conn.state,
        // A heartbeat interval set on the terminal (terminalSet) wins over the system's.
        heartbeatSec: conn.ownHeartbeatSec ?? heartbeatSec,
        manifestVersion: manifest?.version ?? null,
        enrolCode: conn.terminal.enrolCode,
      };
      // A screen that reported holding another version gets its manifest with the welcome (when small
      // enough): a fleet reconnecting after a publication or a restart needs no manifest request.
      const carry = manifest && frame.status.manifestVersion !== manifest.version ? manifest : null;
      if (!hub.sendCarrying(conn, welcome, carry)) return;
      conn.toldVersion = manifest?.version ?? null;
      hub.attach(conn);
      // The welcome told it its manifest version: what was queued for it (or waited while it was away) is notified.
      if (manifest) hub.delivery.markNotified(conn.terminalId);
      // A state or sync notice sent since its row was read found no socket to tell: it is told now.
      await hub.catchUp(conn);
      return;
    }
    case "heartbeat":
      hub.beat(conn, await hub.checkStatus(conn, frame.status));
      return;
    case "delivery":
      // A reason with a known code is kept coded (the console translates it); an unknown code, as its words.
      hub.delivery.report(
        conn.terminalId,
        frame.items.map((i) => ({ ...i, reason: storedReason(i.reason, i.reasonCode, i.reasonValues) })),
      );
      return;
    case "ack":
      await hub.ack(conn, {
        ...frame,
        reason: storedReason(frame.reason, frame.reasonCode, frame.reasonValues),
      });
      return;
    case "event": {
      const at = plausible(frame.at, clock.now());
      // A message with a known code is kept coded, as reasons are (the console translates it); else its words.
      const message = storedReason(frame.message, frame.messageCode, frame.messageValues) ?? frame.message;
      await db.insert(terminalEvents).values({
        terminalId: conn.terminalId,
        officeId: conn.terminal.officeId,
        kind: frame.kind,
        message,
        at,
      });
      if (frame.kind === "fault") {
        await db
          .update(terminals)
          .set({ fault: message.slice(0, 500) })
          .where(eq(terminals.id, conn.terminalId));
      } else if (frame.kind === "info" && frame.message.trim().toLowerCase() === FAULT_CLEARED) {
        await db.update(terminals).set({ fault: null }).where(eq(terminals.id, conn.terminalId));
      }
      // The alarms keep the message as stored (coded when it came with a known code): they write it in the reader's language.
      await hub.emitTerminalEvent({ terminalId: conn.terminalId, kind: frame.kind, message, at });
      return;
    }
    case "progress":
      await hub.progress(conn, frame);
      return;
    case "log":
      // Only for whoever debugs this terminal (the frame listeners saw it above).
      return;
    case "clock":
      // Answered at once, on the real clock: players estimate their offset from it (synchronized broadcast).
      conn.send({ type: "clock", t0: frame.t0, server: Date.now() });
      return;
    case "wall":
      // Video walls: read by the wall module's frame listener (modules/wall/skew.ts), never stored.
      return;
    case "pop": {
      // Plays and clicks of content the terminal was not given are dropped (and counted), never stored.
      const items = await hub.keepGiven(conn, frame.items);
      if (!items.length) return;
      const now = clock.now();
      await db.insert(playEvents).values(
        items.map((i) => ({
          terminalId: conn.terminalId,
          officeId: conn.terminal.officeId,
          programId: i.programId,
          sceneId: i.sceneId,
          widgetId: i.widgetId,
          materialId: i.materialId,
          kind: i.kind,
          at: plausible(i.at, now),
          ms: i.ms,
        })),
      );
      return;
    }
  }
}
