// @vitest-environment jsdom
import type {
  CalTerminalCountResponse,
  OnlineTimeResponse,
  ResourcesCaseResponse,
  StartUpRateResponse,
} from "@marquee/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App as AntApp, ConfigProvider } from "antd";
import dayjs from "dayjs";
import { MemoryRouter, useLocation } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import DataStatisticsPage from "../src/features/statistics/DataStatisticsPage";
import { defaultFilters, readFilters, writeFilters } from "../src/features/statistics/filters";
import { type Call, fakeServer, grant } from "./system-helpers";

const VIEW = ["stats:data:view", "terminal:device:view"];
const AS_OF = "2026-03-10T14:05:00.000Z";
// The page reads "today" when it renders and again when a preset is picked; the test reads it
// when the file loads. Only Date is faked (timers stay real), at a fixed noon, so a run that
// crosses midnight cannot see two different days.
vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 2, 10, 12, 0, 0) });
afterAll(() => vi.useRealTimers());
const TODAY = dayjs().format("YYYY-MM-DD");

/** Every day from `from` to `to`, as the server answers a series (one entry per day). */
function daysOf(c: Call): string[] {
  const from = dayjs(c.query.get("from") ?? (c.body as { from: string }).from);
  const to = dayjs(c.query.get("to") ?? (c.body as { to: string }).to);
  const out: string[] = [];
  for (let d = from; !d.isAfter(to); d = d.add(1, "day")) out.push(d.format("YYYY-MM-DD"));
  return out;
}
const meta = (c: Call) => {
  const days = daysOf(c);
  return { from: days[0] as string, to: days.at(-1) as string, timezone: "Europe/Rome", asOf: AS_OF };
};

/** The statistics calls, answering figures for the asked range; `empty` answers ranges of zeros. */
function statsServer({ empty = false } = {}) {
  return fakeServer({
    "GET /a/api/statistics/calTerminalCount": (c): CalTerminalCountResponse => ({
      code: 0,
      msg: "ok",
      ...meta(c),
      counts: { total: 12, online: 7, offline: 3, fault: 1, unauthorised: 1, disabled: 0 },
      offices: [
        {
          officeId: 5,
          officeName: "Milano",
          total: 8,
          online: 5,
          offline: 2,
          fault: 1,
          unauthorised: 0,
          disabled: 0,
        },
        {
          officeId: 6,
          officeName: "Roma",
          total: 4,
          online: 2,
          offline: 1,
          fault: 0,
          unauthorised: 1,
          disabled: 0,
        },
      ],
      series: daysOf(c).map((day, i) => ({
        day,
        terminals: empty ? 0 : 10,
        online: empty ? 0 : 5 + (i % 3),
      })),
    }),
    "GET /a/api/statistics/statisticsTerminalOnlineTime": (c): OnlineTimeResponse => {
      const pageNo = Number(c.query.get("pageNo"));
      return {
        code: 0,
        msg: "ok",
        ...meta(c),
        list: [
          {
            terminalId: pageNo * 100,
            name: `Lobby page ${pageNo}`,
            officeId: 5,
            officeName: "Milano",
            onlineSec: 36_000,
            onlineHours: 10,
            daysOnline: 2,
          },
        ],
        total: 25,
        pageNo,
        pageSize: Number(c.query.get("pageSize")),
        series: daysOf(c).map((day) => ({ day, onlineSec: 0, onlineHours: 0, terminals: 0, avgHours: 0 })),
        totalHours: 10,
        avgHours: 10,
      };
    },
    "POST /a/api/statistics/terminalStartUpRate": (c): StartUpRateResponse => ({
      code: 0,
      msg: "ok",
      ...meta(c),
      series: daysOf(c).map((day) => ({ day, scheduled: 4, started: 3, rate: 0.75 })),
      offices: [{ officeId: 5, officeName: "Milano", scheduled: 40, started: 30, rate: 0.75 }],
      scheduled: 40,
      started: 30,
      rate: 0.75,
    }),
    "GET /a/api/statistics/statisticsResourcesCase": (c): ResourcesCaseResponse => ({
      code: 0,
      msg: "ok",
      ...meta(c),
      byType: [
        { type: "image", count: 4, bytes: 3 * 1024 ** 2 },
        { type: "video", count: 2, bytes: 500 * 1024 ** 2 },
      ],
      count: 6,
      bytes: 503 * 1024 ** 2,
      growth: daysOf(c).map((day) => ({ day, count: 6, bytes: 503 * 1024 ** 2 })),
    }),
    "GET /a/api/statistics/statisticsPublishProgramWidgetNum": (c) => ({
      ...meta(c),
      series: daysOf(c).map((day) => ({ day, publications: 0, programs: 0 })),
      publications: 0,
      programs: 0,
      widgets: [],
    }),
    "GET /a/api/statistics/statisticsWidgetUse": (c) => ({ ...meta(c), list: [] }),
    "POST /a/api/statistics/refresh": () => ({ asOf: AS_OF, ran: true }),
    "GET /a/api/terminal/treeDataNew": () => ({
      tree: [
        {
          id: 1,
          name: "Platform",
          online: 7,
          total: 12,
          children: [
            { id: 5, name: "Milano", online: 5, total: 8, children: [] },
            { id: 6, name: "Roma", online: 2, total: 4, children: [] },
          ],
        },
      ],
    }),
    "GET /a/api/terminal/groupTree": () => ({ tree: [] }),
  });
}

/** Where the page's link stands now (the filters live there). */
function Location() {
  const l = useLocation();
  return <output data-testid="location">{l.search}</output>;
}

function renderStats(url = "/sys/dataStatistics") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider>
        <AntApp>
          <MemoryRouter initialEntries={[url]}>
            <DataStatisticsPage />
            <Location />
          </MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const callsTo = (calls: Call[], name: string) => calls.filter((c) => c.path === `/a/api/statistics/${name}`);
const link = () => new URLSearchParams(screen.getByTestId("location").textContent ?? "");

describe("statistics filters in the link", () => {
  const today = dayjs("2026-03-10");

  it("opens the last 30 days by default and keeps a chosen range, office and group", () => {
    expect(defaultFilters(today)).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    const f = readFilters(new URLSearchParams("from=2026-01-01&to=2026-01-31&office=5&group=9"), today);
    expect(f).toEqual({ from: "2026-01-01", to: "2026-01-31", officeId: 5, groupId: 9 });
    const back = writeFilters(new URLSearchParams("x=1"), f, "content");
    expect(Object.fromEntries(back)).toEqual({
      x: "1",
      from: "2026-01-01",
      to: "2026-01-31",
      office: "5",
      group: "9",
      tab: "content",
    });
  });

  it("falls back to the last 30 days for a range the server would refuse", () => {
    const fallback = { from: "2026-02-09", to: "2026-03-10" };
    for (const q of [
      "from=2026-03-01&to=2026-02-01",
      "from=2024-01-01&to=2026-01-01",
      "from=2026-02-30&to=2026-03-01",
      "from=yesterday&to=2026-03-01",
    ])
      expect(readFilters(new URLSearchParams(q), today), q).toEqual(fallback);
    // A year with a leap day is 366 days: allowed.
    expect(readFilters(new URLSearchParams("from=2024-01-01&to=2024-12-31"), today)).toEqual({
      from: "2024-01-01",
      to: "2024-12-31",
    });
    // A group belongs to an office: alone it is dropped; junk ids are ignored.
    expect(readFilters(new URLSearchParams("group=9&office=x"), today)).toEqual(fallback);
  });
});

describe("DataStatisticsPage", { timeout: 30_000 }, () => {
  it("shows the terminal figures of the link's range and office, and their rows in the table view", async () => {
    grant(VIEW);
    const { calls } = statsServer();
    renderStats("/sys/dataStatistics?from=2026-01-01&to=2026-01-03&office=5");
    await waitFor(() =>
      expect(screen.getByTestId("stats-terminal-status-online").textContent).toContain("7"),
    );
    const count = callsTo(calls, "calTerminalCount")[0] as Call;
    expect(Object.fromEntries(count.query)).toEqual({ from: "2026-01-01", to: "2026-01-03", officeId: "5" });
    expect(callsTo(calls, "terminalStartUpRate")[0]?.body).toEqual({
      from: "2026-01-01",
      to: "2026-01-03",
      officeId: 5,
    });

    const card = screen.getByTestId("stats-terminal-count");
    expect(within(card).getByTestId("stats-terminal-count-chart")).toBeTruthy();
    fireEvent.click(within(screen.getByTestId("stats-terminal-count-view")).getByText("Table"));
    const table = await within(card).findByTestId("stats-terminal-count-table");
    const cells = [...table.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => td.textContent),
    );
    expect(cells).toEqual([
      ["2026-01-01", "10", "5", "50"],
      ["2026-01-02", "10", "6", "60"],
      ["2026-01-03", "10", "7", "70"],
    ]);
    expect(screen.getByTestId("stats-startup-overall").textContent).toBe("75 % over the range");
    expect(screen.getByTestId("stats-asof").textContent).toMatch(
      /^Figures as of (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}$/,
    );
  });

  it("says so when a range has no figures", async () => {
    grant(VIEW);
    statsServer({ empty: true });
    renderStats();
    // Online time answers only zeros in this server: the card says the range is empty.
    const online = await screen.findByTestId("stats-online-time");
    await waitFor(() => expect(within(online).getByText("No data in this range")).toBeTruthy());
    const count = screen.getByTestId("stats-terminal-count");
    await waitFor(() => expect(within(count).getByText("No data in this range")).toBeTruthy());
    expect(within(count).getByTestId("stats-terminal-count-export").hasAttribute("disabled")).toBe(true);
  });

  it("refetches every chart with the new days when the range changes, and writes them into the link", async () => {
    grant(VIEW);
    const { calls } = statsServer();
    renderStats();
    await waitFor(() => expect(callsTo(calls, "calTerminalCount")).toHaveLength(1));
    expect(callsTo(calls, "calTerminalCount")[0]?.query.get("to")).toBe(TODAY);
    expect(callsTo(calls, "calTerminalCount")[0]?.query.get("from")).toBe(
      dayjs().subtract(29, "day").format("YYYY-MM-DD"),
    );

    fireEvent.click(within(screen.getByTestId("stats-range")).getAllByRole("textbox")[0] as HTMLElement);
    fireEvent.click(await screen.findByText("Last 7 days"));
    const weekAgo = dayjs().subtract(6, "day").format("YYYY-MM-DD");
    await waitFor(() => expect(callsTo(calls, "calTerminalCount")).toHaveLength(2));
    expect(Object.fromEntries((callsTo(calls, "calTerminalCount")[1] as Call).query)).toEqual({
      from: weekAgo,
      to: TODAY,
    });
    await waitFor(() =>
      expect(
        callsTo(calls, "statisticsTerminalOnlineTime").some((c) => c.query.get("from") === weekAgo),
      ).toBe(true),
    );
    expect(link().get("from")).toBe(weekAgo);
    expect(link().get("to")).toBe(TODAY);
  });

  it("sends the chosen office to the calls and pages the per-terminal table on the server", async () => {
    grant(VIEW);
    const { calls } = statsServer();
    renderStats();
    await screen.findByText("Lobby page 1");

    fireEvent.mouseDown(within(screen.getByTestId("stats-office")).getByRole("combobox"));
    fireEvent.click(await screen.findByText("Roma", { selector: ".ant-select-tree-title" }));
    await waitFor(() =>
      expect(callsTo(calls, "calTerminalCount").some((c) => c.query.get("officeId") === "6")).toBe(true),
    );
    await waitFor(() =>
      expect(
        callsTo(calls, "statisticsTerminalOnlineTime").some((c) => c.query.get("officeId") === "6"),
      ).toBe(true),
    );
    expect(link().get("office")).toBe("6");

    const terminals = screen.getByTestId("stats-online-terminals");
    fireEvent.click(within(terminals).getByTitle("2"));
    await within(terminals).findByText("Lobby page 2");
    const last = callsTo(calls, "statisticsTerminalOnlineTime").at(-1) as Call;
    expect(last.query.get("pageNo")).toBe("2");
    expect(last.query.get("officeId")).toBe("6");
    expect(last.query.get("sort")).toBe("hours");
  });

  it("shows materials by type with their size in MB on the content tab", async () => {
    grant(VIEW);
    const { calls } = statsServer();
    renderStats("/sys/dataStatistics?tab=content");
    const card = await screen.findByTestId("stats-resources");
    await waitFor(() =>
      expect(screen.getByTestId("stats-resources-summary").textContent).toBe("6 materials · 503 MB"),
    );
    fireEvent.click(within(screen.getByTestId("stats-resources-view")).getByText("Table"));
    const table = await within(card).findByTestId("stats-resources-table");
    expect(within(table).getByText("Size (MB)")).toBeTruthy();
    expect(within(table).getByText("Picture")).toBeTruthy();
    expect(within(table).getByText("500")).toBeTruthy();
    // The content figures do not take the terminal group.
    expect(callsTo(calls, "calTerminalCount")).toHaveLength(0);
    expect(screen.queryByTestId("stats-group")).toBeNull();
  });

  it("updates the figures now on request and refetches them", async () => {
    grant(VIEW);
    const { calls } = statsServer();
    renderStats();
    await waitFor(() => expect(callsTo(calls, "calTerminalCount")).toHaveLength(1));
    fireEvent.click(screen.getByTestId("stats-refresh"));
    await waitFor(() => expect(callsTo(calls, "refresh")).toHaveLength(1));
    await waitFor(() => expect(callsTo(calls, "calTerminalCount")).toHaveLength(2));
  });

  it("offers proof of play only to those who may see it", async () => {
    grant(VIEW);
    statsServer();
    const first = renderStats("/sys/dataStatistics?tab=pop");
    await screen.findByTestId("stats-tab-terminals");
    expect(screen.queryByTestId("stats-tab-pop")).toBeNull();
    // A link to the tab without the right opens the terminals.
    await screen.findByTestId("stats-terminal-count");
    first.unmount();

    grant([...VIEW, "stats:proofOfPlay:view"]);
    renderStats();
    expect(await screen.findByTestId("stats-tab-pop")).toBeTruthy();
  });
});
