import { hasAuthority } from "../../access/authority";
import type { PageRoute } from "../../router/routes";
import type { Grant } from "../../stores/session";

/** The modes of the terminal screen (spec §2: terminal manage, monitor, info and setting share one screen). */
export type TerminalMode = "monitor" | "info" | "setting";

/** Each mode with the route name that opens it, in the screen's order. */
export const TERMINAL_MODES: readonly { mode: TerminalMode; name: string }[] = [
  { mode: "monitor", name: "terminalMonitor" },
  { mode: "info", name: "terminalInfo" },
  { mode: "setting", name: "terminalSetting" },
];

/** The modes this user may open, each with the page that opens it (menus may move or drop an entry). */
export function availableModes(
  pages: readonly PageRoute[],
  permissions: readonly Grant[],
  roles: readonly Grant[],
): { mode: TerminalMode; page: PageRoute }[] {
  return TERMINAL_MODES.flatMap(({ mode, name }) => {
    const page = pages.find((p) => p.name === name && !p.link);
    return page && hasAuthority(page.chain, permissions, roles) ? [{ mode, page }] : [];
  });
}

/**
 * The mode a route name opens: its own, or for terminalManage (and any other name showing the screen) the
 * first mode the user may open.
 */
export function modeOf(name: string | undefined, available: readonly { mode: TerminalMode }[]): TerminalMode {
  const own = TERMINAL_MODES.find((m) => m.name === name)?.mode;
  return own ?? available[0]?.mode ?? "monitor";
}
