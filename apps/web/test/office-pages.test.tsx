// @vitest-environment jsdom
import { GB } from "@marquee/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import type { ReactElement } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import AgentOpeningPage from "../src/features/office/AgentOpeningPage";
import OfficePage from "../src/features/office/OfficePage";
import i18n from "../src/locales";
import { useSession } from "../src/stores/session";

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
type Answer = (call: Call) => object | Response | undefined;

const node = (id: number, parentId: number | null, name: string, type: string, childCount = 0) => ({
  id,
  parentId,
  name,
  type,
  code: null,
  enabled: true,
  expiresAt: null,
  state: "active",
  childCount,
  isLeaf: childCount === 0,
});
const detail = (n: ReturnType<typeof node>, patch: object = {}) => ({
  ...n,
  path: n.parentId === null ? `/${n.id}/` : `/1/${n.id}/`,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  address: null,
  remarks: null,
  sort: 0,
  capacityBytes: null,
  terminalQuota: null,
  createDate: "2026-01-01T00:00:00.000Z",
  updateDate: "2026-01-01T00:00:00.000Z",
  ...patch,
});
const PLATFORM = node(1, null, "Platform", "platform", 2);
const AGENT = node(2, 1, "Agent A", "agent", 1);
const HQ = node(3, 1, "Headquarters", "institution");
const CUSTOMER = node(4, 2, "Acme Retail", "customer");

/** The server's answers for these screens (the API itself is tested against the real server). */
function serve(calls: Call[], answer: Answer) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, "http://localhost");
      const call = {
        method: init?.method ?? "GET",
        path: u.pathname.replace("/apm-web", ""),
        query: Object.fromEntries(u.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const out = answer(call);
      if (out instanceof Response) return out;
      if (!out) return new Response(JSON.stringify({ code: 404, msg: `no ${call.path}` }), { status: 404 });
      return new Response(JSON.stringify({ code: 0, msg: "Success", ...out }), { status: 200 });
    }),
  );
}

/** Answers of institution management for the little tree above. */
const officeAnswers: Answer = (c) => {
  switch (c.path) {
    case "/a/api/office/officeDynamicData":
      if (!c.query.id) return { list: [PLATFORM] };
      if (c.query.id === "1") return { list: [AGENT, HQ] };
      if (c.query.id === "2") return { list: [CUSTOMER] };
      return { list: [] };
    case "/a/api/office/officeInfo": {
      const all = [PLATFORM, AGENT, HQ, CUSTOMER];
      const n = all.find((x) => String(x.id) === c.query.id);
      return n ? { office: detail(n) } : undefined;
    }
    case "/a/api/office/findInstantStatistics":
      return {
        statistics: {
          officeId: Number(c.query.id),
          institutions: 1,
          agents: 1,
          customers: 1,
          users: 17,
          terminals: { total: 9, online: 6, offline: 2, pending: 1, disabled: 0 },
          materials: 42,
          storageBytes: 3 * GB,
          programs: 5,
        },
      };
    case "/a/api/office/findChild":
      return {
        list:
          c.query.id === "1"
            ? [
                {
                  ...AGENT,
                  users: 4,
                  terminals: 3,
                  contactName: "Ann",
                  contactPhone: null,
                  terminalQuota: 10,
                  capacityBytes: null,
                  createDate: "2026-01-01T00:00:00.000Z",
                },
              ]
            : [],
        total: c.query.id === "1" ? 1 : 0,
        pageNo: 1,
        pageSize: 10,
      };
    default:
      return undefined;
  }
};

const renderPage = (page: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{page}</App>
    </QueryClientProvider>,
  );

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

configure({ asyncUtilTimeout: 8000 });

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("institution management", () => {
  it("shows the tree, the chosen office's figures and what lies below it", async () => {
    serve([], officeAnswers);
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    renderPage(<OfficePage />);
    const tree = await screen.findByTestId("office-tree");
    await within(tree).findByText("Agent A");
    expect((await screen.findByTestId("office-stat-users")).textContent).toContain("17");
    expect(screen.getByTestId("office-stat-storage").textContent).toContain("3.00 GB");
    const table = screen.getByTestId("office-children");
    await within(table).findByText("Ann");
    expect(table.textContent).toContain("3 / 10");
  });

  it("creates a customer under the chosen agent and shows the server's field errors", async () => {
    const calls: Call[] = [];
    let refuse = true;
    serve(calls, (c) => {
      if (c.path !== "/a/api/office/save") return officeAnswers(c);
      if (refuse)
        return new Response(
          JSON.stringify({
            code: 400,
            msg: "name: An institution named Bistro already exists at this place",
            errors: [{ field: "name", message: "An institution named Bistro already exists at this place" }],
          }),
          { status: 400 },
        );
      return { office: detail(node(9, 2, "Bistro Uno", "customer")) };
    });
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    renderPage(<OfficePage />);
    fireEvent.click(await within(await screen.findByTestId("office-tree")).findByText("Agent A"));
    await waitFor(() => expect(screen.getByTestId("office-detail").textContent).toContain("Agent A"));
    fireEvent.click(screen.getByTestId("office-new"));
    const form = await screen.findByTestId("office-form");
    // under an agent: institutions and customers, never agents
    const kinds = await within(form).findByTestId("office-form-type");
    expect(kinds.textContent).toContain("Customer");
    expect(kinds.textContent).not.toContain("Agent");
    fireEvent.click(within(kinds).getByText("Customer"));
    type("office-form-name", "Bistro");
    fireEvent.change(await screen.findByTestId("office-form-terminal-quota"), { target: { value: "25" } });
    fireEvent.click(screen.getByTestId("office-form-ok"));
    await screen.findByText("An institution named Bistro already exists at this place");
    refuse = false;
    type("office-form-name", "Bistro Uno");
    fireEvent.click(screen.getByTestId("office-form-ok"));
    await screen.findByText("Bistro Uno created");
    const saves = calls.filter((c) => c.path === "/a/api/office/save");
    expect(saves).toHaveLength(2);
    expect(saves[1]?.body).toMatchObject({
      parentId: 2,
      type: "customer",
      name: "Bistro Uno",
      terminalQuota: 25,
      capacityBytes: null,
      expiresAt: null,
      enabled: true,
    });
  });

  it("shows why the server refused a deletion", async () => {
    serve([], (c) =>
      c.path === "/a/api/office/deleteOffice"
        ? new Response(
            JSON.stringify({
              code: 409,
              msg: "Headquarters cannot be deleted: it still holds 2 user(s). Move or delete them first",
            }),
            { status: 409 },
          )
        : officeAnswers(c),
    );
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    renderPage(<OfficePage />);
    fireEvent.click(await within(await screen.findByTestId("office-tree")).findByText("Headquarters"));
    await waitFor(() => expect(screen.getByTestId("office-detail").textContent).toContain("Headquarters"));
    fireEvent.click(screen.getByTestId("office-delete"));
    fireEvent.click(await screen.findByTestId("office-delete-ok"));
    const reason = await screen.findByTestId("office-delete-reason");
    expect(reason.textContent).toBe(
      "Headquarters cannot be deleted: it still holds 2 user(s). Move or delete them first",
    );
  });

  it("disables what the user may not do", async () => {
    serve([], officeAnswers);
    useSession.setState({
      user: { id: 1, name: "Viewer", avatar: null },
      permissions: ["sys:office:view"],
      roles: [],
    });
    renderPage(<OfficePage />);
    await waitFor(() => expect(screen.getByTestId("office-detail").textContent).toContain("Platform"));
    for (const id of ["office-new", "office-edit", "office-delete"]) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled, id).toBe(true);
      expect(screen.getByTestId(id).getAttribute("title"), id).toBe("no permission");
    }
  });
});

describe("agent activation", () => {
  const customer = {
    id: 4,
    name: "Acme Retail",
    type: "customer",
    parentId: 2,
    parentName: "Agent A",
    code: null,
    contactName: "Giulia Rossi",
    contactPhone: "+39 02 555",
    contactEmail: null,
    capacityBytes: 2 * GB,
    terminalQuota: 10,
    expiresAt: new Date(Date.now() + 12.5 * 86_400_000).toISOString(),
    enabled: true,
    state: "expiring",
    createDate: "2026-01-01T00:00:00.000Z",
  };
  const answers: Answer = (c) => {
    switch (c.path) {
      case "/a/api/customer/customerDynamicData":
        if (!c.query.id)
          return {
            list: [
              { id: 1, parentId: null, name: "Platform", type: "platform", state: "active", isLeaf: false },
            ],
          };
        if (c.query.id === "1")
          return {
            list: [{ id: 2, parentId: 1, name: "Agent A", type: "agent", state: "active", isLeaf: false }],
          };
        return { list: [] };
      case "/a/api/customer/searchCustomer":
        if (c.query.type === "agent")
          return {
            list: [
              {
                ...customer,
                id: 2,
                name: "Agent A",
                type: "agent",
                parentId: 1,
                parentName: "Platform",
                state: "active",
              },
            ],
            total: 1,
            pageNo: 1,
            pageSize: 500,
          };
        return { list: [customer], total: 1, pageNo: 1, pageSize: 10 };
      case "/a/api/customer/customerInfo":
        return {
          customer: {
            ...customer,
            address: null,
            remarks: null,
            secondDomainName: null,
            daysToExpiry: 12,
            blockedBy: null,
            usage: { storageBytes: GB, terminalsAuthorised: 9, terminals: 11, users: 3, customers: 0 },
            adminRole: { id: 5, name: "Customer administrator" },
          },
        };
      case "/a/api/office/save":
        return { office: detail(node(10, 2, "Bistro Uno", "customer")) };
      default:
        return undefined;
    }
  };

  it("lists customers with their state, and shows one's usage against its quotas", async () => {
    const calls: Call[] = [];
    serve(calls, answers);
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    renderPage(<AgentOpeningPage />);
    const table = await screen.findByTestId("customer-table");
    await within(table).findByText("Acme Retail");
    expect(within(table).getByTestId("customer-state-tag").textContent).toBe("Expiring soon");
    expect(table.textContent).toContain("12 days left");
    fireEvent.click(within(table).getByTestId("customer-detail"));
    const storage = await screen.findByTestId("customer-storage-usage");
    expect(storage.textContent).toContain("1.00 GB of 2.00 GB");
    expect(storage.textContent).toContain("50%");
    expect(screen.getByTestId("customer-terminal-usage").textContent).toContain("9 of 10");
    expect(screen.getByTestId("customer-days-left").textContent).toContain("12 days left");

    fireEvent.mouseDown(within(screen.getByTestId("customer-state")).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Expired"));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === "/a/api/customer/searchCustomer" && c.query.state === "expired"),
      ).toBe(true),
    );
  });

  it("creates a customer under a chosen agent", async () => {
    const calls: Call[] = [];
    serve(calls, answers);
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    renderPage(<AgentOpeningPage />);
    fireEvent.click(await within(await screen.findByTestId("agent-tree")).findByText("Agent A"));
    fireEvent.click(screen.getByTestId("customer-new"));
    const form = await screen.findByTestId("customer-form");
    await waitFor(() =>
      expect(within(form).getByTestId("customer-form-parent").textContent).toContain("Agent A"),
    );
    type("customer-form-name", "Bistro Uno");
    fireEvent.change(await screen.findByTestId("customer-form-capacity"), { target: { value: "5" } });
    fireEvent.click(screen.getByTestId("customer-form-ok"));
    await screen.findByText("Bistro Uno created");
    expect(calls.find((c) => c.path === "/a/api/office/save")?.body).toMatchObject({
      parentId: 2,
      type: "customer",
      name: "Bistro Uno",
      capacityBytes: 5 * GB,
    });
  });
});
