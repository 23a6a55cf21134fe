import { z } from "zod";
import { Envelope, Paging, pageOf, zId, zIdList } from "./common";
import { PROGRAM_STATES } from "./program";
import { CommandOutcome } from "./terminal";

/**
 * Synchronized broadcast (spec §2 "synchronizedBroadcast"): one
 * program started on a group of terminals at the same instant of the
 * server's clock. Each player estimates its clock's offset over its socket
 * and acknowledges the `syncStart` command with what it measured.
 */

export const SYNC_LEAD_SECONDS = { min: 5, max: 600, default: 10 } as const;
/** Offsets beyond this many ms are shown as a warning. */
export const SYNC_OFFSET_WARN_MS = 50;

/** POST start. */
export const SyncStartBody = z.strictObject({
  terminalIds: zIdList,
  programId: zId,
  /** Seconds between the call and the start, for every player to fetch the program. */
  leadSeconds: z.coerce
    .number()
    .int()
    .min(SYNC_LEAD_SECONDS.min)
    .max(SYNC_LEAD_SECONDS.max)
    .default(SYNC_LEAD_SECONDS.default),
  /** How long it plays (minutes); without it, until stopped. */
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
});
export type SyncStartBody = z.input<typeof SyncStartBody>;

export const SyncSession = z.object({
  id: z.number(),
  officeId: z.number(),
  programId: z.number(),
  programName: z.string().nullable(),
  terminalIds: z.array(z.number()),
  /** The start instant, server clock (ISO and ms). */
  startAt: z.string(),
  startAtMs: z.number(),
  /** When it ends (null: until stopped); null too once every terminal left it. */
  until: z.string().nullable(),
  /** Terminals still playing it (their play-now is still this session's). */
  playing: z.number(),
  createdByName: z.string().nullable(),
  createDate: z.string(),
});
export type SyncSession = z.infer<typeof SyncSession>;

export const SyncStartResponse = Envelope.extend({ session: SyncSession, list: z.array(CommandOutcome) });

/** GET list: the sessions of the caller's range, newest first. */
export const SyncListQuery = Paging.strict();
export const SyncListResponse = pageOf(SyncSession);

/** GET detail?id, POST stop {id}. */
export const SyncIdQuery = z.strictObject({ id: zId });
export const SyncStopBody = z.strictObject({ id: zId });
export const SyncStopResponse = Envelope.extend({ stopped: z.number() });

/** One terminal of a session: its syncStart outcome, the offset it measured, and what its heartbeat reports. */
export const SyncTerminal = z.object({
  terminalId: z.number(),
  terminalName: z.string(),
  online: z.boolean(),
  /** The syncStart command on it (null when none was recorded). */
  outcome: CommandOutcome.nullable(),
  /** From the ack: its clock minus the server's (ms), the probe's round trip, and how long it still had to wait. */
  offsetMs: z.number().nullable(),
  rttMs: z.number().nullable(),
  startsInMs: z.number().nullable(),
  /** From its latest status (heartbeat). */
  clockOffsetMs: z.number().nullable(),
  statusRttMs: z.number().nullable(),
  /** Its play-now is still this session's. */
  playing: z.boolean(),
});
export type SyncTerminal = z.infer<typeof SyncTerminal>;

export const SyncDetailResponse = Envelope.extend({
  session: SyncSession,
  /** The server's clock when it answered (ms): the console counts down against it. */
  serverNow: z.number(),
  list: z.array(SyncTerminal),
});
export type SyncDetailResponse = z.infer<typeof SyncDetailResponse>;

/** GET programs: programs of the caller's range that may play now (for choosing one). */
export const SyncProgramsQuery = Paging.extend({ name: z.string().trim().max(100).optional() }).strict();
export const SyncProgram = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(PROGRAM_STATES),
  width: z.number(),
  height: z.number(),
});
export type SyncProgram = z.infer<typeof SyncProgram>;
export const SyncProgramsResponse = pageOf(SyncProgram);
