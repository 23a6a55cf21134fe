// @vitest-environment jsdom
import type {
  BehaviorActionsResponse,
  BehaviorActiveResponse,
  BehaviorOfficesResponse,
  BehaviorPagesResponse,
  BehaviorUsersResponse,
} from "@marquee/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App as AntApp, ConfigProvider } from "antd";
import dayjs from "dayjs";
import { MemoryRouter, useLocation } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { readRange } from "../src/features/behavior/filters";
import UserBehaviorPage from "../src/features/behavior/UserBehaviorPage";
import { type Call, fakeServer, grant } from "./system-helpers";

// The page reads "today" when it renders and again when a preset is picked; the test reads it
// when the file loads. Only Date is faked (timers stay real), at a fixed noon, so a run that
// crosses midnight cannot see two different days.
vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 2, 10, 12, 0, 0) });
afterAll(() => vi.useRealTimers());
const TODAY = dayjs().format("YYYY-MM-DD");
type Body<T> = Omit<T, "code" | "msg">;

const meta = (c: Call) => ({
  from: c.query.get("from") ?? "",
  to: c.query.get("to") ?? "",
  timezone: "Europe/Rome",
  asOf: "2026-03-10T08:05:00.000Z",
});

function behaviorServer() {
  return fakeServer({
    "GET /a/api/behavior/activeUsers": (c): Body<BehaviorActiveResponse> => ({
      ...meta(c),
      series: [
        { day: c.query.get("from") ?? "", activeUsers: 2, logins: 3, pageViews: 7, actions: 4 },
        { day: c.query.get("to") ?? "", activeUsers: 1, logins: 1, pageViews: 2, actions: 0 },
      ],
      totals: { activeUsers: 2, logins: 4, pageViews: 9, actions: 4 },
    }),
    "GET /a/api/behavior/pages": (c): Body<BehaviorPagesResponse> => ({
      ...meta(c),
      list: [
        { page: "terminalManage", views: 6, users: 2 },
        { page: "home", views: 3, users: 1 },
      ],
    }),
    "GET /a/api/behavior/actions": (c): Body<BehaviorActionsResponse> => ({
      ...meta(c),
      list: [{ action: "/a/api/user/saveUserInfo", count: 4, users: 2, failed: 1 }],
      total: 4,
    }),
    "GET /a/api/behavior/offices": (c): Body<BehaviorOfficesResponse> => {
      const inShop = c.query.get("officeId") === "6";
      return {
        ...meta(c),
        office: inShop ? { id: 6, name: "Roma" } : { id: 2, name: "ACME" },
        trail: inShop ? [{ id: 2, name: "ACME" }] : [],
        list: [
          {
            officeId: inShop ? 6 : 2,
            officeName: inShop ? "Roma" : "ACME",
            self: true,
            hasChildren: false,
            activeUsers: 1,
            logins: 1,
            pageViews: 2,
            actions: 1,
          },
          ...(inShop
            ? []
            : [
                {
                  officeId: 6,
                  officeName: "Roma",
                  self: false,
                  hasChildren: false,
                  activeUsers: 1,
                  logins: 3,
                  pageViews: 7,
                  actions: 3,
                },
              ]),
        ],
      };
    },
    "GET /a/api/behavior/users": (c): Body<BehaviorUsersResponse> => ({
      ...meta(c),
      list: [
        {
          userId: 10,
          username: `amy-page-${c.query.get("pageNo")}`,
          name: "Amy",
          officeId: 6,
          officeName: "Roma",
          logins: 3,
          pageViews: 7,
          actions: 3,
          activeDays: 2,
          lastDay: TODAY,
        },
      ],
      total: 25,
      pageNo: Number(c.query.get("pageNo")),
      pageSize: Number(c.query.get("pageSize")),
    }),
  });
}

function Location() {
  const l = useLocation();
  return <output data-testid="location">{l.search}</output>;
}

function renderBehavior(url = "/sys/userBehaviorStatistics") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider>
        <AntApp>
          <MemoryRouter initialEntries={[url]}>
            <UserBehaviorPage />
            <Location />
          </MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const callsTo = (calls: Call[], name: string) => calls.filter((c) => c.path === `/a/api/behavior/${name}`);
const link = () => new URLSearchParams(screen.getByTestId("location").textContent ?? "");

describe("behaviour range in the link", () => {
  it("opens the last 30 days, keeps a valid range and office, and refuses what the server would", () => {
    const today = dayjs("2026-03-10");
    expect(readRange(new URLSearchParams(""), today)).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(readRange(new URLSearchParams("from=2026-01-01&to=2026-01-31&office=5"), today)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      officeId: 5,
    });
    for (const bad of [
      "from=2026-02-30&to=2026-03-01",
      "from=2026-03-05&to=2026-03-01",
      "from=2024-01-01&to=2026-01-01",
    ])
      expect(readRange(new URLSearchParams(bad), today)).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(readRange(new URLSearchParams("office=-1"), today)).not.toHaveProperty("officeId");
  });
});

describe("the user behaviour page", { timeout: 30_000 }, () => {
  it("shows the range's totals, pages by their translated titles and actions by name", async () => {
    grant(["stats:userBehavior:view"]);
    behaviorServer();
    renderBehavior();
    expect(screen.getByTestId("behavior-page")).toBeTruthy();
    const totals = screen.getByTestId("behavior-totals");
    await waitFor(() => expect(within(totals).getByText("9")).toBeTruthy());

    const pages = screen.getByTestId("behavior-pages");
    await waitFor(() => expect(within(pages).getByTestId("behavior-pages-chart")).toBeTruthy());
    fireEvent.click(within(pages).getByText("Table"));
    const table = await within(pages).findByTestId("behavior-pages-table");
    // The route name is shown as the console's title of that page.
    expect(within(table).getByText("Home")).toBeTruthy();
    expect(within(table).queryByText("home")).toBeNull();

    const actions = screen.getByTestId("behavior-actions");
    fireEvent.click(within(actions).getByText("Table"));
    expect(await within(actions).findByText("Edit own profile")).toBeTruthy();
    expect(within(actions).queryByText("/a/api/user/saveUserInfo")).toBeNull();

    const offices = screen.getByTestId("behavior-offices");
    fireEvent.click(within(offices).getByText("Table"));
    expect(await within(offices).findByText("ACME (its own users)")).toBeTruthy();
    expect(within(offices).getByText("Roma")).toBeTruthy();

    expect(await within(screen.getByTestId("behavior-users")).findByText("amy-page-1")).toBeTruthy();
  });

  it("refetches every figure with the new days when the range changes, and writes them into the link", async () => {
    grant(["stats:userBehavior:view"]);
    const { calls } = behaviorServer();
    renderBehavior();
    await waitFor(() => expect(callsTo(calls, "activeUsers")).toHaveLength(1));
    expect(callsTo(calls, "activeUsers")[0]?.query.get("to")).toBe(TODAY);

    fireEvent.click(within(screen.getByTestId("behavior-range")).getAllByRole("textbox")[0] as HTMLElement);
    fireEvent.click(await screen.findByText("Last 7 days"));
    const weekAgo = dayjs().subtract(6, "day").format("YYYY-MM-DD");
    for (const name of ["activeUsers", "pages", "actions", "offices", "users"])
      await waitFor(() =>
        expect(
          callsTo(calls, name).some((c) => c.query.get("from") === weekAgo),
          name,
        ).toBe(true),
      );
    expect(link().get("from")).toBe(weekAgo);
    expect(link().get("to")).toBe(TODAY);
  });

  it("opens a child office from the office filter and goes back up along its path", async () => {
    grant(["stats:userBehavior:view"]);
    const { calls } = behaviorServer();
    renderBehavior();
    const filter = screen.getByTestId("behavior-office");
    await waitFor(() => expect(within(filter).getByText("ACME")).toBeTruthy());
    fireEvent.mouseDown(within(filter).getByRole("combobox"));
    fireEvent.click(await screen.findByText("Roma", { selector: ".ant-select-item-option-content" }));
    await waitFor(() => expect(link().get("office")).toBe("6"));
    await waitFor(() =>
      expect(callsTo(calls, "activeUsers").some((c) => c.query.get("officeId") === "6")).toBe(true),
    );
    fireEvent.click(await screen.findByTestId("behavior-office-up-2"));
    await waitFor(() => expect(link().get("office")).toBe("2"));
  });

  it("pages the per-user table on the server", async () => {
    grant(["stats:userBehavior:view"]);
    const { calls } = behaviorServer();
    renderBehavior();
    const users = screen.getByTestId("behavior-users");
    await within(users).findByText("amy-page-1");
    fireEvent.click(within(users).getByTitle("2"));
    expect(await within(users).findByText("amy-page-2")).toBeTruthy();
    const last = callsTo(calls, "users").at(-1);
    expect(last?.query.get("pageNo")).toBe("2");
    expect(last?.query.get("sort")).toBe("pageViews");
  });
});
