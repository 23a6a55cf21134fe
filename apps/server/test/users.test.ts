import {
  ADDRESS_CHECKS_PER_MINUTE,
  type Permission,
  TENANT_ADMIN_PERMISSIONS,
  VERIFICATION_CODE_RESEND_MS,
} from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, loginGuards, materials, roles, userRoles, users } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
  tableDigests,
} from "./helpers";
import { startSmtp } from "./smtp";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Client;
/** The tenants: a platform, an agent, two customers of it, and a shop inside the first. */
const o = { platform: 0, agent: 0, c1: 0, c1Shop: 0, c2: 0 };
/** Roles of customer 1 (its administrator's, a viewer, one above its administrator) and of customer 2. */
const r = { c1Admin: 0, c1Viewer: 0, c1Big: 0, c2Role: 0, platformAdmin: 0 };
let c1admin: Client;
let c1adminId = 0;
let c2userId = 0;

const addRole = async (officeId: number, code: string, permissions: Permission[], builtIn = false) => {
  const [role] = await t.database.db
    .insert(roles)
    .values({ officeId, code, name: `Role ${code}`, permissions, builtIn })
    .returning();
  if (!role) throw new Error("role not created");
  return role.id;
};

const idOf = async (username: string) => {
  const [u] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no user ${username}`);
  return u;
};

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  const { officeId } = await initSystem(t);
  o.platform = officeId;
  o.agent = (await addOffice(t, officeId, "agent", "Agent A")).id;
  o.c1 = (await addOffice(t, o.agent, "customer", "Customer One")).id;
  o.c1Shop = (await addOffice(t, o.c1, "institution", "Shop of One")).id;
  o.c2 = (await addOffice(t, o.agent, "customer", "Customer Two")).id;
  const [adminRole] = await t.database.db.select().from(roles).where(eq(roles.officeId, officeId));
  r.platformAdmin = adminRole?.id ?? 0;
  const c1a = await addUser(t, o.c1, "c1admin", [...TENANT_ADMIN_PERMISSIONS.customer], {
    email: "c1admin@one.test",
  });
  c1adminId = c1a.id;
  r.c1Admin = (await t.database.db.select().from(userRoles).where(eq(userRoles.userId, c1a.id)))[0]
    ?.roleId as number;
  r.c1Viewer = await addRole(o.c1, "viewer", ["content:material:view"]);
  // Customer-centre rights are held by agents, not by a customer's administrator.
  r.c1Big = await addRole(o.c1, "big", ["content:material:view", "sys:customer:view"]);
  r.c2Role = await addRole(o.c2, "c2role", ["content:material:view"]);
  c2userId = (await addUser(t, o.c2, "c2user", ["content:material:view"], { phone: "+39 555 0002" })).id;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  c1admin = await signedIn(t, "c1admin", c1a.password, "en");
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("creating users", () => {
  it("creates a customer administrator who must choose a password at the first sign-in", async () => {
    const res = await admin.post("/a/api/user/save", {
      username: "Acme.Admin",
      name: "Acme Admin",
      officeId: o.c1,
      email: "boss@acme.test",
      phone: "+39 555 0100",
      remarks: "first customer admin",
      roleIds: [r.c1Admin],
      password: await admin.password("Start-pass1"),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const row = await idOf("Acme.Admin");
    expect(row).toMatchObject({ id, officeId: o.c1, mustChangePassword: true, enabled: true });
    expect(row.passwordHash).not.toContain("Start-pass1");

    const detail = await admin.get("/a/api/user/getUserInfo", { id });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().user).toMatchObject({
      username: "Acme.Admin",
      officeName: "Customer One",
      roleIds: [r.c1Admin],
      enabled: true,
      mustChangePassword: true,
      remarks: "first customer admin",
      dataRange: "subtree",
    });
    expect(detail.json().roles).toEqual([{ id: r.c1Admin, code: "r_c1admin", name: "Role of c1admin" }]);

    // the password works, but no session is made until it is changed
    const c = new Client(t.app, "en");
    const first = await c.login("acme.admin", "Start-pass1");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      code: 400,
      passwordExpired: true,
      reason: "reset",
      msg: "Your password was set by an administrator; choose your own to sign in",
      passwordPolicy: { minLength: 8, classes: 2, expiryDays: 0 },
    });
    expect(c.sessionToken).toBeUndefined();
    const changed = await c.post("/a/api/user/pwdPastDueModify", {
      username: "acme.admin",
      oldPassword: await c.password("Start-pass1"),
      newPassword: await c.password("Own-Pass-22"),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await c.login("acme.admin", "Own-Pass-22");
    expect(second.statusCode).toBe(200);
    const me = (await c.get("/a/api/user/getUserInfo")).json();
    expect(me.user.username).toBe("Acme.Admin");
    expect(me.permissions).toContain("sys:user:edit");
    expect(me.permissions).not.toContain("sys:setting:edit");
    // the audit trail names the new user
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.target, `user:${id}`))
      .limit(1);
    expect(audit).toMatchObject({ action: "/a/api/user/save", result: "ok" });
  });

  it("refuses missing fields, a bad user name, a weak password and a malformed mail, by field", async () => {
    const missing = await admin.post("/a/api/user/save", { name: "No login" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual([
      "username",
      "officeId",
      "password",
    ]);
    const badName = await admin.post("/a/api/user/save", {
      username: "has space",
      name: "X",
      officeId: o.c1,
      password: await admin.password("Start-pass1"),
    });
    expect(badName.json().errors).toEqual([
      { field: "username", message: "may contain only letters, digits and . _ @ -" },
    ]);
    const weak = await admin.post("/a/api/user/save", {
      username: "weakling",
      name: "Weak",
      officeId: o.c1,
      password: await admin.password("password"),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([
      {
        field: "password",
        message:
          "The password needs 8 to 64 characters with at least 2 of these kinds: lower-case letters, upper-case letters, digits, symbols",
      },
    ]);
    const mail = await admin.post("/a/api/user/save", {
      username: "mailless",
      name: "M",
      officeId: o.c1,
      email: "not-a-mail",
      password: await admin.password("Start-pass1"),
    });
    expect(mail.json().errors[0]).toEqual({ field: "email", message: "must be a mail address" });
    expect((await t.database.db.select().from(users).where(eq(users.username, "weakling"))).length).toBe(0);
  });

  it("keeps login, mail and phone unique, whatever their case, refused by field", async () => {
    const res = await admin.post("/a/api/user/save", {
      username: "ADMIN",
      name: "Second admin",
      officeId: o.c1,
      email: "BOSS@acme.test",
      phone: "+39 555 0002",
      password: await admin.password("Start-pass1"),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "username", message: "The user name ADMIN is already taken" },
      { field: "email", message: "This address cannot be used" },
      { field: "phone", message: "This address cannot be used" },
    ]);
    // an edit is held to the same, but keeping one's own values is fine
    const acme = await idOf("Acme.Admin");
    const keep = await admin.post("/a/api/user/save", { id: acme.id, email: "Boss@Acme.test" });
    expect(keep.statusCode).toBe(200);
    const steal = await admin.post("/a/api/user/save", { id: acme.id, phone: "+39 555 0002" });
    expect(steal.json().errors).toEqual([{ field: "phone", message: "This address cannot be used" }]);
  });

  it("answers whether a phone or mail is taken by someone else", async () => {
    const acme = await idOf("Acme.Admin");
    const taken = await admin.post("/a/api/user/checkPhoneOrEmail", { email: "boss@ACME.test" });
    expect(taken.json()).toEqual({ code: 0, msg: "This address cannot be used", taken: true });
    const own = await admin.post("/a/api/user/checkPhoneOrEmail", {
      email: "boss@acme.test",
      userId: acme.id,
    });
    expect(own.json().taken).toBe(false);
    const free = await c1admin.post("/a/api/user/checkPhoneOrEmail", { phone: "+39 555 9999" });
    expect(free.json().taken).toBe(false);
    const both = await admin.post("/a/api/user/checkPhoneOrEmail", { phone: "+1 555", email: "a@b.test" });
    expect(both.statusCode).toBe(400);
    // another tenant's user is no business of customer 1
    const other = await c1admin.post("/a/api/user/checkPhoneOrEmail", {
      email: "x@y.test",
      userId: c2userId,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("roles and isolation", () => {
  it("lists only the users of the caller's subtree, with filters and server paging", async () => {
    await admin.post("/a/api/user/save", {
      username: "shopkeeper",
      name: "Shop Keeper",
      officeId: o.c1Shop,
      roleIds: [r.c1Viewer],
      password: await admin.password("Start-pass1"),
    });
    const mine = (await c1admin.get("/a/api/user/usereList", { pageSize: 50 })).json();
    expect(mine.list.map((u: { username: string }) => u.username).sort()).toEqual([
      "Acme.Admin",
      "c1admin",
      "shopkeeper",
    ]);
    const keeper = mine.list.find((u: { username: string }) => u.username === "shopkeeper");
    expect(keeper).toMatchObject({
      officeName: "Shop of One",
      enabled: true,
      mustChangePassword: true,
      passwordExpired: false,
      lastLoginAt: null,
      roles: [{ id: r.c1Viewer, name: "Role viewer" }],
    });
    const all = (await admin.get("/a/api/user/usereList", { pageSize: 2, pageNo: 2 })).json();
    expect(all.total).toBe(5);
    expect(all.list).toHaveLength(2);
    const shop = (await c1admin.get("/a/api/user/usereList", { officeId: o.c1Shop })).json();
    expect(shop.list.map((u: { username: string }) => u.username)).toEqual(["shopkeeper"]);
    const byKeyword = (await admin.get("/a/api/user/usereList", { keyword: "ACME.t" })).json();
    expect(byKeyword.list.map((u: { username: string }) => u.username)).toEqual(["Acme.Admin"]);
    const byRole = (await admin.get("/a/api/user/usereList", { roleId: r.c1Viewer })).json();
    expect(byRole.list.map((u: { username: string }) => u.username)).toEqual(["shopkeeper"]);
    const disabled = (await admin.get("/a/api/user/usereList", { enabled: "false" })).json();
    expect(disabled.total).toBe(0);
    // another customer's subtree is not even there
    expect((await c1admin.get("/a/api/user/usereList", { officeId: o.c2 })).statusCode).toBe(404);
    // the office tree the page shows holds their customer and what is below it, nothing else
    const tree = (await c1admin.get("/a/api/office/treeDataNew")).json().tree;
    const names: string[] = [];
    const walk = (n: { name: string; children: unknown[] }) => {
      names.push(n.name);
      for (const c of n.children) walk(c as typeof n);
    };
    tree.forEach(walk);
    expect(names).toEqual(["Customer One", "Shop of One"]);
  });

  it("answers another tenant's user as missing, on every call", async () => {
    const calls = [
      c1admin.get("/a/api/user/getUserInfo", { id: c2userId }),
      c1admin.post("/a/api/user/save", { id: c2userId, name: "Taken over" }),
      c1admin.post("/a/api/user/delete", { ids: [c2userId] }),
      c1admin.get("/a/api/user/rolesByUserId", { userId: c2userId }),
      c1admin.get("/a/api/user/roleListByUserId", { userId: c2userId }),
      c1admin.post("/a/api/user/modifyPwd", { userId: c2userId, password: "x" }),
      c1admin.get("/a/api/user/updateDefDataRange", { userId: c2userId, dataRange: "own" }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toBe(`user ${c2userId} does not exist`);
    }
    const c2 = await t.database.db.select().from(users).where(eq(users.id, c2userId));
    expect(c2[0]).toMatchObject({ name: "c2user", enabled: true });
  });

  it("offers and assigns only the roles the caller may grant, of the user's own tenant", async () => {
    const offered = (await c1admin.get("/a/api/user/allRoleList")).json().list;
    expect(offered.map((x: { id: number }) => x.id).sort()).toEqual([r.c1Admin, r.c1Viewer].sort());
    const byPlatform = (await admin.get("/a/api/user/allRoleList", { officeId: o.c1Shop })).json().list;
    expect(byPlatform.map((x: { id: number }) => x.id).sort()).toEqual(
      [r.c1Admin, r.c1Viewer, r.c1Big].sort(),
    );
    expect((await c1admin.get("/a/api/user/allRoleList", { officeId: o.c2 })).statusCode).toBe(404);

    const keeper = await idOf("shopkeeper");
    const list = (await c1admin.get("/a/api/user/roleListByUserId", { userId: keeper.id })).json().list;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: r.c1Viewer, checked: true }),
        expect.objectContaining({ id: r.c1Admin, checked: false }),
      ]),
    );
    expect(list.some((x: { id: number }) => x.id === r.c1Big)).toBe(false);
    const held = (await c1admin.get("/a/api/user/rolesByUserId", { userId: keeper.id })).json().list;
    expect(held.map((x: { id: number }) => x.id)).toEqual([r.c1Viewer]);

    // a role with a permission the customer administrator lacks: 403 naming it
    const above = await c1admin.post("/a/api/user/save", { id: keeper.id, roleIds: [r.c1Viewer, r.c1Big] });
    expect(above.statusCode).toBe(403);
    expect(above.json().msg).toBe(
      "You cannot assign the role Role big: it carries permissions you cannot grant (sys:customer:view)",
    );
    // another tenant's role: unknown to customer 1
    const foreign = await c1admin.post("/a/api/user/save", { id: keeper.id, roleIds: [r.c2Role] });
    expect(foreign.statusCode).toBe(404);
    // the platform sees it, but it belongs to another tenant than the user's
    const wrongTenant = await admin.post("/a/api/user/save", { id: keeper.id, roleIds: [r.c2Role] });
    expect(wrongTenant.statusCode).toBe(403);
    expect(wrongTenant.json().msg).toBe(
      "Role Role c2role belongs to another tenant than the user's institution",
    );
    // the platform's own administrator role cannot go to a customer's user
    const platformRole = await admin.post("/a/api/user/save", { id: keeper.id, roleIds: [r.platformAdmin] });
    expect(platformRole.statusCode).toBe(403);
    expect((await c1admin.get("/a/api/user/rolesByUserId", { userId: keeper.id })).json().list).toHaveLength(
      1,
    );

    const ok = await c1admin.post("/a/api/user/save", { id: keeper.id, roleIds: [r.c1Admin] });
    expect(ok.statusCode).toBe(200);
    const now = (await c1admin.get("/a/api/user/rolesByUserId", { userId: keeper.id })).json().list;
    expect(now.map((x: { id: number }) => x.id)).toEqual([r.c1Admin]);
  });

  it("will not let anyone manage a user who holds more than they can grant", async () => {
    const res = await admin.post("/a/api/user/save", {
      username: "bigshot",
      name: "Big Shot",
      officeId: o.c1,
      roleIds: [r.c1Big],
      password: await admin.password("Start-pass1"),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    for (const call of [
      c1admin.post("/a/api/user/save", { id, name: "Renamed" }),
      c1admin.post("/a/api/user/modifyPwd", { userId: id, password: await c1admin.password("Taken-over1") }),
      c1admin.post("/a/api/user/delete", { ids: [id] }),
      c1admin.get("/a/api/user/updateDefDataRange", { userId: id, dataRange: "own" }),
    ]) {
      const refused = await call;
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe(
        "You cannot manage bigshot: their role Role big carries permissions you cannot grant",
      );
    }
    expect((await idOf("bigshot")).name).toBe("Big Shot");
  });

  it("keeps data ranges within the caller's own", async () => {
    const keeper = await idOf("shopkeeper");
    const outside = await c1admin.post("/a/api/user/save", {
      id: keeper.id,
      dataRange: "offices",
      dataOffices: [o.c2],
    });
    expect(outside.json().errors).toEqual([
      { field: "dataOffices", message: `Institution ${o.c2} is outside your data range` },
    ]);
    const above = await c1admin.post("/a/api/user/save", {
      id: keeper.id,
      dataRange: "offices",
      dataOffices: [o.c1],
    });
    expect(above.json().errors).toEqual([
      { field: "dataOffices", message: `Institution ${o.c1} is not at or below the user's institution` },
    ]);
    const ok = await c1admin.post("/a/api/user/save", {
      id: keeper.id,
      dataRange: "offices",
      dataOffices: [o.c1Shop],
    });
    expect(ok.statusCode).toBe(200);
    expect(await idOf("shopkeeper")).toMatchObject({ dataRange: "offices", dataOffices: [o.c1Shop] });
    // a customer's user cannot be moved out of the caller's range
    const move = await c1admin.post("/a/api/user/save", { id: keeper.id, officeId: o.c2 });
    expect(move.json().errors).toEqual([
      { field: "officeId", message: `Institution ${o.c2} is outside your data range` },
    ]);
  });

  it("refuses the permissions it needs to those without them", async () => {
    const viewer = await addUser(t, o.c1, "userviewer", ["sys:user:view"]);
    const c = await signedIn(t, viewer.username, viewer.password, "en");
    expect((await c.get("/a/api/user/usereList")).statusCode).toBe(200);
    const save = await c.post("/a/api/user/save", { id: viewer.id, name: "Me" });
    expect(save.statusCode).toBe(403);
    expect(save.json().msg).toBe("Request denied: you lack the permission sys:user:edit");
    const del = await c.post("/a/api/user/delete", { ids: [c2userId] });
    expect(del.json().msg).toBe("Request denied: you lack the permission sys:user:delete");
    const nobody = await signedIn(
      t,
      (await addUser(t, o.c1, "plainuser", [])).username,
      "plainuserPass1",
      "en",
    );
    expect((await nobody.get("/a/api/user/usereList")).statusCode).toBe(403);
    const someoneElse = await nobody.get("/a/api/user/getUserInfo", { id: viewer.id });
    expect(someoneElse.json().msg).toBe("Request denied: you lack the permission sys:user:view");
    // one's own details need nothing
    expect((await nobody.get("/a/api/user/getUserInfo")).json().user.username).toBe("plainuser");
  });
});

describe("enabling, passwords and deleting", () => {
  it("signs a disabled user out at once, and nobody disables themselves", async () => {
    const keeper = await idOf("shopkeeper");
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, keeper.id));
    const kc = await signedIn(t, "shopkeeper", "Start-pass1", "en");
    expect((await kc.get("/a/api/user/getUserInfo")).statusCode).toBe(200);
    const off = await c1admin.post("/a/api/user/save", { id: keeper.id, enabled: false });
    expect(off.statusCode).toBe(200);
    expect((await kc.get("/a/api/user/getUserInfo")).json()).toEqual({ code: 401, msg: "logout" });
    const again = await new Client(t.app, "en").login("shopkeeper", "Start-pass1");
    expect(again.statusCode).toBe(403);
    expect(again.json().msg).toBe("This account is disabled; contact your administrator");
    expect((await c1admin.post("/a/api/user/save", { id: keeper.id, enabled: true })).statusCode).toBe(200);

    const self = await c1admin.post("/a/api/user/save", { id: c1adminId, enabled: false });
    expect(self.json().errors).toEqual([
      { field: "enabled", message: "You cannot disable your own account" },
    ]);
    const pw = await c1admin.post("/a/api/user/save", { id: keeper.id, password: "x" });
    expect(pw.json().errors[0].field).toBe("password");
  });

  it("records the last sign-in", async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "shopkeeper"));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    expect(row?.lastLoginIp).toBe("127.0.0.1");
    const listed = (await admin.get("/a/api/user/usereList", { keyword: "shopkeeper" })).json().list[0];
    expect(listed.lastLoginAt).toBe(row?.lastLoginAt?.toISOString());
  });

  it("lets an administrator set a password: policy, sessions ended, a change forced", async () => {
    const keeper = await idOf("shopkeeper");
    const kc = await signedIn(t, "shopkeeper", "Start-pass1", "en");
    const weak = await c1admin.post("/a/api/user/modifyPwd", {
      userId: keeper.id,
      password: await c1admin.password("short"),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe("password");
    const ok = await c1admin.post("/a/api/user/modifyPwd", {
      userId: keeper.id,
      password: await c1admin.password("Reset-pass9"),
    });
    expect(ok.statusCode).toBe(200);
    expect((await kc.get("/a/api/user/getUserInfo")).statusCode).toBe(401);
    const login = await new Client(t.app, "en").login("shopkeeper", "Reset-pass9");
    expect(login.json()).toMatchObject({ passwordExpired: true, reason: "reset" });
    expect((await new Client(t.app, "en").login("shopkeeper", "Start-pass1")).statusCode).toBe(400);
    const self = await c1admin.post("/a/api/user/modifyPwd", {
      userId: c1adminId,
      password: await c1admin.password("Reset-pass9"),
    });
    expect(self.json().errors).toEqual([
      { field: "userId", message: "Change your own password in the personal centre" },
    ]);
  });

  it("confirms the caller's own password, counting wrong guesses like sign-ins", async () => {
    const c = await signedIn(t, "userviewer", "userviewerPass1", "en");
    const right = await c.get("/a/api/user/ConfirmOldpwd", {
      oldPassword: await c.password("userviewerPass1"),
    });
    expect(right.json()).toMatchObject({ code: 0, match: true });
    for (let i = 0; i < 3; i++) {
      const wrong = await c.get("/a/api/user/ConfirmOldpwd", {
        oldPassword: await c.password("guess-Pass1"),
      });
      expect(wrong.json()).toMatchObject({ match: false, msg: "The current password is wrong" });
    }
    const guard = await t.database.db
      .select()
      .from(loginGuards)
      .where(eq(loginGuards.key, "user:userviewer"));
    expect(guard[0]?.failures).toBe(3);
    expect((await c.get("/a/seniorValidation", { username: "userviewer" })).json().needCaptcha).toBe(true);
    await t.database.db.delete(loginGuards);
  });

  it("deletes users (not oneself, not the last platform administrator); what they made stays", async () => {
    const keeper = await idOf("shopkeeper");
    const [made] = await t.database.db
      .insert(materials)
      .values({ officeId: o.c1Shop, name: "Keeper's page", type: "web", createdBy: keeper.id })
      .returning();
    const self = await c1admin.post("/a/api/user/delete", { ids: [c1adminId] });
    expect(self.statusCode).toBe(409);
    expect(self.json().msg).toBe("You cannot delete your own account");
    const res = await c1admin.post("/a/api/user/delete", { ids: String(keeper.id) });
    expect(res.statusCode).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.id, keeper.id))).length).toBe(0);
    const [kept] = await t.database.db
      .select()
      .from(materials)
      .where(eq(materials.id, made?.id ?? 0));
    expect(kept).toMatchObject({ name: "Keeper's page", createdBy: null });
    expect((await c1admin.post("/a/api/user/delete", { ids: [keeper.id] })).statusCode).toBe(404);

    // the platform keeps one enabled administrator
    const [me] = await t.database.db.select().from(users).where(eq(users.username, ADMIN.username));
    const demote = await admin.post("/a/api/user/save", { id: me?.id, roleIds: [] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().msg).toBe("admin is the last enabled platform administrator; keep at least one");
    expect((await admin.get("/a/api/user/getUserInfo")).json().permissions).toEqual(["*"]);
  });

  it("leaves nothing behind when a save is refused", async () => {
    const before = await tableDigests(t, ["audit_logs", "sessions", "login_guards"]);
    await admin.post("/a/api/user/save", {
      username: "half",
      name: "Half",
      officeId: o.c1,
      roleIds: [r.c1Viewer, r.c2Role],
      password: await admin.password("Start-pass1"),
    });
    expect(await tableDigests(t, ["audit_logs", "sessions", "login_guards"])).toEqual(before);
  });
});

describe("verification codes", () => {
  const codeOf = (raw: string) => /verification code is (\d{6})/.exec(raw.replace(/=\r?\n/g, ""))?.[1] ?? "";

  it("says clearly when mail or SMS cannot carry a code", async () => {
    const noMail = await c1admin.post("/a/api/user/sendVerificationCode", {});
    expect(noMail.statusCode).toBe(409);
    expect(noMail.json().msg).toBe("Mail is not configured; set the SMTP server in system settings");
    const sms = await c1admin.post("/a/api/user/sendVerificationCode", { phone: "+39 555 0100" });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().msg).toBe("SMS is not configured: verification codes can only be sent by mail");
    const smsNew = await c1admin.post("/a/api/user/sendVerificationCodeNotHaveToRegister", {
      phone: "+39 555 0100",
    });
    expect(smsNew.statusCode).toBe(400);
    await t.app.services.settings.set(
      "smtp",
      {
        host: "127.0.0.1",
        port: smtp.port,
        secure: false,
        username: "",
        password: "",
        from: "noreply@m.test",
      },
      null,
    );
  });

  it("mails a code to the caller's own address and checks it once", async () => {
    const sent = await c1admin.post("/a/api/user/sendVerificationCode", {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().msg).toBe("A verification code was sent to c***@one.test");
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual(["c1admin@one.test"]);
    expect(mail?.raw).toMatch(/Subject: Your Marquee verification code/);
    const code = codeOf(mail?.raw ?? "");
    expect(code).toMatch(/^\d{6}$/);
    const tooSoon = await c1admin.post("/a/api/user/sendVerificationCode", {});
    expect(tooSoon.statusCode).toBe(429);

    const wrongAddress = await c1admin.post("/a/api/user/checkVerificationCode", {
      email: "other@one.test",
      code,
    });
    expect(wrongAddress.json().valid).toBe(false);
    const right = await c1admin.post("/a/api/user/checkVerificationCode", {
      email: "C1admin@one.test",
      code,
    });
    expect(right.json()).toMatchObject({ code: 0, valid: true });
    const replay = await c1admin.post("/a/api/user/checkVerificationCode", {
      email: "c1admin@one.test",
      code,
    });
    expect(replay.json().valid).toBe(false);
  });

  it("mails a code to a new address only when nobody has it", async () => {
    t.clock.advance(VERIFICATION_CODE_RESEND_MS + 1000);
    const taken = await c1admin.post("/a/api/user/sendVerificationCodeNotHaveToRegister", {
      email: "boss@acme.test",
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: "email", message: "This address cannot be used" }]);
    const count = smtp.mails.length;
    const fresh = await c1admin.post("/a/api/user/sendVerificationCodeNotHaveToRegister", {
      email: "new@one.test",
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(smtp.mails).toHaveLength(count + 1);
    expect(smtp.mails.at(-1)?.to).toEqual(["new@one.test"]);
    const code = codeOf(smtp.mails.at(-1)?.raw ?? "");
    // a code for an address is no second-factor sign-in code
    await t.database.db.update(users).set({ twoFactor: true }).where(eq(users.id, c1adminId));
    const login = await new Client(t.app, "en").login("c1admin", "c1adminPass1", { verificationCode: code });
    expect(login.json().msg).toBe("The verification code is wrong or has expired");
    await t.database.db.update(users).set({ twoFactor: false }).where(eq(users.id, c1adminId));
    await t.database.db.delete(loginGuards);
    const ok = await c1admin.post("/a/api/user/checkVerificationCode", { email: "new@one.test", code });
    expect(ok.json().valid).toBe(true);
  });
});

describe("addresses of other tenants", () => {
  const CHECK = "/a/api/user/checkPhoneOrEmail";
  const UNUSABLE = "This address cannot be used";
  let a1: Awaited<ReturnType<typeof addUser>>;
  let b1: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    // One user in the caller's tenant (customer 1), one in another (customer 2).
    a1 = await addUser(t, o.c1, "a1mail", [], { email: "a1@one.test", phone: "+39 555 0101" });
    b1 = await addUser(t, o.c2, "b1mail", [], { email: "b1@two.test", phone: "+39 555 0201" });
  });

  it("answers a check the same for an address of the caller's tenant and of another, naming nobody", async () => {
    const own = await c1admin.post(CHECK, { email: "A1@one.test" });
    const other = await c1admin.post(CHECK, { email: "B1@two.test" });
    expect(own.statusCode).toBe(200);
    expect(other.statusCode).toBe(own.statusCode);
    expect(own.json()).toEqual({ code: 0, msg: UNUSABLE, taken: true });
    expect(other.json()).toEqual(own.json());
    const ownPhone = await c1admin.post(CHECK, { phone: "+39 555 0101" });
    const otherPhone = await c1admin.post(CHECK, { phone: "+39 555 0201" });
    expect(ownPhone.json()).toEqual({ code: 0, msg: UNUSABLE, taken: true });
    expect(otherPhone.json()).toEqual(ownPhone.json());
    for (const res of [own, other, ownPhone, otherPhone]) {
      expect(res.body).not.toMatch(/a1mail|b1mail|Customer|one\.test|two\.test|0101|0201/);
    }
    // in the caller's language
    const fr = await signedIn(t, "c1admin", "c1adminPass1", "fr");
    expect((await fr.post(CHECK, { email: "b1@two.test" })).json()).toEqual({
      code: 0,
      msg: "Cette adresse ne peut pas être utilisée",
      taken: true,
    });
    expect((await c1admin.post(CHECK, { email: "nobody@three.test" })).json()).toEqual({
      code: 0,
      msg: "Success",
      taken: false,
    });
  });

  it("refuses saving another tenant's address with the field message of its own tenant's", async () => {
    const create = async (username: string, address: Record<string, string>) =>
      c1admin.post("/a/api/user/save", {
        username,
        name: username,
        officeId: o.c1,
        password: await c1admin.password("Start-pass1"),
        ...address,
      });
    const other = await create("probe", { email: "b1@two.test" });
    const own = await create("probe", { email: "a1@one.test" });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      code: 400,
      msg: `email: ${UNUSABLE}`,
      errors: [{ field: "email", message: UNUSABLE }],
    });
    expect(own.json()).toEqual(other.json());
    // an edit, and a phone
    const editOther = await c1admin.post("/a/api/user/save", { id: a1.id, phone: "+39 555 0201" });
    expect(editOther.statusCode).toBe(400);
    expect(editOther.json().errors).toEqual([{ field: "phone", message: UNUSABLE }]);
    // one's own profile
    const me = await signedIn(t, "a1mail", a1.password, "en");
    const profile = await me.post("/a/api/user/saveUserInfo", { email: "b1@two.test" });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().errors).toEqual([{ field: "email", message: UNUSABLE }]);
    expect((await idOf("a1mail")).email).toBe("a1@one.test");
  });

  it("ends two saves racing for one address with the same field message, not a server error", async () => {
    const a = await signedIn(t, "a1mail", a1.password, "en");
    const b = await signedIn(t, "b1mail", b1.password, "en");
    for (let i = 0; i < 6; i++) {
      const email = `race${i}@any.test`;
      const profiles = await Promise.all([
        a.post("/a/api/user/saveUserInfo", { email }),
        b.post("/a/api/user/saveUserInfo", { email }),
      ]);
      expect(profiles.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(profiles.find((r) => r.statusCode === 400)?.json().errors).toEqual([
        { field: "email", message: UNUSABLE },
      ]);
      const password = await admin.password("Start-pass1");
      const saves = await Promise.all(
        [o.c1, o.c2].map((officeId, n) =>
          admin.post("/a/api/user/save", {
            username: `racer${i}x${n}`,
            name: "Racer",
            officeId,
            phone: `+39 555 9${i}00`,
            password,
          }),
        ),
      );
      expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(saves.find((r) => r.statusCode === 400)?.json().errors).toEqual([
        { field: "phone", message: UNUSABLE },
      ]);
    }
  });

  it(`limits each user to ${ADDRESS_CHECKS_PER_MINUTE} checks a minute, answering 429 in their language`, async () => {
    const prober = await addUser(t, o.c1, "prober", []);
    const p = await signedIn(t, "prober", prober.password, "fr");
    for (let i = 0; i < ADDRESS_CHECKS_PER_MINUTE; i++) {
      expect((await p.post(CHECK, { email: `n${i}@probe.test` })).statusCode).toBe(200);
    }
    const over = await p.post(CHECK, { email: "b1@two.test" });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 429, msg: "Trop de requêtes, réessayez dans 60 secondes" });
    // the limit is the user's own
    expect((await c1admin.post(CHECK, { email: "n0@probe.test" })).statusCode).toBe(200);
  });
});
