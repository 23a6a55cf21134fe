// @vitest-environment jsdom
import type { Wall } from "@marquee/contracts";
import { createProgram } from "@marquee/program";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import VideoWallPage from "../src/features/wall/VideoWallPage";
import { fakeServer, grant, renderPage } from "./system-helpers";

const wall: Wall = {
  id: 4,
  officeId: 1,
  name: "Lobby",
  rows: 1,
  cols: 2,
  bezelMm: { top: 5, right: 5, bottom: 5, left: 5 },
  screenWidthMm: 1000,
  screenHeightMm: 560,
  width: 3840,
  height: 1080,
  screens: [
    { terminalId: 11, row: 0, col: 0, terminalName: "Left", online: true },
    { terminalId: 12, row: 0, col: 1, terminalName: "Right", online: true },
  ],
  programId: 9,
  programName: "Opening",
  startAtMs: 1_800_000_000_000,
  updateDate: "2026-01-01T10:00:00.000Z",
};
const figures = (medianMs: number, maxMs: number) => ({ samples: 12, medianMs, maxMs, lastMs: medianMs });

describe("the video walls page", () => {
  it("lists the walls, draws the chosen one cut by its bezels, shows its live skew, and publishes to it", async () => {
    grant(["terminal:wall:view", "terminal:wall:edit"]);
    const { calls } = fakeServer({
      "GET /a/api/wall/list": () => ({ list: [wall], total: 1, pageNo: 1, pageSize: 100 }),
      "GET /a/api/wall/programs": () => ({
        list: [{ id: 9, name: "Opening", state: "approved", width: 3840, height: 1080 }],
        total: 1,
        pageNo: 1,
        pageSize: 100,
      }),
      "GET /a/api/wall/skew": () => ({
        targetMs: 33,
        scene: figures(4, 12),
        video: figures(6, 40),
        sceneDevice: figures(5, 14),
        videoDevice: figures(7, 41),
        screens: [],
      }),
      "POST /a/api/wall/publish": () => ({ wall, crops: [] }),
      "GET /a/api/program/detail": () => ({
        id: 9,
        name: "Opening",
        doc: createProgram({ width: 3840, height: 1080 }),
        materials: [],
      }),
    });
    renderPage(<VideoWallPage />);
    fireEvent.click(await screen.findByText("Lobby"));
    const detail = await screen.findByTestId("wall-detail");
    // Two cells, the right one starting after the 10 mm of bezel between them (to scale on 560 px).
    const cells = detail.querySelectorAll<HTMLElement>("[data-testid=wall-cell]");
    expect(cells).toHaveLength(2);
    const left = Number.parseFloat(cells[1]?.style.left ?? "0");
    const width = Number.parseFloat(cells[0]?.style.width ?? "0");
    expect(left).toBeGreaterThan(width);
    expect(left - width).toBeCloseTo((560 * 10) / 2010, 3);
    // The program playing is drawn across the wall: each screen shows its own crop of it (the right one's
    // moved left by its crop's start), the bezels between them left out.
    await waitFor(() => expect(detail.querySelectorAll("[data-testid=wall-crop]")).toHaveLength(2));
    const crops = detail.querySelectorAll<HTMLElement>("[data-testid=wall-crop]");
    expect(Number.parseFloat(crops[0]?.style.left ?? "1")).toBeCloseTo(0, 5);
    expect(Number.parseFloat(crops[1]?.style.left ?? "0")).toBeCloseTo(-left, 3);
    expect(crops[0]?.querySelector(".mq-scene")).not.toBeNull();
    expect(screen.getByTestId("wall-playing").textContent).toBe("Playing Opening");
    await waitFor(() =>
      expect(screen.getByTestId("wall-skew").textContent).toContain("median 5 ms, max 14 ms over 12 samples"),
    );
    expect(screen.getByTestId("wall-skew").textContent).toContain("over 33 ms");

    fireEvent.mouseDown(within(screen.getByTestId("wall-program")).getByRole("combobox"));
    fireEvent.click(await screen.findByText("Opening (3840×1080)"));
    fireEvent.click(screen.getByTestId("wall-publish"));
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/wall/publish")).toBe(true));
    expect(calls.find((c) => c.path === "/a/api/wall/publish")?.body).toEqual({
      id: 4,
      programId: 9,
      leadSeconds: 10,
    });
  });
});
