// @vitest-environment jsdom
import { LOCALES, type MenuEntry, ROUTE_TITLES } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import MenuManagePage from "../src/features/menu/MenuManagePage";
import { fakeServer, grant, renderPage } from "./system-helpers";

// jsdom has no ResizeObserver; antd's tree and selects only ask it for layout.
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

const entry = (
  id: number,
  name: string,
  parentId: number | null,
  over: Partial<MenuEntry> = {},
  children: MenuEntry[] = [],
): MenuEntry => ({
  id,
  parentId,
  name,
  path: name,
  component: name,
  icon: null,
  sort: 0,
  meta: {
    title: ROUTE_TITLES[name]?.en ?? name,
    titles: ROUTE_TITLES[name] ?? null,
    invisible: false,
    authority: "*",
    link: null,
    frame: false,
  },
  builtIn: true,
  permission: null,
  roles: [],
  componentOverride: null,
  link: null,
  frame: false,
  children,
  ...over,
});

const TREE = [
  entry(1, "sysManage", null, { icon: "SettingOutlined" }, [
    entry(2, "sysLog", 1, { path: "sys/log", icon: "FileTextOutlined", permission: "sys:log:view" }),
    entry(3, "handbook", 1, {
      builtIn: false,
      path: "sysManage/handbook",
      link: "https://docs.example.com",
      frame: true,
      meta: {
        title: "Handbook",
        titles: {
          zh_CN: "手册",
          zh_TW: "手冊",
          en: "Handbook",
          it: "Manuale",
          ru: "Справочник",
          fr: "Manuel",
        },
        invisible: false,
        authority: "*",
        link: "https://docs.example.com",
        frame: true,
      },
    }),
  ]),
];

describe("menu management", () => {
  it("shows the tree with its marks and the sign-in note", async () => {
    grant(["sys:menu:view", "sys:menu:edit", "sys:menu:delete"]);
    fakeServer({ "GET /a/sys/menu/lists": () => ({ menuList: TREE }) });
    renderPage(<MenuManagePage />);
    const node = await screen.findByTestId("menu-node-handbook");
    expect(within(node).getByText("Handbook")).toBeTruthy();
    expect(within(node).getByText("Embedded link")).toBeTruthy();
    expect(screen.getByTestId("menu-note").textContent).toContain("next sign-in");
    // Built-in entries and entries with children cannot be deleted.
    expect((screen.getByTestId("menu-delete-sysLog") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("menu-delete-sysManage") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("menu-delete-handbook") as HTMLButtonElement).disabled).toBe(false);
  });

  it("renames an entry in one language and sends every field back", async () => {
    grant(["sys:menu:view", "sys:menu:edit"]);
    const { calls } = fakeServer({
      "GET /a/sys/menu/lists": () => ({ menuList: TREE }),
      "POST /a/sys/menu/save": () => ({ id: 2 }),
    });
    renderPage(<MenuManagePage />);
    fireEvent.click(await screen.findByTestId("menu-edit-sysLog"));
    await screen.findByTestId("menu-form");
    for (const l of LOCALES) {
      expect((screen.getByTestId(`menu-title-${l}`) as HTMLInputElement).value).toBe(
        ROUTE_TITLES.sysLog?.[l],
      );
    }
    // A built-in entry keeps its name and path.
    expect((screen.getByTestId("menu-name") as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("menu-title-en"), { target: { value: "Audit trail" } });
    fireEvent.click(screen.getByTestId("menu-save"));
    await waitFor(() => expect(calls.some((c) => c.path === "/a/sys/menu/save")).toBe(true));
    expect(calls.find((c) => c.path === "/a/sys/menu/save")?.body).toMatchObject({
      id: 2,
      parentId: 1,
      name: "sysLog",
      path: "sys/log",
      icon: "FileTextOutlined",
      permission: "sys:log:view",
      link: "",
      frame: false,
      titles: { ...ROUTE_TITLES.sysLog, en: "Audit trail" },
    });
  });

  it("puts the server's field errors on the fields", async () => {
    grant(["sys:menu:view", "sys:menu:edit"]);
    fakeServer({
      "GET /a/sys/menu/lists": () => ({ menuList: TREE }),
      "POST /a/sys/menu/save": () => ({
        status: 400,
        json: {
          code: 400,
          msg: "name: An entry named sysLog already exists",
          errors: [{ field: "name", message: "An entry named sysLog already exists" }],
        },
      }),
    });
    renderPage(<MenuManagePage />);
    fireEvent.click(await screen.findByTestId("menu-add-child-sysManage"));
    await screen.findByTestId("menu-form");
    fireEvent.change(screen.getByTestId("menu-name"), { target: { value: "sysLog2" } });
    fireEvent.change(screen.getByTestId("menu-path"), { target: { value: "sysManage/x" } });
    fireEvent.change(screen.getByTestId("menu-title-en"), { target: { value: "X" } });
    fireEvent.click(screen.getByTestId("menu-save"));
    expect(await screen.findByText("An entry named sysLog already exists")).toBeTruthy();
  });

  it("leaves a user without the edit permission looking, not editing", async () => {
    grant(["sys:menu:view"]);
    fakeServer({ "GET /a/sys/menu/lists": () => ({ menuList: TREE }) });
    renderPage(<MenuManagePage />);
    const edit = (await screen.findByTestId("menu-edit-sysLog")) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect(edit.title).toBe("no permission");
    expect((screen.getByTestId("menu-add-top") as HTMLButtonElement).disabled).toBe(true);
  });
});
