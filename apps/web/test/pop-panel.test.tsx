// @vitest-environment jsdom
import type { PopDetailResponse, PopSummaryResponse } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ProofOfPlayPanel } from "../src/features/pop/ProofOfPlayPanel";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

const VIEW = ["stats:data:view", "stats:proofOfPlay:view"];
const EXPORT = [...VIEW, "stats:proofOfPlay:export"];

const NAMES: Record<string, string[]> = {
  program: ["Morning news", "Promotions"],
  material: ["Spring poster"],
  terminal: ["Lobby 1", "Window 2", "Shop screen"],
  office: ["Shop A"],
};

/** Proof-of-play calls: a summary per `by`, and plays in two pages joined by a cursor. */
function popServer() {
  return fakeServer({
    "GET /a/api/pop/summary": (c): PopSummaryResponse => {
      const by = (c.query.get("by") ?? "program") as PopSummaryResponse["by"];
      const names = NAMES[by] ?? [];
      return {
        code: 0,
        msg: "ok",
        by,
        kind: by === "material" ? "media" : "scene",
        timezone: "Europe/Rome",
        list: names.map((name, i) => ({
          id: i + 1,
          name,
          deleted: false,
          plays: 10 - i,
          ms: (10 - i) * 15_000,
          terminals: 2,
          firstDay: "2026-03-01",
          lastDay: "2026-03-05",
        })),
        total: names.length,
        pageNo: 1,
        pageSize: 10,
        totals: { plays: 42, ms: 630_000, terminals: 3 },
        series: [
          { day: "2026-03-01", plays: 20, ms: 300_000 },
          { day: "2026-03-02", plays: 22, ms: 330_000 },
        ],
      };
    },
    "GET /a/api/pop/detail": (c): PopDetailResponse => {
      const second = c.query.get("cursor") === "1700000000000000_7";
      const play = (id: number, terminalName: string) => ({
        id,
        at: "2026-03-02T10:00:00.000Z",
        kind: "scene" as const,
        terminalId: 1,
        terminalName,
        programId: 1,
        programName: "Morning news",
        sceneId: "s1",
        widgetId: null,
        materialId: null,
        materialName: null,
        ms: 15_000,
      });
      return second
        ? { code: 0, msg: "ok", list: [play(3, "Older screen")], more: false, cursor: null, timezone: "UTC" }
        : {
            code: 0,
            msg: "ok",
            list: [play(9, "Newest screen"), play(7, "Lobby 1")],
            more: true,
            cursor: "1700000000000000_7",
            timezone: "UTC",
          };
    },
    "POST /a/api/pop/export": () => ({
      status: 200,
      body: "\uFEFFID,Program\r\n",
      headers: { "content-disposition": 'attachment; filename="proof-of-play.xlsx"' },
    }),
  });
}

const summaryCalls = (calls: Call[]) => calls.filter((c) => c.path === "/a/api/pop/summary");

describe("proof of play panel", { timeout: 30_000 }, () => {
  it("shows the summary by program, and by terminal when switched", async () => {
    grant(VIEW);
    const { calls } = popServer();
    renderPage(<ProofOfPlayPanel />);
    const table = await screen.findByTestId("pop-summary-table");
    await waitFor(() => expect(within(table).getByText("Morning news")).toBeTruthy());
    expect(summaryCalls(calls)[0]?.query.get("by")).toBe("program");
    expect(screen.getByTestId("pop-total-plays").textContent).toContain("42");

    fireEvent.click(within(screen.getByTestId("pop-by")).getByText("By terminal"));
    await waitFor(() => expect(within(table).getByText("Shop screen")).toBeTruthy());
    expect(summaryCalls(calls).at(-1)?.query.get("by")).toBe("terminal");
    expect(within(table).queryByText("Morning news")).toBeNull();
    // Every call carries the days of the page's range.
    for (const c of summaryCalls(calls)) expect(c.query.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("loads more plays with the cursor of the last page", async () => {
    grant(VIEW);
    const { calls } = popServer();
    renderPage(<ProofOfPlayPanel />);
    const detail = await screen.findByTestId("pop-detail-table");
    await waitFor(() => expect(within(detail).getByText("Newest screen")).toBeTruthy());
    fireEvent.click(screen.getByTestId("pop-detail-more"));
    await waitFor(() => expect(within(detail).getByText("Older screen")).toBeTruthy());
    const detailCalls = calls.filter((c) => c.path === "/a/api/pop/detail");
    expect(detailCalls.at(-1)?.query.get("cursor")).toBe("1700000000000000_7");
    expect(within(detail).getByText("Newest screen")).toBeTruthy();
    expect(screen.queryByTestId("pop-detail-more")).toBeNull();
  });

  it("exports the summary of the chosen grouping as .xlsx", async () => {
    grant(EXPORT);
    const { calls } = popServer();
    const create = vi.fn(() => "blob:pop");
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderPage(<ProofOfPlayPanel />);
    const table = await screen.findByTestId("pop-summary-table");
    await within(table).findByText("Morning news");
    fireEvent.click(within(screen.getByTestId("pop-by")).getByText("By material"));
    await within(table).findByText("Spring poster");
    fireEvent.click(screen.getByTestId("pop-export"));
    fireEvent.click(await screen.findByTestId("pop-export-xlsx"));
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/pop/export")).toBe(true));
    const body = calls.find((c) => c.path === "/a/api/pop/export")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ view: "summary-material", format: "xlsx", sort: "plays", order: "desc" });
    expect(typeof body.from).toBe("string");
    expect(typeof body.timezone).toBe("string");
    await waitFor(() => expect(create).toHaveBeenCalled());
  });

  it("offers the export only with the export right", async () => {
    grant(VIEW);
    popServer();
    renderPage(<ProofOfPlayPanel />);
    await within(await screen.findByTestId("pop-summary-table")).findByText("Morning news");
    expect(screen.getByTestId("pop-export").hasAttribute("disabled")).toBe(true);
  });
});
