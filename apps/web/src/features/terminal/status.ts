import type { TerminalViewStatus } from "@marquee/contracts";
import { STATUS_PALETTE } from "../../config/statusColors";

/** The counts tiles at the top, in reading order: "total" clears the status filter. */
export const STATUS_TILES = ["total", "online", "offline", "fault", "unauthorised", "disabled"] as const;
export type StatusTile = (typeof STATUS_TILES)[number];

/** One colour per status, shared by the dots, the tiles and the details. */
export const STATUS_COLORS: Record<StatusTile, string> = {
  total: STATUS_PALETTE.neutral,
  online: STATUS_PALETTE.online,
  offline: STATUS_PALETTE.offline,
  fault: STATUS_PALETTE.fault,
  unauthorised: STATUS_PALETTE.pending,
  disabled: STATUS_PALETTE.disabled,
};

/** The status filter a tile sets; a click on the active tile (or on "total") shows every status again. */
export function tileFilter(
  tile: StatusTile,
  current: TerminalViewStatus | undefined,
): TerminalViewStatus | undefined {
  if (tile === "total" || tile === current) return undefined;
  return tile;
}

/** Whether a tile shows as chosen: "total" while no status filters the list. */
export function tileActive(tile: StatusTile, current: TerminalViewStatus | undefined): boolean {
  return tile === "total" ? current === undefined : tile === current;
}
