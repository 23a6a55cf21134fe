// @vitest-environment jsdom
import type { AuditLogRow, CommandLogRow } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { describe, expect, it, vi } from "vitest";
import { fileNameOf } from "../src/features/system/api";
import { toCommandQuery, toLogQuery } from "../src/features/system/logFilters";
import SysLogPage from "../src/features/system/SysLogPage";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

const VIEW_EXPORT = ["sys:log:view", "sys:log:export"];

function logRow(id: number, extra: Partial<AuditLogRow> = {}): AuditLogRow {
  return {
    id,
    officeId: 1,
    userId: 1,
    username: "admin",
    action: "/a/api/user/saveUserInfo",
    method: "POST",
    path: "/apm-web/a/api/user/saveUserInfo",
    target: `user:${id}`,
    result: id % 5 === 0 ? "fail" : "ok",
    status: id % 5 === 0 ? 400 : 200,
    ip: "10.0.0.1",
    durationMs: 12,
    createDate: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
    // Every tenth call was made by a script with API token 3.
    tokenId: id % 10 === 0 ? 3 : null,
    ...extra,
  };
}

/** 120 rows, newest first, in slices after `lastId`, as the server scrolls them. */
function logServer(extra: Parameters<typeof fakeServer>[0] = {}) {
  const all = Array.from({ length: 120 }, (_, i) => logRow(120 - i));
  return fakeServer({
    "GET /a/api/log/actions": () => ({ list: ["/a/api/user/saveUserInfo", "logExport"] }),
    "GET /a/api/log/ajaxScrollLog": (c: Call) => {
      const lastId = c.query.get("lastId");
      const size = Number(c.query.get("pageSize"));
      const user = c.query.get("username");
      const rows = all.filter(
        (r) => (lastId ? r.id < Number(lastId) : true) && (!user || r.username === user),
      );
      const list = rows.slice(0, size);
      const hasMore = rows.length > size;
      // The server names what it may: user 120 here, the others by their id.
      const names = list.some((r) => r.id === 120) ? { "user:120": "Ann Admin" } : {};
      const next = hasMore ? (list.at(-1)?.id ?? null) : null;
      return { list, total: all.length, totalEstimated: false, lastId: next, hasMore, names };
    },
    "GET /a/api/log/detailsFunc": (c: Call) => ({
      log: {
        ...logRow(Number(c.query.get("id"))),
        userAgent: "Mozilla/5.0 (X11; Linux) Test",
        detail: { changed: ["name"] },
      },
      names: {},
    }),
    ...extra,
  });
}

describe("log filters", () => {
  it("sends only the filters that are set, the range to the second with both ends included", () => {
    expect(toLogQuery({ username: "  ", range: null })).toEqual({});
    const from = dayjs("2026-03-01T08:00:00.123Z");
    const to = dayjs("2026-03-02T18:30:00.000Z");
    expect(toLogQuery({ username: " ann ", action: "logExport", result: "fail", range: [from, to] })).toEqual(
      {
        username: "ann",
        action: "logExport",
        result: "fail",
        beginTime: "2026-03-01T08:00:00.000Z",
        endTime: "2026-03-02T18:30:00.999Z",
      },
    );
    expect(toCommandQuery({ keyword: " lobby", state: "failed", range: null })).toEqual({
      keyword: "lobby",
      state: "failed",
    });
  });

  it("reads the file name of the download", () => {
    expect(fileNameOf('attachment; filename="system-log-2026-03-01.xlsx"')).toBe(
      "system-log-2026-03-01.xlsx",
    );
    expect(fileNameOf("attachment; filename*=UTF-8''log%20A.xlsx")).toBe("log A.xlsx");
    expect(fileNameOf(null)).toBeNull();
  });
});

// Rendering antd tables in jsdom takes seconds on a busy machine.
describe("SysLogPage", { timeout: 30_000 }, () => {
  it("loads the log a slice at a time after the last id", async () => {
    grant(VIEW_EXPORT);
    const { calls } = logServer();
    renderPage(<SysLogPage />);
    const newest = await screen.findByTestId("log-row-120");
    // actions and targets by name, never the raw path or "user:120"
    expect(newest.textContent).toContain("Edit own profile");
    expect(newest.textContent).toContain("User: Ann Admin (#120)");
    expect(newest.textContent).not.toContain("/a/api/");
    expect(screen.getByTestId("log-row-119").textContent).toContain("User: #119");
    // A call made with an API token says so next to its user; a console call does not.
    expect(newest.textContent).toContain("admin" + "API token #3");
    expect(screen.getByTestId("log-row-119").textContent).not.toContain("API token");
    expect(screen.getByTestId("log-count").textContent).toBe("50 of 120 entries");
    fireEvent.click(screen.getByTestId("log-load-more"));
    await screen.findByTestId("log-row-70");
    expect(screen.getByTestId("log-count").textContent).toBe("100 of 120 entries");
    fireEvent.click(screen.getByTestId("log-load-more"));
    await screen.findByTestId("log-row-1");
    expect(screen.getByTestId("log-end").textContent).toBe("No more entries");
    expect(screen.queryByTestId("log-load-more")).toBeNull();
    const scrolls = calls.filter((c) => c.path === "/a/api/log/ajaxScrollLog");
    expect(scrolls.map((c) => c.query.get("lastId"))).toEqual([null, "71", "21"]);
    expect(scrolls.every((c) => c.query.get("pageSize") === "50")).toBe(true);
  });

  it("says a large total is about so many when the server estimated it", async () => {
    grant(VIEW_EXPORT);
    logServer({
      "GET /a/api/log/ajaxScrollLog": () => ({
        list: Array.from({ length: 50 }, (_, i) => logRow(50 - i)),
        total: 48000,
        totalEstimated: true,
        lastId: 1,
        hasMore: true,
        names: {},
      }),
    });
    renderPage(<SysLogPage />);
    await screen.findByTestId("log-row-50");
    expect(screen.getByTestId("log-count").textContent).toBe("50 of about 48000 entries");
  });

  it("shows an interrupted call as a short result and explains it on hover", async () => {
    grant(VIEW_EXPORT);
    logServer({
      "GET /a/api/log/ajaxScrollLog": () => ({
        list: [logRow(2, { result: "interrupted", status: 0 }), logRow(1)],
        total: 2,
        totalEstimated: false,
        lastId: null,
        hasMore: false,
        names: {},
      }),
    });
    renderPage(<SysLogPage />);
    const row = await screen.findByTestId("log-row-2");
    const tag = within(row).getByText("Interrupted");
    expect(row.textContent).not.toContain("the server stopped");
    fireEvent.mouseEnter(tag);
    expect(
      await screen.findByText(
        "The server stopped while this call was running: the change may or may not have been made.",
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId("log-row-1")).getByText("Succeeded")).toBeTruthy();
  });

  it("filters by user and starts again from the newest", async () => {
    grant(VIEW_EXPORT);
    const { calls } = logServer();
    renderPage(<SysLogPage />);
    await screen.findByTestId("log-row-120");
    fireEvent.change(screen.getByTestId("log-filter-user"), { target: { value: " nobody " } });
    fireEvent.click(screen.getByTestId("log-search"));
    await waitFor(() => expect(screen.queryByTestId("log-row-120")).toBeNull());
    const last = calls.filter((c) => c.path === "/a/api/log/ajaxScrollLog").at(-1);
    expect(last?.query.get("username")).toBe("nobody");
    expect(last?.query.get("lastId")).toBeNull();
  });

  it("opens a row's details in a drawer", async () => {
    grant(VIEW_EXPORT);
    const { calls } = logServer();
    renderPage(<SysLogPage />);
    fireEvent.click(await screen.findByTestId("log-row-115"));
    const drawer = await screen.findByTestId("log-details");
    await waitFor(() => expect(within(drawer).getByText("Mozilla/5.0 (X11; Linux) Test")).toBeTruthy());
    expect(within(drawer).getByText("Log entry 115")).toBeTruthy();
    expect(within(drawer).getByText("Edit own profile")).toBeTruthy();
    expect(within(drawer).getByText("User: #115")).toBeTruthy();
    expect(within(drawer).getByTestId("log-details-json").textContent).toContain('"changed"');
    expect(calls.find((c) => c.path === "/a/api/log/detailsFunc")?.query.get("id")).toBe("115");
  });

  it("exports the current filters as a download", async () => {
    grant(VIEW_EXPORT);
    const { calls } = logServer({
      "POST /a/sys/log/logExport": () => ({
        body: "PK-xlsx",
        headers: { "content-disposition": 'attachment; filename="system-log-2026-03-01.xlsx"' },
      }),
    });
    // jsdom has no object URLs: these stand in for the browser's.
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderPage(<SysLogPage />);
    await screen.findByTestId("log-row-120");
    fireEvent.change(screen.getByTestId("log-filter-user"), { target: { value: "admin" } });
    fireEvent.click(screen.getByTestId("log-search"));
    fireEvent.click(screen.getByTestId("log-export"));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe("system-log-2026-03-01.xlsx");
    expect(clicked[0]?.href).toBe("blob:export");
    const post = calls.find((c) => c.path === "/a/sys/log/logExport");
    expect(post?.method).toBe("POST");
    expect(post?.body).toEqual({ username: "admin", timezone: expect.any(String) });
    expect(await screen.findByText("system-log-2026-03-01.xlsx downloaded")).toBeTruthy();
  });

  it("says why an export was refused, and guards the button", async () => {
    grant(VIEW_EXPORT);
    logServer({
      "POST /a/sys/log/logExport": () => ({
        status: 400,
        json: { code: 400, msg: "endTime: must not be earlier than the start time" },
      }),
    });
    renderPage(<SysLogPage />);
    await screen.findByTestId("log-row-120");
    fireEvent.click(screen.getByTestId("log-export"));
    expect(
      await screen.findByText("The export failed: endTime: must not be earlier than the start time"),
    ).toBeTruthy();
  });

  it("disables the export without sys:log:export", async () => {
    grant(["sys:log:view"]);
    logServer();
    renderPage(<SysLogPage />);
    await screen.findByTestId("log-row-120");
    const button = screen.getByTestId("log-export") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe("no permission");
  });

  it("lists the commands sent to terminals on their own tab", async () => {
    grant(VIEW_EXPORT);
    const command = (i: number): CommandLogRow => ({
      id: `c${i}`,
      terminalId: 7,
      terminalName: "Lobby",
      deviceId: "device-lobby",
      officeId: 1,
      name: i % 2 ? "screenshot" : "volume",
      args: i % 2 ? {} : { volume: 30 },
      state: i % 2 ? "failed" : "done",
      reason: i % 2 ? "Player crashed" : null,
      data: null,
      createdBy: 1,
      createdByName: "admin",
      createDate: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      doneDate: null,
    });
    const { calls } = logServer({
      "GET /a/api/sysSetting/ajaxScrollCmd": (c: Call) =>
        c.query.get("lastId")
          ? { list: [command(1)], lastId: null, hasMore: false }
          : { list: [command(3), command(2)], lastId: "c2", hasMore: true },
    });
    renderPage(<SysLogPage />);
    fireEvent.click(await screen.findByTestId("log-tab-commands"));
    const table = await screen.findByTestId("cmd-table");
    await waitFor(() => expect(within(table).getAllByText("Lobby")).toHaveLength(2));
    expect(within(table).getByText("Set volume")).toBeTruthy();
    expect(within(table).getByText('{"volume":30}')).toBeTruthy();
    expect(within(table).getByText("Player crashed")).toBeTruthy();
    fireEvent.click(screen.getByTestId("cmd-load-more"));
    await waitFor(() => expect(within(table).getAllByText("Lobby")).toHaveLength(3));
    const cmds = calls.filter((c) => c.path === "/a/api/sysSetting/ajaxScrollCmd");
    expect(cmds.map((c) => c.query.get("lastId"))).toEqual([null, "c2"]);
    expect(cmds[0]?.query.get("size")).toBe("50");
  });
});
