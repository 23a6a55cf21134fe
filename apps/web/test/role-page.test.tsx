// @vitest-environment jsdom
import type { PermissionNode, RoleSummary } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import RoleManagePage from "../src/features/role/RoleManagePage";
import { fakeServer, grant, renderPage } from "./system-helpers";

// jsdom has no ResizeObserver; antd's table and tree only ask it for layout.
if (!("ResizeObserver" in globalThis)) {
  Object.defineProperty(globalThis, "ResizeObserver", {
    configurable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

const CUSTOMER = { id: 5, name: "Customer One", type: "customer" as const, parentId: 2 };
const role = (over: Partial<RoleSummary>): RoleSummary => ({
  id: 1,
  officeId: 5,
  officeName: "Customer One",
  officeType: "customer",
  code: "admin",
  name: "Administrator",
  description: null,
  builtIn: true,
  allPermissions: false,
  permissionCount: 60,
  userCount: 1,
  createDate: "2026-01-01T10:00:00.000Z",
  updateDate: "2026-01-01T10:00:00.000Z",
  ...over,
});
const leaf = (
  permission: string,
  grantable: boolean,
  reason?: "notHeld" | "platformOnly",
): PermissionNode => ({
  key: permission,
  kind: "permission",
  permission,
  grantable,
  ...(reason ? { reason } : {}),
  children: [],
});
const TREE: PermissionNode[] = [
  {
    key: "menu:2",
    kind: "menu",
    name: "resManage",
    title: "Resource management",
    children: [
      {
        key: "menu:3",
        kind: "menu",
        name: "materialManage",
        title: "Material management",
        children: [
          leaf("content:material:view", true),
          leaf("content:material:upload", true),
          leaf("content:material:delete", false, "notHeld"),
        ],
      },
    ],
  },
  { key: "other", kind: "other", children: [leaf("sys:menu:edit", false, "platformOnly")] },
];

function server(saveAnswer?: () => Record<string, unknown>) {
  return fakeServer({
    "GET /a/api/role/list": () => ({
      list: [role({}), role({ id: 7, code: "editors", name: "Editors", builtIn: false, userCount: 0 })],
      total: 2,
      pageNo: 1,
      pageSize: 12,
    }),
    "GET /a/api/role/tenants": () => ({ list: [CUSTOMER], own: CUSTOMER.id }),
    "GET /a/api/role/permissionTree": () => ({ tenant: CUSTOMER, tree: TREE }),
    "POST /a/api/role/save": () => (saveAnswer ? saveAnswer() : { id: 9 }),
  });
}

describe("role management", () => {
  it("lists roles with their tenant and built-in mark, and guards deleting", async () => {
    grant(["sys:role:view", "sys:role:edit", "sys:role:delete"]);
    server();
    renderPage(<RoleManagePage />);
    expect(await screen.findByText("Editors")).toBeTruthy();
    const table = screen.getByTestId("role-table");
    expect(within(table).getAllByText("Customer One")).toHaveLength(2);
    expect(within(table).getByText("Built-in")).toBeTruthy();
    // A built-in role cannot be deleted; an unused one can.
    expect((screen.getByTestId("role-delete-1") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("role-delete-7") as HTMLButtonElement).disabled).toBe(false);
  });

  it("creates a role: the caller's tenant by default, chosen permissions, ungrantable ones disabled", async () => {
    grant(["sys:role:view", "sys:role:edit"]);
    const { calls } = server();
    renderPage(<RoleManagePage />);
    fireEvent.click(await screen.findByTestId("role-new"));
    await screen.findByTestId("role-permission-tree");
    fireEvent.change(screen.getByTestId("role-name"), { target: { value: "Librarians" } });
    fireEvent.change(screen.getByTestId("role-code"), { target: { value: "librarian" } });
    fireEvent.click(screen.getByTestId("role-perm-content:material:view"));
    fireEvent.click(screen.getByTestId("role-perm-content:material:upload"));
    // Not the caller's to grant: clicking does nothing.
    fireEvent.click(screen.getByTestId("role-perm-content:material:delete"));
    fireEvent.click(screen.getByTestId("role-save"));
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/role/save")).toBe(true));
    const save = calls.find((c) => c.path === "/a/api/role/save");
    expect(save?.body).toEqual({
      officeId: CUSTOMER.id,
      name: "Librarians",
      code: "librarian",
      description: "",
      permissions: ["content:material:view", "content:material:upload"],
    });
  });

  it("shows the server's refusal naming the permissions", async () => {
    grant(["sys:role:view", "sys:role:edit"]);
    server(() => ({
      status: 403,
      json: {
        code: 403,
        msg: "You cannot grant a permission you do not hold: content:material:upload",
        permissions: ["content:material:upload"],
      },
    }));
    renderPage(<RoleManagePage />);
    fireEvent.click(await screen.findByTestId("role-new"));
    await screen.findByTestId("role-permission-tree");
    fireEvent.change(screen.getByTestId("role-name"), { target: { value: "X" } });
    fireEvent.change(screen.getByTestId("role-code"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("role-perm-content:material:upload"));
    fireEvent.click(screen.getByTestId("role-save"));
    const refused = await screen.findByTestId("role-refused");
    expect(refused.textContent).toContain("content:material:upload");
  });
});
