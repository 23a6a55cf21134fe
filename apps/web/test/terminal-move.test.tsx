// @vitest-environment jsdom
import type { TerminalSummary } from "@marquee/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MoveModal } from "../src/features/terminal/MoveModal";
import i18n from "../src/locales";
import { type Call, fakeServer, renderPage } from "./system-helpers";

const screenOf = (id: number, officeId: number) =>
  ({ id, name: `Screen ${id}`, officeId, groupId: null }) as unknown as TerminalSummary;

describe("moving screens", () => {
  it("says what a screen leaves behind when it moves to another agent or customer", async () => {
    await i18n.changeLanguage("en");
    const server = fakeServer({
      "POST /a/api/terminal/updateTerminalGroup": () => ({}),
      "GET /a/api/terminal/terminalTree": () => ({ tree: [] }),
    });
    const moved = vi.fn();
    renderPage(
      <MoveModal
        open
        selection={[screenOf(7, 2)]}
        offices={[
          { id: 2, name: "Shop A", kind: "office", total: 1, online: 0, children: [] },
          { id: 3, name: "Shop B", kind: "office", total: 0, online: 0, children: [] },
        ]}
        loaded={new Map()}
        onLoad={async () => undefined}
        onMoved={moved}
        onClose={() => undefined}
      />,
    );
    const warning = await screen.findByTestId("terminal-move-other-tenant");
    expect(warning.textContent).toContain("leave behind what their current one gave them");
    expect(warning.textContent).toContain("command history, events and proof of play stay with it");
    // Within the office, the same dialog regroups them (their tenant is unchanged).
    fireEvent.click(screen.getByTestId("terminal-move-ok"));
    await waitFor(() => expect(moved).toHaveBeenCalled());
    const call = server.calls.find((c: Call) => c.path === "/a/api/terminal/updateTerminalGroup");
    expect(call?.body).toMatchObject({ ids: [7], groupId: null });
  });
});
