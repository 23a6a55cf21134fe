// @vitest-environment jsdom
import { MENU_SEED, type MenuSeed, SESSION_TTL_MS } from "@marquee/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App as AntApp } from "antd";
import { useState } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthButton } from "../src/components/AuthButton";
import { DEFAULT_SETTINGS } from "../src/config/settings";
import { PublishPage } from "../src/features/publish/PublishScreen";
import LoginPage from "../src/features/session/LoginPage";
import { availableModes, modeOf } from "../src/features/terminal/modes";
import TerminalScreen from "../src/features/terminal/TerminalScreen";
import { PAGE_ANIMATION_MS, PageAnimation } from "../src/layouts/PageAnimation";
import { PageHost, REFRESH_DELAY_MS } from "../src/layouts/PageHost";
import { CurrentPage } from "../src/router/currentPage";
import { flattenRoutes } from "../src/router/routes";
import { http, setHttpHost } from "../src/services/http";
import type { RouteNode } from "../src/services/session";
import { logoutReason, noteAnswer, SERVER_EARLY_MS, watchExpiry } from "../src/services/sessionExpiry";
import { useSession } from "../src/stores/session";
import { useSettings } from "../src/stores/settings";
import { useTabs } from "../src/stores/tabs";
import { fakeServer, grant, renderPage } from "./system-helpers";

/** The seeded menu as the server answers it. */
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
const PAGES = flattenRoutes(toRoutes(MENU_SEED));
const pageNamed = (name: string) => {
  const page = PAGES.find((p) => p.name === name);
  if (!page) throw new Error(name);
  return page;
};

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("a guarded action without the right", () => {
  it("shows the spec's message when the disabled button is clicked, and runs nothing", async () => {
    grant([]);
    const onClick = vi.fn();
    renderPage(<AuthButton operation="sys:log:export" label="Export" onClick={onClick} />);
    const button = screen.getByRole("button", { name: "Export" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe("no permission");
    fireEvent.click(screen.getByTestId("auth-denied"));
    expect(await screen.findByText("对不起，您没有操作权限：Export")).toBeTruthy();
    expect(onClick).not.toHaveBeenCalled();
  });

  it("is a plain button for a user who holds the operation", () => {
    grant(["sys:log:export"]);
    const onClick = vi.fn();
    renderPage(<AuthButton operation="sys:log:export" label="Export" onClick={onClick} />);
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("auth-denied")).toBeNull();
  });
});

describe("the publish screens without the right", () => {
  it("go to /403 like every other page, not a 403 inside the page", async () => {
    grant(["content:program:view"]);
    fakeServer({});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <MemoryRouter initialEntries={["/publishSet?kind=program&id=7"]}>
            <Routes>
              <Route path="/publishSet" element={<PublishPage screen="publishSet" />} />
              <Route path="/403" element={<p>the 403 page</p>} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("the 403 page")).toBeTruthy();
  });
});

describe("the terminal screen's modes", { timeout: 20_000 }, () => {
  it("offers the modes the user may open, and opens the one its route names", () => {
    const all = availableModes(PAGES, ["terminal:device:view", "terminal:device:settings"], []);
    expect(all.map((m) => [m.mode, m.page.path])).toEqual([
      ["monitor", "/terminalMonitor/monitor"],
      ["info", "/terminalMonitor/info"],
      ["setting", "/terminalMonitor/setting"],
    ]);
    expect(modeOf("terminalInfo", all)).toBe("info");
    expect(modeOf("terminalSetting", all)).toBe("setting");
    // terminalManage opens the first mode the user may open
    expect(modeOf("terminalManage", all)).toBe("monitor");
    const settingsOnly = availableModes(PAGES, ["terminal:device:settings"], []);
    expect(settingsOnly.map((m) => m.mode)).toEqual(["setting"]);
    expect(modeOf("terminalManage", settingsOnly)).toBe("setting");
  });

  const SCREEN = {
    id: 1,
    name: "Lobby",
    officeId: 1,
    officeName: "HQ",
    groupId: null,
    groupName: null,
    state: "authorised",
    status: "online",
    online: true,
    fault: null,
    model: "Web player",
    version: "3.8.33",
    width: 1920,
    height: 1080,
    ip: null,
    enrolCode: "ABC123",
    programName: null,
    lastSeenAt: null,
    screenshotUrl: null,
    createDate: "2026-03-01T09:00:00.000Z",
  };

  function openAs(permissions: string[]) {
    useSession.setState({
      permissions,
      roles: [],
      user: { id: 1, name: "Ada", avatar: null },
      routesConfig: toRoutes(MENU_SEED),
    });
    return fakeServer({
      "GET /a/api/terminal/treeDataNew": () => ({ tree: [] }),
      "GET /a/api/terminal/terminalStatusCount": () => ({
        total: 0,
        online: 0,
        offline: 0,
        fault: 0,
        unauthorised: 0,
        disabled: 0,
      }),
      "GET /a/api/terminal/list": () => ({ list: [SCREEN], total: 1, pageNo: 1, pageSize: 50 }),
      "GET /a/api/terminal/findTerminalStatusArray": () => ({ list: [] }),
      "GET /a/api/strategy/list": () => ({ list: [], total: 0, pageNo: 1, pageSize: 50 }),
    });
  }

  it("shows a user holding only the settings permission the settings part, and asks nothing it may not", async () => {
    const server = openAs(["terminal:device:settings"]);
    renderPage(
      <CurrentPage value={pageNamed("terminalSetting")}>
        <TerminalScreen />
      </CurrentPage>,
    );
    expect(await screen.findByTestId("terminal-setting-tabs")).toBeTruthy();
    expect(screen.getByTestId("terminal-needs-view")).toBeTruthy();
    expect(screen.queryByTestId("terminal-modes")).toBeNull();
    expect(server.calls.filter((c) => c.path.startsWith("/a/api/terminal/"))).toEqual([]);
  });

  it("opens information by its name, with the other modes to switch to", async () => {
    openAs(["terminal:device:view", "terminal:device:settings"]);
    renderPage(
      <CurrentPage value={pageNamed("terminalInfo")}>
        <TerminalScreen />
      </CurrentPage>,
    );
    const modes = await screen.findByTestId("terminal-modes");
    expect(modes.querySelector(".ant-segmented-item-selected")?.textContent).toBe("Terminal information");
    expect(modes.textContent).toContain("Terminal monitoring");
    expect(modes.textContent).toContain("Terminal settings");
    expect(await screen.findByText("Registered")).toBeTruthy();
    expect(screen.getByText("Web player")).toBeTruthy();
  });
});

describe("the brand's dualScreen", { timeout: 20_000 }, () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("shows the sign-in page in two halves, the brand beside the form, for a brand that sets it", async () => {
    useSession.setState({ personal: null });
    fakeServer({ "GET /f/common/isSysInit": () => ({ data: 1 }) });
    window.history.replaceState(null, "", "/lango/login");
    const { unmount } = renderPage(<LoginPage />);
    const panel = await screen.findByTestId("login-brand-panel");
    expect(panel.textContent).toContain("Lango Signage");
    expect(panel.querySelector("form")).toBeNull();
    expect(screen.getByTestId("login-dual").querySelector("form")).toBeTruthy();
    unmount();
    // the default brand keeps one card
    window.history.replaceState(null, "", "/login");
    renderPage(<LoginPage />);
    expect(await screen.findByTestId("brand-title")).toBeTruthy();
    expect(screen.queryByTestId("login-brand-panel")).toBeNull();
  });
});

describe("the session kept locally", () => {
  it("keeps no server address of its own: the console talks to the origin it came from", () => {
    useSession.getState().clear();
    expect(useSession.getState()).not.toHaveProperty("serverIp");
  });
});

describe("the page animation", () => {
  it("is a plain fade of at most 300 ms by default", () => {
    useSettings.setState({ settings: DEFAULT_SETTINGS });
    render(
      <PageAnimation animateKey="/a" path="/a">
        <p>page</p>
      </PageAnimation>,
    );
    const wrapper = screen.getByTestId("page-animation");
    expect(wrapper.className).toBe("animate__animated animate__fadeIn");
    expect(PAGE_ANIMATION_MS).toBeLessThanOrEqual(300);
    expect(wrapper.style.getPropertyValue("--animate-duration")).toBe(`${PAGE_ANIMATION_MS}ms`);
  });
});

describe("the page area", () => {
  function Counter({ name }: { name: string }) {
    const [n, setN] = useState(0);
    return (
      <button type="button" onClick={() => setN(n + 1)}>
        {name} {n}
      </button>
    );
  }

  it("keeps the pages of open tabs with their state when asked, and only the shown one otherwise", () => {
    const host = (screenKey: string, keep: string[] | null) => (
      <PageHost screen={screenKey} keep={keep}>
        <Counter name={screenKey} />
      </PageHost>
    );
    const { rerender } = render(host("/a", ["/a", "/b"]));
    fireEvent.click(screen.getByText("/a 0"));
    rerender(host("/b", ["/a", "/b"]));
    expect(screen.getByText("/b 0")).toBeTruthy();
    rerender(host("/a", ["/a", "/b"]));
    expect(screen.getByText("/a 1")).toBeTruthy();
    // a closed tab's page goes
    rerender(host("/b", ["/b"]));
    rerender(host("/a", ["/a", "/b"]));
    expect(screen.getByText("/a 0")).toBeTruthy();
    // without keeping, every change of page starts afresh
    fireEvent.click(screen.getByText("/a 0"));
    rerender(host("/b", null));
    rerender(host("/a", null));
    expect(screen.getByText("/a 0")).toBeTruthy();
  });

  it("mounts the shown page afresh on a tab refresh, after the spinner", () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <PageHost screen="/a" keep={["/a"]}>
        <Counter name="/a" />
      </PageHost>,
    );
    fireEvent.click(screen.getByText("/a 0"));
    act(() => useTabs.getState().refresh());
    expect(screen.getByTestId("page-refreshing")).toBeTruthy();
    act(() => vi.advanceTimersByTime(REFRESH_DELAY_MS));
    rerender(
      <PageHost screen="/a" keep={["/a"]}>
        <Counter name="/a" />
      </PageHost>,
    );
    expect(screen.getByText("/a 0")).toBeTruthy();
  });
});

describe("the session's end", () => {
  it("tells a cookie that ran out from a session the server ended", () => {
    const now = 1_800_000_000_000;
    noteAnswer(now - SESSION_TTL_MS + SERVER_EARLY_MS + 1000);
    expect(logoutReason(now)).toBe("ended");
    noteAnswer(now - SESSION_TTL_MS + SERVER_EARLY_MS);
    expect(logoutReason(now)).toBe("expired");
  });

  it("fires when the two hours after the last answer are over, unless another tab's answer moved them", () => {
    vi.useFakeTimers();
    const start = Date.now();
    noteAnswer(start);
    const expired = vi.fn();
    const stop = watchExpiry(expired);
    vi.advanceTimersByTime(SESSION_TTL_MS / 2);
    noteAnswer(); // another tab's call, an hour later
    vi.advanceTimersByTime(SESSION_TTL_MS / 2);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SESSION_TTL_MS / 2);
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it("sends a 'logout' answer to sign-in when the cookie ran out, and to /logout otherwise", async () => {
    const host = { toast: vi.fn(), goLogout: vi.fn(), sessionExpired: vi.fn() };
    setHttpHost(host);
    fakeServer({
      "GET /a/api/user/getUserInfo": () => ({ status: 401, json: { code: 401, msg: "logout" } }),
    });
    noteAnswer(Date.now() - 60_000);
    await expect(http.get("/a/api/user/getUserInfo")).rejects.toThrow("logout");
    expect(host.goLogout).toHaveBeenCalledTimes(1);
    expect(host.toast).toHaveBeenCalledWith("info", expect.any(String));
    noteAnswer(Date.now() - SESSION_TTL_MS);
    await expect(http.get("/a/api/user/getUserInfo")).rejects.toThrow("logout");
    expect(host.sessionExpired).toHaveBeenCalledTimes(1);
    expect(host.goLogout).toHaveBeenCalledTimes(1);
  });

  it("counts every other answer as pushing the cookie on", async () => {
    fakeServer({ "GET /f/common/isSysInit": () => ({ data: 1 }) });
    noteAnswer(1);
    await http.get("/f/common/isSysInit");
    await waitFor(() => expect(Number(localStorage.getItem("marquee.lastAnswer"))).toBeGreaterThan(1));
  });
});
