// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import dayjs from "dayjs";
import { createElement } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import UserManagePage from "../src/features/user/UserManagePage";
import i18n from "../src/locales";
import { useSession } from "../src/stores/session";

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** The server's answers for this screen (the API itself is tested against the real server). */
function serve(calls: Call[], saveAnswer: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, "http://localhost");
      const path = u.pathname.replace("/apm-web", "");
      // JSON, or a form like the address check's
      const raw = init?.body ? String(init.body) : undefined;
      const body = raw?.startsWith("{")
        ? JSON.parse(raw)
        : raw && Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: init?.method ?? "GET", path, query: Object.fromEntries(u.searchParams), body });
      const ok = (v: object) =>
        new Response(JSON.stringify({ code: 0, msg: "Success", ...v }), { status: 200 });
      switch (path) {
        case "/a/api/office/treeDataNew": {
          const node = { code: null, enabled: true, expiresAt: null, state: "active" };
          return ok({
            tree: [
              {
                ...node,
                id: 1,
                parentId: null,
                name: "Platform",
                type: "platform",
                childCount: 1,
                isLeaf: false,
                children: [
                  {
                    ...node,
                    id: 3,
                    parentId: 1,
                    name: "Acme",
                    type: "customer",
                    childCount: 0,
                    isLeaf: true,
                    children: [],
                  },
                ],
              },
            ],
          });
        }
        case "/a/api/user/usereList":
          return ok({
            list: [
              {
                id: 2,
                username: "keeper",
                name: "Keeper",
                officeId: 3,
                officeName: "Acme",
                email: null,
                phone: null,
                enabled: true,
                remarks: null,
                roles: [
                  { id: 7, code: "viewer", name: "Viewer" },
                  { id: 1, code: "admin", name: "Administrator" },
                ],
                dataRange: "subtree",
                lastLoginAt: "2026-01-02T03:04:00.000Z",
                lastLoginIp: "10.0.0.1",
                mustChangePassword: true,
                passwordExpired: false,
                createdAt: "2026-01-01T00:00:00.000Z",
              },
            ],
            total: 1,
            pageNo: 1,
            pageSize: 20,
          });
        case "/a/api/user/allRoleList":
          return ok({
            list: [
              {
                id: 7,
                code: "viewer",
                name: "Viewer",
                description: null,
                officeId: 3,
                builtIn: false,
                allPermissions: false,
              },
            ],
          });
        case "/a/api/sysSetting/getKey":
          return ok({ jsonObject: { passwordPolicy: { minLength: 10, classes: 3, expiryDays: 0 } } });
        case "/f/common/getPublishKey":
          return ok({ landingEncryption: false, publicKeyJson: {} });
        case "/a/api/user/checkPhoneOrEmail": {
          // The server gives one answer for any user's address, in whatever tenant.
          const taken = (body as { email?: string }).email === "b1@two.test";
          return ok({ taken, ...(taken && { msg: "This address cannot be used" }) });
        }
        case "/a/api/user/save":
          return saveAnswer();
        default:
          return new Response(JSON.stringify({ code: 404, msg: `no ${path}` }), { status: 404 });
      }
    }),
  );
}

const page = () =>
  render(
    createElement(
      QueryClientProvider,
      { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
      createElement(App, null, createElement(UserManagePage)),
    ),
  );

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

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
  // antd's table measures its scroll area
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

describe("user management", () => {
  it("lists the users of the chosen institution from the server", async () => {
    const calls: Call[] = [];
    serve(calls, () => new Response("{}"));
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    page();
    const row = await screen.findByTestId("user-row-keeper");
    expect(row.textContent).toContain("Viewer");
    expect(row.textContent).toContain("Must change password");
    expect(screen.getByTestId("service-tab").textContent).toBe("Service accounts");
    // The last sign-in as the rest of the console writes a moment, not in the browser's format.
    expect(row.textContent).toContain(dayjs("2026-01-02T03:04:00.000Z").format("YYYY-MM-DD HH:mm"));
    fireEvent.click(await within(await screen.findByTestId("user-office-tree")).findByText("Acme"));
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/a/api/user/usereList" && c.query.officeId === "3")).toBe(true),
    );
    expect(calls.find((c) => c.path === "/a/api/user/usereList")?.query).toMatchObject({
      pageNo: "1",
      pageSize: "20",
    });
  });

  it("names the administrator role made at first start in the reader's language", async () => {
    serve([], () => new Response("{}"));
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    await i18n.changeLanguage("fr");
    try {
      page();
      const row = await screen.findByTestId("user-row-keeper");
      expect(row.textContent).toContain("Administrateur");
      expect(row.textContent).toContain("Viewer");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("creates a user in the chosen institution, stating the policy, and shows the server's field errors", async () => {
    const calls: Call[] = [];
    let answer = () =>
      new Response(
        JSON.stringify({
          code: 400,
          msg: "username: The user name keeper is already taken",
          errors: [{ field: "username", message: "The user name keeper is already taken" }],
        }),
        { status: 400 },
      );
    serve(calls, () => answer());
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    page();
    fireEvent.click(await within(await screen.findByTestId("user-office-tree")).findByText("Acme"));
    fireEvent.click(screen.getByTestId("user-new"));
    const form = await screen.findByTestId("user-form");
    await waitFor(() =>
      expect(within(form).getByTestId("password-policy").textContent).toContain("10 to 64"),
    );
    type("user-username", "keeper");
    type("user-name", "Second keeper");
    type("user-password", "Long-enough-1");
    type("user-password-confirm", "Long-enough-1");
    // the institution chosen on the left, its tenant's roles offered
    expect(screen.getByTestId("user-office").textContent).toContain("Acme");
    const roles = screen.getByTestId("user-roles");
    fireEvent.mouseDown(roles.querySelector(".ant-select-selector") ?? roles);
    fireEvent.click(await screen.findByTitle("Viewer"));
    fireEvent.click(screen.getByTestId("user-save"));
    await screen.findByText("The user name keeper is already taken");

    answer = () => new Response(JSON.stringify({ code: 0, msg: "Success", id: 12 }), { status: 200 });
    type("user-username", "keeper2");
    fireEvent.click(screen.getByTestId("user-save"));
    await screen.findByText("The user was saved");
    const saves = calls.filter((c) => c.path === "/a/api/user/save");
    expect(saves).toHaveLength(2);
    expect(saves[1]?.body).toEqual({
      username: "keeper2",
      name: "Second keeper",
      officeId: 3,
      email: "",
      phone: "",
      enabled: true,
      remarks: "",
      roleIds: [7],
      dataRange: "subtree",
      dataOffices: [],
      password: "Long-enough-1",
    });
  });

  it("says an address another user has cannot be used, naming nobody", async () => {
    const calls: Call[] = [];
    serve(calls, () => new Response("{}"));
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null }, permissions: ["*"], roles: [] });
    page();
    fireEvent.click(await within(await screen.findByTestId("user-office-tree")).findByText("Acme"));
    fireEvent.click(screen.getByTestId("user-new"));
    await screen.findByTestId("user-form");
    type("user-email", "b1@two.test");
    fireEvent.focusOut(screen.getByTestId("user-email"));
    // the check is one more round trip after the field is left
    await screen.findByText("This address cannot be used", undefined, { timeout: 3000 });
    expect(calls.find((c) => c.path === "/a/api/user/checkPhoneOrEmail")?.body).toEqual({
      email: "b1@two.test",
    });
    type("user-email", "free@two.test");
    fireEvent.focusOut(screen.getByTestId("user-email"));
    await waitFor(() => expect(screen.queryByText("This address cannot be used")).toBeNull(), {
      timeout: 3000,
    });
  }, 15_000);

  it("disables the buttons of those without the permission", async () => {
    serve([], () => new Response("{}"));
    useSession.setState({
      user: { id: 1, name: "Viewer", avatar: null },
      permissions: ["sys:user:view"],
      roles: [],
    });
    page();
    await screen.findByTestId("user-row-keeper");
    const create = screen.getByTestId("user-new");
    expect(create).toHaveProperty("disabled", true);
    expect(create.getAttribute("title")).toBe("no permission");
    expect(screen.getByTestId("user-delete-keeper")).toHaveProperty("disabled", true);
    // Service accounts are for holders of sys:serviceAccount:manage only.
    expect(screen.queryByTestId("service-tab")).toBeNull();
  });
});
