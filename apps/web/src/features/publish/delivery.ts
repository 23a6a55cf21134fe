import type { PublicationState, PublicationTarget, TargetState } from "@marquee/contracts";
import { STATUS_PALETTE } from "../../config/statusColors";

/**
 * How each delivery state looks: the tag's colour (antd presets) and the bar's colour. Colours follow
 * the path to the screen: greys before it moves, blues while it travels, green on screen, red failed.
 */
export const TARGET_STYLE: Record<TargetState, { tag: string; bar: string }> = {
  queued: { tag: "default", bar: "#bfbfbf" },
  offline: { tag: "orange", bar: "#fa8c16" },
  notified: { tag: "cyan", bar: "#13c2c2" },
  fetched: { tag: "geekblue", bar: "#2f54eb" },
  downloading: { tag: "processing", bar: "#1677ff" },
  downloaded: { tag: "blue", bar: "#69b1ff" },
  playing: { tag: "success", bar: STATUS_PALETTE.online },
  failed: { tag: "error", bar: STATUS_PALETTE.fault },
  withdrawn: { tag: "purple", bar: "#8c8c8c" },
};

/** The bar's order: done first, then what is on its way, then what needs attention. */
export const BAR_ORDER: readonly TargetState[] = [
  "playing",
  "downloaded",
  "downloading",
  "fetched",
  "notified",
  "queued",
  "offline",
  "failed",
  "withdrawn",
];

/** States in which the content is still on its way to the screen. */
const MOVING: ReadonlySet<TargetState> = new Set([
  "queued",
  "notified",
  "fetched",
  "downloading",
  "downloaded",
]);

export const PUBLICATION_STATE_TAG: Record<PublicationState, string> = {
  scheduled: "gold",
  active: "green",
  withdrawn: "default",
};

export interface DeliveryTag {
  state: TargetState;
  color: string;
  /** Translation key of the state's word. */
  labelKey: `publish.delivery.states.${TargetState}`;
  /** Files held of those needed, while downloading with a known total. */
  progress: { done: number; total: number; percent: number } | null;
  /** Why it failed, shown next to the tag. */
  reason: string | null;
}

/** The tag of one terminal's delivery: its colour, its word, the download progress and a failure's reason. */
export function deliveryTag(
  target: Pick<PublicationTarget, "state" | "done" | "total" | "reason">,
): DeliveryTag {
  const { state } = target;
  const total = target.total ?? 0;
  const done = Math.max(0, Math.min(target.done ?? 0, total));
  return {
    state,
    color: TARGET_STYLE[state].tag,
    labelKey: `publish.delivery.states.${state}`,
    progress:
      state === "downloading" && total > 0
        ? { done, total, percent: Math.floor((done / total) * 100) }
        : null,
    reason: state === "failed" ? target.reason || null : null,
  };
}

export interface BarSegment {
  state: TargetState;
  count: number;
  /** Share of all terminals, 0–100. */
  percent: number;
  color: string;
}

/** The publication's terminals per delivery state as bar segments (empty states left out). */
export function countSegments(counts: Partial<Record<TargetState, number>>): BarSegment[] {
  const all = BAR_ORDER.reduce((n, s) => n + Math.max(0, counts[s] ?? 0), 0);
  if (all === 0) return [];
  return BAR_ORDER.flatMap((state) => {
    const count = Math.max(0, counts[state] ?? 0);
    return count ? [{ state, count, percent: (count / all) * 100, color: TARGET_STYLE[state].bar }] : [];
  });
}

/** Whether some terminals still wait for the content (the view keeps polling and says "in progress"). */
export function isMoving(counts: Partial<Record<TargetState, number>>): boolean {
  return [...MOVING].some((s) => (counts[s] ?? 0) > 0);
}

/** Of the chosen rows, the terminals a retry applies to (failed ones; retrying the others changes nothing). */
export function failedOf(rows: Iterable<Pick<PublicationTarget, "terminalId" | "state">>): number[] {
  return [...rows].filter((r) => r.state === "failed").map((r) => r.terminalId);
}

/** Of the chosen rows, the terminals a withdraw applies to (those not withdrawn already). */
export function withdrawableOf(rows: Iterable<Pick<PublicationTarget, "terminalId" | "state">>): number[] {
  return [...rows].filter((r) => r.state !== "withdrawn").map((r) => r.terminalId);
}

/**
 * The summary above a publication's delivery, following its state as it is now (a publication
 * withdrawn from the delivery below no longer says it is on its way): the result's status and the
 * title's and hint's keys (publish.done.*).
 */
export function doneSummary(state: PublicationState): {
  status: "success" | "info";
  title: "published" | "scheduled" | "withdrawn";
  hint: "hint" | "withdrawnHint";
} {
  if (state === "withdrawn") return { status: "info", title: "withdrawn", hint: "withdrawnHint" };
  return { status: "success", title: state === "scheduled" ? "scheduled" : "published", hint: "hint" };
}
