import {
  PERMISSIONS,
  type Permission,
  type PermissionNode,
  PLATFORM_ONLY_PERMISSIONS,
  TENANT_ADMIN_PERMISSIONS,
} from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roles, userRoles, users } from "../src/db/schema";
import { hashPassword } from "../src/platform/password";
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
const ids = { platform: 0, agent: 0, c1: 0, c2: 0, shop: 0, c1Admin: 0, c2Admin: 0, agentAdmin: 0 };
/** Signed in: the built-in administrators of customer 1 and of the agent, and a user with a custom role. */
let c1Admin: Client;
let agentAdmin: Client;
let limited: Client;

/** A tenant's built-in administrator role, as opening an agent or customer creates it. */
async function builtInAdminRole(officeId: number, type: "agent" | "customer") {
  const [row] = await t.database.db
    .insert(roles)
    .values({
      officeId,
      code: "admin",
      name: "Administrator",
      builtIn: true,
      permissions: [...TENANT_ADMIN_PERMISSIONS[type]],
    })
    .returning();
  if (!row) throw new Error("role not created");
  return row;
}

/** A user holding existing roles. */
async function userWith(officeId: number, username: string, roleIds: number[]) {
  const [user] = await t.database.db
    .insert(users)
    .values({ officeId, username, name: username, passwordHash: await hashPassword(`${username}Pass1`) })
    .returning();
  if (!user) throw new Error("user not created");
  for (const roleId of roleIds) await t.database.db.insert(userRoles).values({ userId: user.id, roleId });
  return { ...user, password: `${username}Pass1` };
}

function leaves(nodes: PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((n) => (n.kind === "permission" ? [n] : leaves(n.children)));
}

const LIMITED: Permission[] = [
  "sys:role:view",
  "sys:role:edit",
  "sys:role:delete",
  "content:material:view",
  "content:program:view",
];

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  ids.platform = officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, officeId, "agent", "Agent One");
  const c1 = await addOffice(t, agent.id, "customer", "Customer One");
  const c2 = await addOffice(t, agent.id, "customer", "Customer Two");
  const shop = await addOffice(t, c1.id, "institution", "Shop of One");
  Object.assign(ids, { agent: agent.id, c1: c1.id, c2: c2.id, shop: shop.id });
  const agentRole = await builtInAdminRole(agent.id, "agent");
  const c1Role = await builtInAdminRole(c1.id, "customer");
  const c2Role = await builtInAdminRole(c2.id, "customer");
  Object.assign(ids, { agentAdmin: agentRole.id, c1Admin: c1Role.id, c2Admin: c2Role.id });
  const a = await userWith(agent.id, "agentadmin", [agentRole.id]);
  const u1 = await userWith(c1.id, "c1admin", [c1Role.id]);
  await userWith(c2.id, "c2admin", [c2Role.id]);
  agentAdmin = await signedIn(t, "agentadmin", a.password, "en");
  c1Admin = await signedIn(t, "c1admin", u1.password, "en");
  const lim = await addUser(t, c1.id, "limited", LIMITED);
  limited = await signedIn(t, "limited", lim.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("role CRUD", () => {
  it("creates, lists, shows, edits and deletes a role of a customer", async () => {
    const created = await admin.post("/a/api/role/save", {
      officeId: ids.c1,
      code: "editor",
      name: "Editors",
      description: "They make programs",
      permissions: ["content:program:view", "content:program:edit", "content:program:view"],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;

    const list = (await admin.get("/a/api/role/list", { officeId: ids.c1, keyword: "edit" })).json();
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id,
      code: "editor",
      name: "Editors",
      officeName: "Customer One",
      officeType: "customer",
      builtIn: false,
      permissionCount: 2,
      userCount: 0,
    });

    const detail = (await admin.get("/a/api/role/detail", { id })).json();
    expect(detail.role.permissions.sort()).toEqual(["content:program:edit", "content:program:view"]);
    expect(detail).toMatchObject({ locked: null, ungrantable: [] });

    const edited = await admin.post("/a/api/role/save", {
      id,
      code: "editor",
      name: "Program editors",
      permissions: ["content:program:view"],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await admin.get("/a/api/role/detail", { id })).json();
    expect(after.role).toMatchObject({
      name: "Program editors",
      description: "They make programs",
      permissions: ["content:program:view"],
    });

    // An edit that leaves out the permissions keeps them.
    await admin.post("/a/api/role/save", { id, code: "editor2", name: "Program editors" });
    expect((await admin.get("/a/api/role/detail", { id })).json().role).toMatchObject({
      code: "editor2",
      permissions: ["content:program:view"],
    });

    expect((await admin.post("/a/api/role/delete", { id })).statusCode).toBe(200);
    expect((await admin.get("/a/api/role/detail", { id })).statusCode).toBe(404);
    expect((await admin.post("/a/api/role/delete", { id })).statusCode).toBe(404);
  });

  it("counts the users holding each role and pages the list on the server", async () => {
    const list = (await admin.get("/a/api/role/list", { pageSize: 2 })).json();
    expect(list.list).toHaveLength(2);
    expect(list.total).toBeGreaterThanOrEqual(5);
    const page2 = (await admin.get("/a/api/role/list", { pageSize: 2, pageNo: 2 })).json();
    expect(page2.list[0].id).not.toBe(list.list[0].id);
    const c1 = (await admin.get("/a/api/role/list", { officeId: ids.c1, pageSize: 50 })).json();
    const builtIn = c1.list.find((r: { id: number }) => r.id === ids.c1Admin);
    expect(builtIn).toMatchObject({ builtIn: true, userCount: 1, code: "admin" });
  });

  it("gives its users the new permissions at once", async () => {
    const made = await admin.post("/a/api/role/save", {
      officeId: ids.c1,
      code: "viewer",
      name: "Viewer",
      permissions: ["content:material:view"],
    });
    const roleId = made.json().id as number;
    const u = await userWith(ids.c1, "viewer1", [roleId]);
    const viewer = await signedIn(t, "viewer1", u.password, "en");
    expect((await viewer.get("/a/api/role/list")).statusCode).toBe(403);
    await admin.post("/a/api/role/save", {
      id: roleId,
      code: "viewer",
      name: "Viewer",
      permissions: ["content:material:view", "sys:role:view"],
    });
    expect((await viewer.get("/a/api/role/list")).statusCode).toBe(200);
  });
});

describe("role validation", () => {
  const expectField = async (body: Record<string, unknown>, field: string, message?: RegExp) => {
    const res = await admin.post("/a/api/role/save", body);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().errors.find((e: { field: string }) => e.field === field);
    expect(error, res.body).toBeDefined();
    if (message) expect(error.message).toMatch(message);
  };

  it("needs a name, a well-formed code and catalogue permissions", async () => {
    await expectField({ officeId: ids.c1, code: "x1", name: "  " }, "name");
    await expectField({ officeId: ids.c1, code: "1bad code", name: "N" }, "code", /start with a letter/);
    await expectField(
      { officeId: ids.c1, code: "ok", name: "N", permissions: ["sys:nothing:here"] },
      "permissions.0",
      /not a permission/,
    );
    await expectField({ code: "ok", name: "N" }, "officeId", /organisation/);
  });

  it("keeps codes unique per tenant, not across tenants", async () => {
    await expectField({ officeId: ids.c1, code: "admin", name: "Another" }, "code", /already exists/);
    const elsewhere = await admin.post("/a/api/role/save", {
      officeId: ids.platform,
      code: "auditor",
      name: "A",
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const again = await admin.post("/a/api/role/save", { officeId: ids.c2, code: "auditor", name: "A" });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("puts roles on tenants only, and never moves them", async () => {
    await expectField(
      { officeId: ids.shop, code: "shop", name: "Shop" },
      "officeId",
      /not to an institution/,
    );
    await expectField({ id: ids.c1Admin, officeId: ids.c2, code: "admin", name: "X" }, "officeId");
    expect(
      (await admin.post("/a/api/role/save", { officeId: 999999, code: "x", name: "X" })).statusCode,
    ).toBe(404);
  });
});

describe("granting", () => {
  it("refuses a permission the caller does not hold, naming it, and writes nothing", async () => {
    const ok = await limited.post("/a/api/role/save", {
      officeId: ids.c1,
      code: "librarian",
      name: "Librarian",
      permissions: ["content:material:view"],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await tableDigests(t, ["audit_logs", "sessions"]);
    const more = await limited.post("/a/api/role/save", {
      officeId: ids.c1,
      code: "operator",
      name: "Operator",
      permissions: ["content:material:view", "terminal:device:view", "terminal:device:command"],
    });
    expect(more.statusCode).toBe(403);
    expect(more.json().msg).toBe(
      "You cannot grant a permission you do not hold: terminal:device:view, terminal:device:command",
    );
    expect(more.json().permissions).toEqual(["terminal:device:view", "terminal:device:command"]);
    // Nor by adding it to an existing role.
    const grow = await limited.post("/a/api/role/save", {
      id: ok.json().id,
      code: "librarian",
      name: "Librarian",
      permissions: ["content:material:view", "sys:user:edit"],
    });
    expect(grow.statusCode).toBe(403);
    expect(grow.json().msg).toContain("sys:user:edit");
    expect(await tableDigests(t, ["audit_logs", "sessions"])).toEqual(before);
  });

  it("lets the caller rename or trim a role that carries more than they hold, but not add to it", async () => {
    const made = await admin.post("/a/api/role/save", {
      officeId: ids.c1,
      code: "ops",
      name: "Ops",
      permissions: ["terminal:device:view", "content:material:view"],
    });
    const id = made.json().id as number;
    const detail = (await limited.get("/a/api/role/detail", { id })).json();
    expect(detail.ungrantable).toEqual(["terminal:device:view"]);
    const renamed = await limited.post("/a/api/role/save", {
      id,
      code: "ops",
      name: "Operations",
      permissions: ["terminal:device:view", "content:material:view"],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const trimmed = await limited.post("/a/api/role/save", {
      id,
      code: "ops",
      name: "Operations",
      permissions: ["content:material:view"],
    });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    const back = await limited.post("/a/api/role/save", {
      id,
      code: "ops",
      name: "Operations",
      permissions: ["content:material:view", "terminal:device:view"],
    });
    expect(back.statusCode).toBe(403);
  });

  it("refuses platform-only permissions on an agent's or customer's role, even from the platform", async () => {
    const res = await admin.post("/a/api/role/save", {
      officeId: ids.c1,
      code: "menus",
      name: "Menus",
      permissions: ["sys:menu:view", "sys:menu:edit", "sys:setting:edit"],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(
      "A role of an agent or customer cannot carry these platform permissions: sys:menu:edit, sys:setting:edit",
    );
    const onPlatform = await admin.post("/a/api/role/save", {
      officeId: ids.platform,
      code: "menus",
      name: "Menus",
      permissions: ["sys:menu:view", "sys:menu:edit", "sys:setting:edit"],
    });
    expect(onPlatform.statusCode, onPlatform.body).toBe(200);
  });

  it("says on the permission tree which leaves the caller may grant, mirroring the menu", async () => {
    const all = (await admin.get("/a/api/role/permissionTree", { officeId: ids.platform })).json();
    expect(all.tenant).toMatchObject({ id: ids.platform, type: "platform" });
    const flat = leaves(all.tree);
    // Every permission of the catalogue once.
    expect(flat.map((l) => l.permission).sort()).toEqual([...PERMISSIONS].sort());
    expect(flat.every((l) => l.grantable)).toBe(true);

    const sysManage = all.tree.find((n: PermissionNode) => n.name === "sysManage");
    expect(sysManage.title).toBe("System management");
    const roleNode = sysManage.children.find((n: PermissionNode) => n.name === "roleManage");
    expect(roleNode.title).toBe("Role management");
    expect(roleNode.children.map((n: PermissionNode) => n.permission)).toEqual([
      "sys:role:view",
      "sys:role:edit",
      "sys:role:delete",
    ]);
    const progManage = all.tree
      .find((n: PermissionNode) => n.name === "contentManage")
      .children.find((n: PermissionNode) => n.name === "progManage");
    expect(progManage.children.map((n: PermissionNode) => n.permission)).toEqual([
      "content:program:view",
      "content:program:delete",
      "content:program:publish",
    ]);
    // No menu entry carries the strategies: they sit under "Other".
    const other = all.tree.find((n: PermissionNode) => n.kind === "other");
    expect(other.children.map((n: PermissionNode) => n.permission)).toContain("terminal:strategy:view");

    const forCustomer = leaves(
      (await admin.get("/a/api/role/permissionTree", { officeId: ids.c1 })).json().tree,
    );
    const platformOnly = forCustomer.filter((l) => l.reason === "platformOnly").map((l) => l.permission);
    expect(platformOnly.sort()).toEqual([...PLATFORM_ONLY_PERMISSIONS].sort());

    const mine = (await limited.get("/a/api/role/permissionTree")).json();
    expect(mine.tenant.id).toBe(ids.c1);
    const byPermission = new Map(leaves(mine.tree).map((l) => [l.permission, l]));
    expect(byPermission.get("content:material:view")).toMatchObject({ grantable: true });
    expect(byPermission.get("terminal:device:view")).toMatchObject({ grantable: false, reason: "notHeld" });
    expect(byPermission.get("sys:menu:edit")).toMatchObject({ grantable: false, reason: "platformOnly" });
  });
});

describe("tenant isolation", () => {
  it("shows a customer's administrator its own roles only", async () => {
    const list = (await c1Admin.get("/a/api/role/list", { pageSize: 100 })).json();
    expect(list.total).toBeGreaterThan(0);
    expect(new Set(list.list.map((r: { officeId: number }) => r.officeId))).toEqual(new Set([ids.c1]));
    const tenants = (await c1Admin.get("/a/api/role/tenants")).json();
    expect(tenants.list.map((o: { id: number }) => o.id)).toEqual([ids.c1]);
    expect(tenants.own).toBe(ids.c1);
  });

  it("answers another tenant's role like a missing one", async () => {
    expect((await c1Admin.get("/a/api/role/detail", { id: ids.c2Admin })).statusCode).toBe(404);
    expect((await c1Admin.get("/a/api/role/list", { officeId: ids.c2 })).statusCode).toBe(404);
    expect((await c1Admin.get("/a/api/role/permissionTree", { officeId: ids.c2 })).statusCode).toBe(404);
    const before = await tableDigests(t, ["audit_logs", "sessions"]);
    const edit = await c1Admin.post("/a/api/role/save", {
      id: ids.c2Admin,
      code: "admin",
      name: "Taken over",
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.body).not.toContain("Customer Two");
    expect(
      (await c1Admin.post("/a/api/role/save", { officeId: ids.c2, code: "spy", name: "Spy" })).statusCode,
    ).toBe(404);
    expect((await c1Admin.post("/a/api/role/delete", { id: ids.c2Admin })).statusCode).toBe(404);
    expect(await tableDigests(t, ["audit_logs", "sessions"])).toEqual(before);
  });

  it("lets an agent see and manage the roles of its customers, not the platform's", async () => {
    const list = (await agentAdmin.get("/a/api/role/list", { pageSize: 100 })).json();
    const offices = new Set(list.list.map((r: { officeId: number }) => r.officeId));
    expect(offices.has(ids.agent) && offices.has(ids.c1) && offices.has(ids.c2)).toBe(true);
    expect(offices.has(ids.platform)).toBe(false);
    const made = await agentAdmin.post("/a/api/role/save", {
      officeId: ids.c2,
      code: "support",
      name: "Support",
      permissions: ["terminal:device:view"],
    });
    expect(made.statusCode, made.body).toBe(200);
  });
});

describe("built-in roles", () => {
  it("cannot be deleted, nor can a role still held by users", async () => {
    const builtIn = await admin.post("/a/api/role/delete", { id: ids.c1Admin });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().msg).toBe("The role Administrator is built in and cannot be deleted");
    const made = await admin.post("/a/api/role/save", { officeId: ids.c1, code: "held", name: "Held" });
    const id = made.json().id as number;
    await userWith(ids.c1, "holder1", [id]);
    await userWith(ids.c1, "holder2", [id]);
    const held = await admin.post("/a/api/role/delete", { id });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      count: 2,
      msg: "The role Held is still held by 2 user(s); take it from them first",
    });
  });

  it("keeps every permission on the platform administrator and lets only its peers rename it", async () => {
    const [platformAdmin] = await t.database.db.select().from(roles).where(eq(roles.allPermissions, true));
    if (!platformAdmin) throw new Error("no administrator role");
    const detail = (await admin.get("/a/api/role/detail", { id: platformAdmin.id })).json();
    expect(detail.locked).toBe("allPermissions");
    const less = await admin.post("/a/api/role/save", {
      id: platformAdmin.id,
      code: "admin",
      name: "Administrator",
      permissions: ["sys:log:view"],
    });
    expect(less.statusCode).toBe(409);
    const renamed = await admin.post("/a/api/role/save", {
      id: platformAdmin.id,
      code: "admin",
      name: "Super administrator",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [after] = await t.database.db.select().from(roles).where(eq(roles.id, platformAdmin.id));
    expect(after).toMatchObject({ allPermissions: true, name: "Super administrator" });
    const code = await admin.post("/a/api/role/save", { id: platformAdmin.id, code: "root", name: "Root" });
    expect(code.statusCode).toBe(400);
    expect(code.json().errors[0]).toMatchObject({ field: "code" });
  });

  it("lets a tenant rename its built-in administrator but change its permissions only from above", async () => {
    const detail = (await c1Admin.get("/a/api/role/detail", { id: ids.c1Admin })).json();
    expect(detail.locked).toBe("tenantAdmin");
    const perms = [...TENANT_ADMIN_PERMISSIONS.customer];
    const renamed = await c1Admin.post("/a/api/role/save", {
      id: ids.c1Admin,
      code: "admin",
      name: "Owner",
      permissions: perms,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const fewer = await c1Admin.post("/a/api/role/save", {
      id: ids.c1Admin,
      code: "admin",
      name: "Owner",
      permissions: perms.filter((p) => p !== "sys:log:view"),
    });
    expect(fewer.statusCode).toBe(403);
    expect(fewer.json().msg).toBe(
      "The permissions of the built-in role Owner can only be changed by the organisation above yours",
    );
    // The agent above the customer may.
    expect((await agentAdmin.get("/a/api/role/detail", { id: ids.c1Admin })).json().locked).toBeNull();
    const fromAbove = await agentAdmin.post("/a/api/role/save", {
      id: ids.c1Admin,
      code: "admin",
      name: "Owner",
      permissions: perms.filter((p) => p !== "sys:log:view"),
    });
    expect(fromAbove.statusCode, fromAbove.body).toBe(200);
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, ids.c1Admin));
    expect(row?.permissions).not.toContain("sys:log:view");
  });
});
