// @vitest-environment jsdom
import type { SyncDetailResponse, SyncTerminal } from "@marquee/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LiveSession } from "../src/features/sync/SyncBroadcastPage";
import {
  formatCountdown,
  formatOffset,
  msToStart,
  offsetHigh,
  shownOffset,
} from "../src/features/sync/timing";
import { fakeServer, grant, renderPage } from "./system-helpers";

const member = (over: Partial<SyncTerminal>): SyncTerminal => ({
  terminalId: 11,
  terminalName: "Lobby",
  online: true,
  outcome: {
    id: "c1",
    terminalId: 11,
    terminalName: "Lobby",
    name: "syncStart",
    state: "done",
    reason: null,
    data: null,
    createDate: "2026-01-01T10:00:00.000Z",
    doneDate: "2026-01-01T10:00:01.000Z",
  },
  offsetMs: 12,
  rttMs: 8,
  startsInMs: 9000,
  clockOffsetMs: null,
  statusRttMs: null,
  playing: true,
  ...over,
});

function detail(
  serverNow: number,
  startAtMs: number,
  list: SyncTerminal[],
): Omit<SyncDetailResponse, "code" | "msg"> {
  return {
    session: {
      id: 3,
      officeId: 1,
      programId: 9,
      programName: "Opening",
      terminalIds: list.map((l) => l.terminalId),
      startAt: new Date(startAtMs).toISOString(),
      startAtMs,
      until: null,
      playing: list.length,
      createdByName: "admin",
      createDate: new Date(serverNow).toISOString(),
    },
    serverNow,
    list,
  };
}

describe("synchronized broadcast timing", () => {
  it("highlights offsets over 50 ms and counts down on the server's clock", () => {
    expect(offsetHigh(50)).toBe(false);
    expect(offsetHigh(-51)).toBe(true);
    expect(offsetHigh(null)).toBe(false);
    expect(formatOffset(-75)).toBe("−75 ms");
    expect(shownOffset({ offsetMs: null, clockOffsetMs: 4 })).toBe(4);
    // The server is 2 s ahead of this browser: 10 s to go on its clock, 1 s later 9 s.
    expect(msToStart(20_000, 10_000, 8_000, 9_000)).toBe(9_000);
    expect(formatCountdown(9_000)).toBe("0:09");
    expect(formatCountdown(-5)).toBe("0:00");
  });
});

describe("the live table", () => {
  it("shows each terminal's measured offset, highlights the large one, and stops", async () => {
    grant(["terminal:syncBroadcast:view", "terminal:syncBroadcast:start"]);
    const now = Date.now();
    const { calls } = fakeServer({
      "GET /a/api/sync/detail": () =>
        detail(now, now + 60_000, [
          member({}),
          member({ terminalId: 12, terminalName: "Hall", offsetMs: -75 }),
          member({
            terminalId: 13,
            terminalName: "Back office",
            online: false,
            offsetMs: null,
            rttMs: null,
            outcome: {
              ...(member({}).outcome as NonNullable<SyncTerminal["outcome"]>),
              id: "c3",
              terminalId: 13,
              state: "offline",
              reason: "the terminal is not connected",
            },
          }),
        ]),
      "POST /a/api/sync/stop": () => ({ stopped: 2 }),
    });
    renderPage(<LiveSession id={3} />);
    const ok = await screen.findByTestId("sync-offset-11");
    expect(ok.textContent).toBe("+12 ms");
    expect(ok.dataset.high).toBe("false");
    const high = screen.getByTestId("sync-offset-12");
    expect(high.textContent).toBe("−75 ms");
    expect(high.dataset.high).toBe("true");
    expect(screen.getByTestId("sync-offset-13").textContent).toBe("-");
    expect(screen.getByText("the terminal is not connected")).toBeTruthy();
    expect(screen.getByTestId("sync-countdown").textContent).toMatch(/Starts in [01]:\d\d/);

    fireEvent.click(screen.getByTestId("sync-stop"));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path === "/a/api/sync/stop")).toBe(true),
    );
    expect(calls.find((c) => c.path === "/a/api/sync/stop")?.body).toEqual({ id: 3 });
  });
});
