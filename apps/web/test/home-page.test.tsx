// @vitest-environment jsdom
import { type HomeSummaryResponse, MENU_SEED, type MenuSeed } from "@marquee/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import HomePage from "../src/features/home/HomePage";
import { trendOption } from "../src/features/home/TerminalsCard";
import type { RouteNode } from "../src/services/session";
import { useSession } from "../src/stores/session";
import { fakeServer, renderPage } from "./system-helpers";

/** The seeded menu as the server answers it (every entry; the page checks the authority itself). */
function toRoutes(seed: readonly MenuSeed[]): RouteNode[] {
  return seed.map((s, i) => ({
    id: i + 1,
    parentId: null,
    name: s.name,
    path: s.path,
    component: s.name,
    icon: null,
    sort: i,
    meta: { title: s.name, titles: null, invisible: s.invisible ?? false, authority: s.permission ?? "*" },
    children: toRoutes(s.children ?? []),
  }));
}

function signIn(permissions: string[]) {
  useSession.setState({
    permissions,
    roles: [],
    user: { id: 1, name: "Ada", avatar: null, officeName: "Acme" },
    routesConfig: toRoutes(MENU_SEED),
  });
}

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`);

const FULL: Omit<HomeSummaryResponse, "code" | "msg"> = {
  timezone: "UTC",
  at: "2026-03-14T10:00:00.000Z",
  terminals: {
    total: 9,
    online: 4,
    offline: 2,
    fault: 1,
    unauthorised: 1,
    disabled: 1,
    trend: days(14).map((day, i) => ({ day, online: i < 2 ? null : i, terminals: i < 2 ? null : 7 })),
  },
  alarms: {
    open: 3,
    latest: [
      {
        id: 41,
        terminalId: 7,
        terminalName: "Lobby screen",
        deviceId: "dev-7",
        officeId: 2,
        officeName: "Acme",
        kind: "fault",
        state: "open",
        message: "panel too hot",
        detail: null,
        count: 1,
        raisedAt: "2026-03-14T09:00:00.000Z",
        lastAt: "2026-03-14T09:30:00.000Z",
        clearedAt: null,
        clearedBy: null,
        clearedByName: null,
        clearNote: null,
      },
    ],
  },
  review: { material: 2, program: 3, plan: 0, message: 5 },
  publications: {
    total: 6,
    latest: [
      {
        id: 12,
        kind: "plan",
        contentId: 3,
        contentName: "Spring plan",
        contentState: "published",
        name: "Spring plan 2026-03-14",
        state: "active",
        publishAt: null,
        createDate: "2026-03-14T08:00:00.000Z",
        targetCount: 4,
        counts: {
          queued: 0,
          offline: 1,
          notified: 0,
          fetched: 0,
          downloading: 0,
          downloaded: 1,
          playing: 1,
          failed: 1,
          withdrawn: 0,
        },
        delivered: 2,
        pending: 1,
        failed: 1,
      },
    ],
  },
  storage: { used: 1.5 * 1024 ** 3, capacity: 10 * 1024 ** 3 },
  terminalQuota: { used: 4, quota: 10, officeName: "Acme" },
};

const EVERYTHING = [
  "terminal:device:view",
  "terminal:alarm:view",
  "content:material:view",
  "content:material:upload",
  "content:material:review",
  "content:program:view",
  "content:program:edit",
  "content:program:review",
  "content:playPlan:view",
  "content:playPlan:edit",
  "content:playPlan:review",
  "content:message:view",
  "content:message:edit",
  "content:message:review",
];

const href = (testId: string) => screen.getByTestId(testId).getAttribute("href");

describe("home page", { timeout: 30_000 }, () => {
  it("shows every figure of the summary, each a link to the screen behind it", async () => {
    signIn(EVERYTHING);
    const { calls } = fakeServer({ "GET /a/api/home/summary": () => FULL });
    renderPage(<HomePage />);

    expect((await screen.findByTestId("home-terminals-online")).textContent).toBe("4");
    expect(screen.getByTestId("home-welcome").textContent).toContain("Welcome, Ada");
    expect(href("home-terminals-online")).toBe("/terminalMonitor/monitor?status=online");
    expect(screen.getByTestId("home-terminals-offline").textContent).toBe("2");
    expect(href("home-terminals-offline")).toBe("/terminalMonitor/monitor?status=offline");
    expect(screen.getByTestId("home-terminals-fault").textContent).toBe("1");
    expect(href("home-terminals-fault")).toBe("/terminalMonitor/monitor?status=fault");
    expect(href("home-terminals-total")).toBe("/terminalMonitor/monitor");
    expect(screen.getByTestId("home-trend")).toBeTruthy();

    expect(screen.getByTestId("home-alarms-open").textContent).toBe("3");
    expect(href("home-alarms-open")).toBe("/abnormalAlarm/abnormalAlarmList");
    const alarm = screen.getByTestId("home-alarm-41");
    expect(within(alarm).getByText("Lobby screen")).toBeTruthy();
    expect(within(alarm).getByText("panel too hot")).toBeTruthy();

    expect(screen.getByTestId("home-review-program").textContent).toBe("3");
    expect(href("home-review-program")).toBe("/publishProgram/checklist");
    expect(href("home-review-material")).toBe("/contentCheck/materialCheck");
    expect(href("home-review-plan")).toBe("/playPlan/checklist");
    expect(screen.getByTestId("home-review-message").textContent).toBe("5");
    expect(href("home-review-message")).toBe("/publishMessage/checklist");

    const publication = screen.getByTestId("home-publication-12");
    expect(within(publication).getByText("Spring plan")).toBeTruthy();
    expect(href("home-publication-link-12")).toBe("/playPlan/list");
    expect(screen.getByTestId("home-publication-delivered-12").textContent).toBe("Delivered: 2");
    expect(screen.getByTestId("home-publication-pending-12").textContent).toBe("On the way: 1");
    expect(screen.getByTestId("home-publication-failed-12").textContent).toBe("Failed: 1");
    expect(within(screen.getByTestId("home-publications")).getByText("6 in all")).toBeTruthy();

    expect(screen.getByTestId("home-storage-used").textContent).toBe("1.50 GB used of 10.0 GB");
    expect(screen.getByTestId("home-quota-used").textContent).toBe("4 of 10 terminals authorised (Acme)");
    const storage = screen.getByTestId("home-storage");
    expect(within(storage).getByText("Material storage").closest("a")?.getAttribute("href")).toBe(
      "/resManage/myRes",
    );

    const shortcuts = screen.getByTestId("home-shortcuts");
    expect(
      within(shortcuts)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([
      "Upload material",
      "Make a program",
      "Make a play plan",
      "Publish a message",
      "Terminal monitoring",
    ]);
    expect(screen.getByTestId("home-shortcut-PlanMake").getAttribute("data-path")).toBe("/playPlan/planMake");
    expect(calls.filter((c) => c.path === "/a/api/home/summary")).toHaveLength(1);
  });

  it("renders only the blocks the summary carries, and no link to a screen the user may not open", async () => {
    // A program reviewer: the server sends the review block alone.
    signIn(["content:program:review"]);
    fakeServer({
      "GET /a/api/home/summary": () => ({ timezone: "UTC", at: FULL.at, review: { program: 3 } }),
    });
    renderPage(<HomePage />);
    expect((await screen.findByTestId("home-review-program")).textContent).toBe("3");
    expect(href("home-review-program")).toBe("/publishProgram/checklist");
    for (const gone of [
      "home-terminals",
      "home-alarms",
      "home-publications",
      "home-storage",
      "home-shortcuts",
      "home-review-material",
      "home-review-plan",
    ])
      expect(screen.queryByTestId(gone), gone).toBeNull();
  });

  it("offers no upload to a user who may open the materials but not upload (a reviewer)", async () => {
    signIn(["content:material:view", "content:material:review", "content:program:view"]);
    fakeServer({
      "GET /a/api/home/summary": () => ({ timezone: "UTC", at: FULL.at, review: { material: 2 } }),
    });
    renderPage(<HomePage />);
    await screen.findByTestId("home-review-material");
    const shortcuts = screen.queryByTestId("home-shortcuts");
    expect(shortcuts?.textContent ?? "").not.toContain("Upload material");
    expect(screen.queryByTestId("home-shortcut-materialManage")).toBeNull();
  });

  it("shows a figure without a link when its screen is not in the user's routes", async () => {
    // Terminal figures for a user whose menu lacks terminal monitoring.
    signIn(["terminal:alarm:view"]);
    fakeServer({
      "GET /a/api/home/summary": () => ({ timezone: "UTC", at: FULL.at, terminals: FULL.terminals }),
    });
    renderPage(<HomePage />);
    const online = await screen.findByTestId("home-terminals-online");
    expect(online.textContent).toBe("4");
    expect(online.tagName).toBe("SPAN");
    expect(online.closest("a")).toBeNull();
  });

  it("charts the trend with gaps where the roll-ups have not counted yet", () => {
    const option = trendOption(FULL.terminals?.trend ?? [], { online: "Online", total: "Authorised" }) as {
      xAxis: { data: string[] };
      series: Array<{ data: Array<number | null> }>;
    };
    expect(option.xAxis.data[0]).toBe("03-01");
    expect(option.series[0]?.data.slice(0, 3)).toEqual([null, null, 2]);
    expect(option.series[0]?.data).toHaveLength(14);
  });
});
