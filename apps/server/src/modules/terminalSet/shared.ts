import type { Permission } from "@marquee/contracts";
import { DEFAULT_COMMAND_TIMEOUT_MS } from "@marquee/terminal-protocol";
import type { FastifyRequest } from "fastify";
import { actorOf } from "../../platform/access";
import type { Services } from "../../platform/services";
import type { ManifestSubject } from "../../terminal/manifest";
import { findTerminals, type TerminalRow } from "../terminal/repo";

/** How long a playProgram command waits for its ack: the player downloads the program first. */
export const PLAY_TIMEOUT_MS = 5 * 60_000;
/** How long an update command waits: the download and the install. */
export const UPDATE_TIMEOUT_MS = 30 * 60_000;
/** How long getRltScreenShoot waits for the terminal's picture. */
export const SCREENSHOT_WAIT_MS = 15_000;

/** The time a command waits for its ack, by its name. */
export function timeoutOf(name: string): number {
  if (name === "update") return UPDATE_TIMEOUT_MS;
  if (name === "playProgram") return PLAY_TIMEOUT_MS;
  if (name === "screenshot") return SCREENSHOT_WAIT_MS;
  return DEFAULT_COMMAND_TIMEOUT_MS;
}

/** The permission sending a command needs (retry follows the command). */
export function permissionOf(name: string): Permission {
  if (name === "screenshot") return "terminal:device:screenshot";
  if (name === "update") return "terminal:device:upgrade";
  if (name === "settings") return "terminal:device:settings";
  return "terminal:device:command";
}

/** Audit target of many terminals, kept within the column's length. */
export const targetOf = (ids: number[]) => `terminal:${ids.join(",")}`.slice(0, 500);

/**
 * The terminals of a call, all in the caller's range (one outside it, or
 * missing, and the call answers 404 before anything is written or sent);
 * audited as the call's target.
 */
export async function rangedTerminals(
  services: Services,
  req: FastifyRequest,
  ids: number[],
  detail?: Record<string, unknown>,
): Promise<TerminalRow[]> {
  const rows = await findTerminals(services.db, actorOf(req), ids);
  req.audit.target = targetOf(ids);
  if (detail) req.audit.detail = detail;
  return rows;
}

/** A terminal row as the manifest service sees it (with its settings, strategy and play-now). */
export function subjectOf(
  row: Pick<
    TerminalRow,
    | "id"
    | "name"
    | "officeId"
    | "state"
    | "programIds"
    | "publicationIds"
    | "timezone"
    | "status"
    | "settings"
    | "playNow"
  >,
  strategy: ManifestSubject["strategy"],
): ManifestSubject {
  return {
    id: row.id,
    name: row.name,
    officeId: row.officeId,
    state: row.state,
    programIds: row.programIds,
    publicationIds: row.publicationIds,
    timezone: row.timezone,
    reportedTimezone: row.status?.timezone ?? null,
    settings: row.settings,
    strategy,
    playNow: row.playNow,
  };
}

/** Whether `until` (ISO, null: until stopped) has passed at `now` (ms): the manifest's rule. */
export { ended } from "../../terminal/manifest";
