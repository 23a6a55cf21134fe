import { TerminalStatus } from "@marquee/terminal-protocol";
import { z } from "zod";
import { Envelope, zId } from "./common";
import { CommandOutcome } from "./terminal";

/**
 * Terminal debugging (spec §2 "debugging"): for administrators
 * (terminal:device:debug). The live frames and log of one terminal over a
 * WebSocket, its recent commands and events, and raw commands sent without
 * the argument checks of the ordinary calls.
 */

/** GET ws?terminalId (the console's WebSocket), GET recent?terminalId. */
export const DebugTerminalQuery = z.strictObject({ terminalId: zId });

/** What a raw command may be called (the protocol's names and any a newer player understands). */
export const DEBUG_COMMAND_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
/** The largest raw command arguments, as JSON text (UTF-8 bytes). */
export const DEBUG_ARGS_MAX_BYTES = 8 * 1024;

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** POST send: a raw command to one terminal; `args` is passed on unchecked (an object of at most 8 KB). */
export const DebugSendBody = z.strictObject({
  terminalId: zId,
  name: z.string().regex(DEBUG_COMMAND_NAME),
  args: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((a) => jsonBytes(a) <= DEBUG_ARGS_MAX_BYTES, { message: "debug.argsTooLarge" }),
  /** How long the terminal has to answer (ms, default 30 s). */
  timeoutMs: z.coerce.number().int().min(1000).max(600_000).optional(),
});
export type DebugSendBody = z.infer<typeof DebugSendBody>;

export const DebugSendResponse = Envelope.extend({ outcome: CommandOutcome });

/** GET recent: the terminal as it stands, its latest commands and events (newest first). */
export const DebugRecentResponse = Envelope.extend({
  terminal: z.object({
    id: z.number(),
    name: z.string(),
    state: z.string(),
    online: z.boolean(),
    /** This server process holds its socket. */
    held: z.boolean(),
    lastSeenAt: z.string().nullable(),
    reported: TerminalStatus.nullable(),
  }),
  commands: z.array(CommandOutcome),
  events: z.array(z.object({ kind: z.string(), message: z.string(), at: z.string() })),
});
export type DebugRecentResponse = z.infer<typeof DebugRecentResponse>;

/** A frame between the terminal and the server, as the debugging socket streams it. */
export const DebugFrameMessage = z.object({
  kind: z.literal("frame"),
  dir: z.enum(["in", "out"]),
  frame: z.looseObject({ type: z.string() }),
  /** Server time, ms. */
  at: z.number(),
  /** The frame was too large to forward whole: its size in bytes before it was cut. */
  truncated: z.number().optional(),
});
export type DebugFrameMessage = z.infer<typeof DebugFrameMessage>;

/**
 * What the console's debugging socket receives (JSON text):
 * - frame: one frame of the terminal, in (from it) or out (to it); log frames among them;
 * - state: whether it is online, and whether this server process holds it (sent on open and on change);
 * - dropped: this many frames were left out (more than the socket's rate allows);
 * - debug: the outcome of the `debug` command that turned the player's log stream on or off.
 */
export const DebugSocketMessage = z.discriminatedUnion("kind", [
  DebugFrameMessage,
  z.object({ kind: z.literal("state"), online: z.boolean(), held: z.boolean() }),
  z.object({ kind: z.literal("dropped"), count: z.number() }),
  z.object({ kind: z.literal("debug"), on: z.boolean(), outcome: CommandOutcome.nullable() }),
]);
export type DebugSocketMessage = z.infer<typeof DebugSocketMessage>;

/** Close codes of the console's debugging socket. */
export const DEBUG_CLOSE = {
  /** The server is stopping (reconnect later). */
  goingAway: 1001,
  /** The user lost the permission, or the terminal left their range (do not reconnect). */
  refused: 4403,
  /** The terminal was deleted. */
  gone: 4404,
} as const;
