import { type MenuEntry, type PermissionNode, ROUTE_TITLES, type RouteNode } from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
  tableDigests,
} from "./helpers";

let t: TestApp;
let admin: Client;
let customerMenuEditor: Client;
let platformViewer: Client;
let platform = 0;

function find<T extends { name: string; children: T[] }>(nodes: T[], name: string): T | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const deeper = find(n.children, name);
    if (deeper) return deeper;
  }
  return undefined;
}

const lists = async (c: Client = admin): Promise<MenuEntry[]> =>
  (await c.get("/a/sys/menu/lists")).json().menuList;
const entry = async (name: string) => {
  const e = find(await lists(), name);
  if (!e) throw new Error(`no entry ${name}`);
  return e;
};
/** The routes a fresh sign-in gets (the console builds its menu from them). */
async function routesAfterLogin(locale: "en" | "zh_CN" | "fr" = "en"): Promise<RouteNode[]> {
  const c = await signedIn(t, ADMIN.username, ADMIN.password, locale);
  return (await c.get("/routes")).json().data;
}
/** The editor's form of an entry, ready to send back. */
const formOf = (e: MenuEntry) => ({
  id: e.id,
  parentId: e.parentId,
  name: e.name,
  path: e.path,
  icon: e.icon,
  sort: e.sort,
  permission: e.permission,
  roles: e.roles,
  invisible: e.meta.invisible,
  link: e.link,
  frame: e.frame,
  component: e.componentOverride,
  titles: e.meta.titles,
});

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  platform = officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, officeId, "agent", "Agent");
  const customer = await addOffice(t, agent.id, "customer", "Customer");
  // A role written straight into the table: tenant roles cannot be given these through the API.
  const c = await addUser(t, customer.id, "cust", ["sys:menu:view", "sys:menu:edit", "sys:menu:delete"]);
  customerMenuEditor = await signedIn(t, "cust", c.password, "en");
  const v = await addUser(t, officeId, "viewer", ["sys:menu:view", "sys:role:view"]);
  platformViewer = await signedIn(t, "viewer", v.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("the menu tree of menu management", () => {
  it("lists every entry, invisible ones too, with what the editor needs", async () => {
    const tree = await lists();
    const notice = find(tree, "messageNotification");
    expect(notice).toMatchObject({
      builtIn: true,
      permission: "sys:messageNotification:view",
      roles: [],
      link: null,
      frame: false,
      componentOverride: null,
      component: "messageNotification",
      // A page of System management (spec §2 menu groups), not only the bell's "View all".
      meta: { invisible: false, title: "Message notifications" },
    });
    // The personal centre is hidden from the menu (spec §2).
    expect(find(tree, "personalCenter")?.meta).toMatchObject({ invisible: true });
    expect(find(tree, "demo")?.roles).toEqual(["manager"]);
    expect(find(tree, "sysManage")?.permission).toBeNull();
  });

  it("needs sys:menu:view", async () => {
    const nobody = await addUser(t, platform, "nomenu", ["sys:log:view"]);
    const c = await signedIn(t, "nomenu", nobody.password, "en");
    expect((await c.get("/a/sys/menu/lists")).statusCode).toBe(403);
    expect((await c.get("/routes")).statusCode).toBe(200);
  });
});

describe("editing the menu", () => {
  it("renames a built-in entry, and a new sign-in sees the new title in that language only", async () => {
    const sysLog = await entry("sysLog");
    const titles = { ...sysLog.meta.titles, en: "Audit trail", fr: "Piste d'audit" };
    const res = await admin.post("/a/sys/menu/save", { ...formOf(sysLog), titles });
    expect(res.statusCode, res.body).toBe(200);
    expect(find(await routesAfterLogin("en"), "sysLog")?.meta).toMatchObject({
      title: "Audit trail",
      titles: { en: "Audit trail", fr: "Piste d'audit", zh_CN: ROUTE_TITLES.sysLog?.zh_CN },
    });
    expect(find(await routesAfterLogin("zh_CN"), "sysLog")?.meta.title).toBe(ROUTE_TITLES.sysLog?.zh_CN);
    // The role editor's tree mirrors the menu table.
    const tree: PermissionNode[] = (await admin.get("/a/api/role/permissionTree")).json().tree;
    const sysManage = tree.find((n) => n.name === "sysManage");
    expect(sysManage?.children.find((n) => n.name === "sysLog")?.title).toBe("Audit trail");
    // Sending the default titles back restores them.
    await admin.post("/a/sys/menu/save", { ...formOf(sysLog), titles: ROUTE_TITLES.sysLog });
    expect(find(await routesAfterLogin("en"), "sysLog")?.meta.title).toBe(ROUTE_TITLES.sysLog?.en);
  });

  it("hides an entry from the menu and keeps the change for the next sign-in", async () => {
    const widgets = await entry("widgetManagement");
    const res = await admin.post("/a/sys/menu/save", {
      ...formOf(widgets),
      invisible: true,
      icon: "AppstoreFilled",
    });
    expect(res.statusCode, res.body).toBe(200);
    const node = find(await routesAfterLogin(), "widgetManagement");
    expect(node).toMatchObject({ icon: "AppstoreFilled", meta: { invisible: true } });
    await admin.post("/a/sys/menu/save", { ...formOf(widgets), invisible: false });
  });

  it("adds entries with an external link (in a frame) and with another page's component", async () => {
    const sysManage = await entry("sysManage");
    const link = await admin.post("/a/sys/menu/save", {
      parentId: sysManage.id,
      name: "handbook",
      path: "sysManage/handbook",
      icon: "BookOutlined",
      permission: "*",
      link: "https://docs.example.com/handbook",
      frame: true,
      titles: { en: "Handbook", zh_CN: "手册" },
    });
    expect(link.statusCode, link.body).toBe(200);
    const page = await admin.post("/a/sys/menu/save", {
      parentId: sysManage.id,
      name: "auditView",
      path: "sysManage/audit",
      permission: "sys:log:view",
      roles: ["auditor", "auditor"],
      component: "sysLog",
      titles: { en: "Audit" },
    });
    expect(page.statusCode, page.body).toBe(200);

    const routes = await routesAfterLogin("fr");
    const handbook = find(routes, "handbook");
    expect(handbook).toMatchObject({
      parentId: sysManage.id,
      path: "sysManage/handbook",
      component: "handbook",
      meta: { link: "https://docs.example.com/handbook", frame: true, authority: "*" },
    });
    // A language without its own title shows the English one.
    expect(handbook?.meta.title).toBe("Handbook");
    expect(handbook?.meta.titles?.zh_CN).toBe("手册");
    const audit = find(routes, "auditView");
    expect(audit).toMatchObject({
      component: "sysLog",
      meta: { authority: { permission: "sys:log:view", role: ["auditor"] }, link: null, frame: false },
    });
    // New entries go last among their siblings.
    const siblings = find(routes, "sysManage")?.children ?? [];
    expect(siblings.slice(-2).map((n) => n.name)).toEqual(["handbook", "auditView"]);
  });

  it("refuses bad entries with a message on the field, writing nothing", async () => {
    const sysManage = await entry("sysManage");
    const userManage = await entry("userManage");
    const base = { parentId: sysManage.id, name: "fresh", path: "fresh/page", titles: { en: "Fresh" } };
    const before = await tableDigests(t, ["audit_logs", "sessions"]);
    const refused = async (body: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await admin.post("/a/sys/menu/save", body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const error = res.json().errors.find((e: { field: string }) => e.field === field);
      expect(error, res.body).toBeDefined();
      expect(error.message).toMatch(message);
    };
    await refused({ ...base, name: "home" }, "name", /already exists/);
    await refused({ ...base, name: "HOME" }, "name", /already exists/);
    await refused({ ...base, name: "bad name" }, "name", /letters, digits and _/);
    await refused({ ...base, path: "sys/../etc" }, "path", /path like/);
    await refused({ ...base, path: "/sys/log/" }, "path", /already used by the entry sysLog/);
    await refused({ ...base, icon: "not-an-icon" }, "icon", /@ant-design\/icons/);
    await refused({ ...base, permission: "sys:anything:goes" }, "permission", /catalogue/);
    await refused({ ...base, parentId: 987654 }, "parentId", /does not exist/);
    await refused({ ...base, link: "javascript:alert(1)" }, "link", /http or https/);
    await refused({ ...base, component: "noSuchPage" }, "component", /not a page/);
    await refused({ ...base, titles: { en: " " } }, "titles", /title in at least one language/);
    await refused({ ...base, roles: ["bad role"] }, "roles.0", /start with a letter/);
    // An entry cannot go below itself.
    await refused({ ...formOf(sysManage), parentId: userManage.id }, "parentId", /inside itself/);
    await refused({ ...formOf(sysManage), parentId: sysManage.id }, "parentId", /inside itself/);
    // Built-in entries keep their name and path: the console finds and links their pages by them.
    await refused({ ...formOf(userManage), name: "people" }, "name", /fixed/);
    await refused({ ...formOf(userManage), path: "people" }, "path", /fixed/);
    expect(await tableDigests(t, ["audit_logs", "sessions"])).toEqual(before);
    expect((await admin.post("/a/sys/menu/save", { ...base, id: 987654 })).statusCode).toBe(404);
  });
});

describe("deleting and ordering", () => {
  it("refuses built-in entries and entries with children", async () => {
    const sysLog = await entry("sysLog");
    const builtIn = await admin.post("/a/sys/menu/delete", { id: sysLog.id });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().msg).toBe("The entry sysLog is built in and cannot be deleted; hide it instead");

    const parent = await admin.post("/a/sys/menu/save", {
      parentId: null,
      name: "links",
      path: "links",
      icon: "GlobalOutlined",
      titles: { en: "Links" },
    });
    const parentId = parent.json().id as number;
    const child = await admin.post("/a/sys/menu/save", {
      parentId,
      name: "status",
      path: "links/status",
      link: "https://status.example.com",
      titles: { en: "Status" },
    });
    const withChildren = await admin.post("/a/sys/menu/delete", { id: parentId });
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().msg).toBe(
      "The entry links still has 1 child entries; move or delete them first",
    );
    expect((await admin.post("/a/sys/menu/delete", { id: child.json().id })).statusCode).toBe(200);
    expect((await admin.post("/a/sys/menu/delete", { id: parentId })).statusCode).toBe(200);
    expect(find(await lists(), "links")).toBeUndefined();
    expect((await admin.post("/a/sys/menu/delete", { id: parentId })).statusCode).toBe(404);
  });

  it("moves an entry by drag: to another place among its siblings, or under another parent", async () => {
    const sysManage = await entry("sysManage");
    const handbook = await entry("handbook");
    const first = await admin.post("/a/sys/menu/sort", { id: handbook.id, parentId: sysManage.id, index: 0 });
    expect(first.statusCode, first.body).toBe(200);
    const names = (await entry("sysManage")).children.map((c) => c.name);
    expect(names[0]).toBe("handbook");
    expect(names[1]).toBe("createDomainName");
    expect(new Set(names).size).toBe(names.length);

    // To the top level, second place.
    expect(
      (await admin.post("/a/sys/menu/sort", { id: handbook.id, parentId: null, index: 1 })).statusCode,
    ).toBe(200);
    const top = await lists();
    expect(top.map((n) => n.name).slice(0, 3)).toEqual(["home", "handbook", "resManage"]);
    expect(top.map((n) => n.sort)).toEqual(top.map((_, i) => i));
    expect(find(await routesAfterLogin(), "handbook")?.parentId).toBeNull();

    const cycle = await admin.post("/a/sys/menu/sort", {
      id: sysManage.id,
      parentId: (await entry("userManage")).id,
      index: 0,
    });
    expect(cycle.statusCode).toBe(400);
    expect((await admin.post("/a/sys/menu/sort", { id: 987654, parentId: null, index: 0 })).statusCode).toBe(
      404,
    );
  });
});

describe("who may edit the menu", () => {
  it("refuses tenant users even with the permissions, and users without them", async () => {
    const sysLog = find(await lists(customerMenuEditor), "sysLog");
    if (!sysLog) throw new Error("no sysLog");
    const before = await tableDigests(t, ["audit_logs", "sessions"]);
    const save = await customerMenuEditor.post("/a/sys/menu/save", { ...formOf(sysLog), invisible: true });
    expect(save.statusCode).toBe(403);
    expect(save.json().msg).toBe("Request denied: only the platform's own users may use sys:menu:edit");
    expect((await customerMenuEditor.post("/a/sys/menu/delete", { id: sysLog.id })).statusCode).toBe(403);
    expect(
      (await customerMenuEditor.post("/a/sys/menu/sort", { id: sysLog.id, parentId: null, index: 0 }))
        .statusCode,
    ).toBe(403);
    const viewer = await platformViewer.post("/a/sys/menu/save", { ...formOf(sysLog), invisible: true });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().msg).toBe("Request denied: you lack the permission sys:menu:edit");
    expect(await tableDigests(t, ["audit_logs", "sessions"])).toEqual(before);
  });
});
