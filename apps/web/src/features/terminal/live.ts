import type { TerminalSummary } from "@marquee/contracts";
import type { TerminalLive } from "./api";

/**
 * The rows of a page with the live status polled since it loaded. Rows the poll did not change keep
 * their identity (the virtual table re-renders only the changed ones); a terminal deleted meanwhile
 * simply is not in the poll's answer and keeps its row until the page reloads.
 */
export function patchRows(
  rows: readonly TerminalSummary[],
  live: readonly TerminalLive[],
): TerminalSummary[] {
  if (live.length === 0) return [...rows];
  const byId = new Map(live.map((l) => [l.id, l]));
  return rows.map((r) => {
    const l = byId.get(r.id);
    if (!l) return r;
    const same =
      l.status === r.status &&
      l.online === r.online &&
      l.lastSeenAt === r.lastSeenAt &&
      l.programName === r.programName &&
      l.screenshotUrl === r.screenshotUrl;
    if (same) return r;
    return {
      ...r,
      status: l.status,
      online: l.online,
      lastSeenAt: l.lastSeenAt,
      programName: l.programName,
      screenshotUrl: l.screenshotUrl,
    };
  });
}
