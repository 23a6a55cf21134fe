import type { TerminalStatus } from "@marquee/terminal-protocol";

/**
 * The status a terminal reports in hello and every heartbeat, built from
 * what the player knows at that moment and fitted to the protocol's limits
 * (a status the gateway would refuse would cost the whole heartbeat).
 */

/** What the player knows when a heartbeat goes. */
export interface StatusInput {
  version: string;
  resolution: { width: number; height: number };
  program: { id: number; name: string } | null;
  storage: { used: number; quota: number | null } | null;
  startedAt: number;
  now: number;
  online: boolean;
  /** The Network Information API's type ("wifi", "ethernet", "4g"…), where the browser has one. */
  connectionType: string | null;
  volume: number;
  lastDownloadError: string | null;
  manifestVersion: string | null;
  /** The device's IANA time zone (Intl), where the browser tells it. */
  timezone?: string | null;
  /** The latest geolocation fix (settings.autoPosition), if any. */
  position?: { lat: number; lng: number; accuracy?: number | null } | null;
  /** The clock estimate (device minus server) and its round trip, when measured. */
  clock?: { offsetMs: number; rttMs: number } | null;
  /** What the settings make of the screen now. */
  screen?: { screenOn: boolean; brightness: number; rotation: number };
  /** Files of the manifest on screen it does not hold (the offline runway). */
  mediaMissing?: number;
}

const clampInt = (v: number, min: number, max: number) =>
  Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : min;
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

const DAY_MS = 86_400_000;

/** A fix the protocol takes, or null. */
function positionOf(p: StatusInput["position"]): TerminalStatus["position"] {
  if (!p || !Number.isFinite(p.lat) || !Number.isFinite(p.lng)) return null;
  if (Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180) return null;
  const a = p.accuracy;
  return {
    lat: p.lat,
    lng: p.lng,
    accuracy: typeof a === "number" && Number.isFinite(a) ? Math.min(1_000_000, Math.max(0, a)) : null,
  };
}

/** The clock fields: an offset beyond a day is a clock set wrong, not a measurement (null). */
function clockOf(c: StatusInput["clock"]): Pick<TerminalStatus, "clockOffsetMs" | "rttMs"> {
  if (!c || !Number.isFinite(c.offsetMs) || Math.abs(c.offsetMs) > DAY_MS)
    return { clockOffsetMs: null, rttMs: null };
  return { clockOffsetMs: Math.round(c.offsetMs), rttMs: clampInt(c.rttMs, 0, 600_000) };
}

/** A protocol-valid status. */
export function buildStatus(i: StatusInput): TerminalStatus {
  const network = i.online ? (i.connectionType ? `online (${i.connectionType})` : "online") : "offline";
  return {
    version: cut(i.version, 40),
    resolution: {
      width: clampInt(i.resolution.width, 1, 20_000),
      height: clampInt(i.resolution.height, 1, 20_000),
    },
    programId: i.program ? Math.trunc(i.program.id) : null,
    programName: i.program ? cut(i.program.name, 100) : null,
    storageUsed: clampInt(i.storage?.used ?? 0, 0, Number.MAX_SAFE_INTEGER),
    storageQuota:
      i.storage?.quota === null || i.storage?.quota === undefined
        ? null
        : clampInt(i.storage.quota, 0, Number.MAX_SAFE_INTEGER),
    uptimeSec: clampInt((i.now - i.startedAt) / 1000, 0, Number.MAX_SAFE_INTEGER),
    network: cut(network, 40),
    volume: clampInt(i.volume, 0, 100),
    lastDownloadError: i.lastDownloadError === null ? null : cut(i.lastDownloadError, 500),
    manifestVersion: i.manifestVersion === null ? null : cut(i.manifestVersion, 64),
    // A zone name longer than the protocol takes is no zone at all: left out rather than cut.
    ...(i.timezone && i.timezone.length <= 64 ? { timezone: i.timezone } : {}),
    ...(i.position !== undefined ? { position: positionOf(i.position) } : {}),
    ...(i.clock !== undefined ? clockOf(i.clock) : {}),
    ...(i.screen
      ? {
          screenOn: i.screen.screenOn,
          brightness: clampInt(i.screen.brightness, 0, 100),
          rotation: Math.round(i.screen.rotation),
        }
      : {}),
    ...(i.mediaMissing !== undefined ? { mediaMissing: clampInt(i.mediaMissing, 0, 1_000_000) } : {}),
  };
}
