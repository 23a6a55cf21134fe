import { TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, offices, programs, roles, terminals, userRoles, users } from "../src/db/schema";
import {
  ADMIN,
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
let amy: Client; // administrator of agent A
let bob: Client; // administrator of agent B
let cat: Client; // administrator of customer A1 (under agent A)
let viv: Client; // platform user who may only look
const ids = {} as Record<"platform" | "hq" | "a" | "b" | "a1" | "a2" | "b1" | "shop", number>;
let seq = 0;

/** Creates an office through the API as the platform administrator; answers its id. */
async function create(body: Record<string, unknown>, by: Client = admin): Promise<number> {
  const res = await by.post("/a/api/office/save", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().office.id;
}

async function office(id: number) {
  const [row] = await t.database.db.select().from(offices).where(eq(offices.id, id));
  return row;
}

/** A terminal row in an office (presence as given). */
async function terminal(
  officeId: number,
  state: "authorised" | "pending" | "disabled" = "authorised",
  online = false,
) {
  seq++;
  const [row] = await t.database.db
    .insert(terminals)
    .values({
      officeId,
      name: `Screen ${seq}`,
      deviceId: `office-test-${seq}`,
      tokenHash: `office-hash-${seq}`,
      enrolCode: `K${String(seq).padStart(5, "0")}`,
      state,
      online,
      model: "Web player",
      version: "1.0.0",
      width: 1920,
      height: 1080,
      authorisedAt: state === "pending" ? null : new Date(),
    })
    .returning();
  if (!row) throw new Error("no terminal");
  return row;
}

async function material(officeId: number, md5: string, size: number) {
  const [row] = await t.database.db
    .insert(materials)
    .values({ officeId, name: `${md5}.png`, type: "image", md5, size, mime: "image/png" })
    .returning();
  if (!row) throw new Error("no material");
  return row;
}

const fieldsOf = (res: { json(): { errors?: Array<{ field: string }> } }) =>
  (res.json().errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  ids.platform = officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  ids.a = await create({ parentId: officeId, type: "agent", name: "Agent A" });
  ids.b = await create({ parentId: officeId, type: "agent", name: "Agent B" });
  ids.hq = await create({ parentId: officeId, type: "institution", name: "Headquarters" });
  ids.a1 = await create({ parentId: ids.a, type: "customer", name: "Customer A1", contactName: "Alice" });
  ids.a2 = await create({ parentId: ids.a, type: "customer", name: "Customer A2" });
  ids.b1 = await create({ parentId: ids.b, type: "customer", name: "Customer B1" });
  ids.shop = await create({ parentId: ids.a1, type: "institution", name: "Shop 1" });
  await addUser(t, ids.a, "amy", [...TENANT_ADMIN_PERMISSIONS.agent]);
  await addUser(t, ids.b, "bob", [...TENANT_ADMIN_PERMISSIONS.agent]);
  await addUser(t, ids.a1, "cat", [...TENANT_ADMIN_PERMISSIONS.customer]);
  await addUser(t, ids.platform, "viv", ["sys:office:view"]);
  amy = await signedIn(t, "amy", "amyPass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
  cat = await signedIn(t, "cat", "catPass1", "en");
  viv = await signedIn(t, "viv", "vivPass1", "en");
});
afterAll(async () => {
  await t?.close();
});

describe("save", () => {
  it("creates offices with their path, and agents and customers with a built-in administrator role", async () => {
    const a = await office(ids.a);
    const a1 = await office(ids.a1);
    const shop = await office(ids.shop);
    expect(a?.path).toBe(`/${ids.platform}/${ids.a}/`);
    expect(a1?.path).toBe(`/${ids.platform}/${ids.a}/${ids.a1}/`);
    expect(shop?.path).toBe(`${a1?.path}${ids.shop}/`);
    expect(a1?.contactName).toBe("Alice");
    const own = await t.database.db
      .select()
      .from(roles)
      .where(inArray(roles.officeId, [ids.a, ids.a1, ids.shop]));
    const agentRole = own.find((r) => r.officeId === ids.a);
    const customerRole = own.find((r) => r.officeId === ids.a1);
    expect(agentRole).toMatchObject({ code: "admin", name: "Agent administrator", builtIn: true });
    expect(agentRole?.permissions.sort()).toEqual([...TENANT_ADMIN_PERMISSIONS.agent].sort());
    expect(customerRole).toMatchObject({ code: "admin", name: "Customer administrator", builtIn: true });
    expect(customerRole?.permissions.sort()).toEqual([...TENANT_ADMIN_PERMISSIONS.customer].sort());
    expect(own.filter((r) => r.officeId === ids.shop)).toEqual([]);
  });

  it("names the built-in role in the caller's language", async () => {
    const zh = await signedIn(t, ADMIN.username, ADMIN.password, "zh_CN");
    const id = await create({ parentId: ids.b, type: "customer", name: "客户 甲" }, zh);
    const [role] = await t.database.db.select().from(roles).where(eq(roles.officeId, id));
    expect(role?.name).toBe("客户管理员");
  });

  it("stores a customer's quotas and expiry, and edits keep what is not sent", async () => {
    const expiresAt = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const id = await create({
      parentId: ids.b,
      type: "customer",
      name: "Quota customer",
      capacityBytes: 5 * 1024 ** 3,
      terminalQuota: 12,
      expiresAt,
      contactEmail: "ops@quota.test",
      contactPhone: "+39 02 1234567",
    });
    const res = await admin.post("/a/api/office/save", { id, name: "Quota customer (renamed)" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().office).toMatchObject({
      name: "Quota customer (renamed)",
      type: "customer",
      capacityBytes: 5 * 1024 ** 3,
      terminalQuota: 12,
      expiresAt,
      contactEmail: "ops@quota.test",
      state: "active",
    });
    // null clears: unlimited and never expiring
    const cleared = await admin.post("/a/api/office/save", {
      id,
      name: "Quota customer",
      terminalQuota: null,
      expiresAt: null,
    });
    expect(cleared.json().office).toMatchObject({
      terminalQuota: null,
      expiresAt: null,
      capacityBytes: 5 * 1024 ** 3,
    });
  });

  it("refuses invalid input at its field, writing nothing", async () => {
    const before = await tableDigests(t, ["audit_logs", "sessions"]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ parentId: ids.a, type: "customer", name: "" }, "name"],
      [{ parentId: ids.a, type: "customer", name: "x".repeat(101) }, "name"],
      [{ type: "institution", name: "Orphan" }, "parentId"],
      [{ parentId: ids.a, name: "No kind" }, "type"],
      [{ parentId: ids.a, type: "planet", name: "Pluto" }, "type"],
      [{ parentId: ids.a, type: "customer", name: "Mail", contactEmail: "not-mail" }, "contactEmail"],
      [{ parentId: ids.a, type: "customer", name: "Quota", terminalQuota: -1 }, "terminalQuota"],
      [{ parentId: ids.a, type: "customer", name: "Expiry", expiresAt: "next week" }, "expiresAt"],
      // names are unique among siblings, whatever their case
      [{ parentId: ids.a, type: "customer", name: "customer a1" }, "name"],
      // customers under the platform or an agent only; agents under the platform only
      [{ parentId: ids.a1, type: "customer", name: "Nested customer" }, "parentId"],
      [{ parentId: ids.hq, type: "customer", name: "Customer of HQ" }, "parentId"],
      [{ parentId: ids.a, type: "agent", name: "Sub-agent" }, "parentId"],
      // quotas and expiry are a tenant's
      [{ parentId: ids.hq, type: "institution", name: "Branch", terminalQuota: 3 }, "terminalQuota"],
      // kind and parent do not change through save
      [{ id: ids.hq, type: "customer", name: "Headquarters" }, "type"],
      [{ id: ids.shop, parentId: ids.a2, name: "Shop 1" }, "parentId"],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post("/a/api/office/save", body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    const junk = await admin.post("/a/api/office/save", {
      parentId: ids.a,
      type: "customer",
      name: "Junk",
      terminalQuota: "lots",
    });
    expect(junk.json().msg).toBe("terminalQuota: must be a number");
    const taken = await admin.post("/a/api/office/save", {
      parentId: ids.a,
      type: "customer",
      name: "CUSTOMER A1",
    });
    expect(taken.json().msg).toBe("name: An institution named CUSTOMER A1 already exists at this place");
    expect(await tableDigests(t, ["audit_logs", "sessions"])).toEqual(before);
  });

  it("refuses callers without the permission of the kind", async () => {
    // only sys:office:view
    expect(
      (await viv.post("/a/api/office/save", { parentId: ids.hq, type: "institution", name: "V" })).statusCode,
    ).toBe(403);
    // an agent opens customers, never agents
    const agent = await amy.post("/a/api/office/save", {
      parentId: ids.platform,
      type: "agent",
      name: "Agent C",
    });
    expect(agent.statusCode).toBe(403);
    // a customer administrator creates institutions, not customers, and does not edit their customer
    expect(
      (await cat.post("/a/api/office/save", { parentId: ids.a1, type: "customer", name: "Sub" })).statusCode,
    ).toBe(403);
    expect((await cat.post("/a/api/office/save", { id: ids.a1, name: "Mine now" })).statusCode).toBe(403);
    const branch = await cat.post("/a/api/office/save", {
      parentId: ids.a1,
      type: "institution",
      name: "Branch",
    });
    expect(branch.statusCode, branch.body).toBe(200);
  });

  it("lets only someone above a tenant change its quotas, expiry and state", async () => {
    const later = new Date(Date.now() + 365 * 86_400_000).toISOString();
    // the agent's administrator renames their agent, but cannot lift its limits
    expect((await amy.post("/a/api/office/save", { id: ids.a, name: "Agent A" })).statusCode).toBe(200);
    const own = await amy.post("/a/api/office/save", {
      id: ids.a,
      name: "Agent A",
      terminalQuota: 1000,
      expiresAt: later,
    });
    expect(own.statusCode).toBe(400);
    expect(fieldsOf(own)).toEqual(["terminalQuota", "expiresAt"]);
    expect(own.json().msg).toContain("Only an administrator above Agent A");
    expect(
      fieldsOf(await amy.post("/a/api/office/save", { id: ids.a, name: "Agent A", enabled: false })),
    ).toEqual(["enabled"]);
    // sending the value it already has is no change
    expect(
      (await amy.post("/a/api/office/save", { id: ids.a, name: "Agent A", terminalQuota: null })).statusCode,
    ).toBe(200);
    // the agent sets its customer's
    const theirs = await amy.post("/a/api/office/save", {
      id: ids.a2,
      name: "Customer A2",
      expiresAt: later,
      terminalQuota: 5,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await office(ids.a2))?.terminalQuota).toBe(5);
  });

  it("ends the sessions of a tenant that is disabled, and lets them back when enabled", async () => {
    const id = await create({ parentId: ids.b, type: "customer", name: "Switchable" });
    await addUser(t, id, "sue", ["sys:office:view"]);
    const sue = await signedIn(t, "sue", "suePass1", "en");
    expect((await sue.get("/a/api/office/treeDataNew")).statusCode).toBe(200);
    expect(
      (await admin.post("/a/api/office/save", { id, name: "Switchable", enabled: false })).statusCode,
    ).toBe(200);
    expect((await sue.get("/a/api/office/treeDataNew")).json().msg).toBe("logout");
    expect(
      (await admin.post("/a/api/office/save", { id, name: "Switchable", enabled: true })).statusCode,
    ).toBe(200);
  });
});

describe("reading the tree", () => {
  it("answers the whole tree of the caller's range with child counts", async () => {
    const tree = (await admin.get("/a/api/office/treeDataNew")).json().tree;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: ids.platform, type: "platform", parentId: null, isLeaf: false });
    const a = tree[0].children.find((n: { id: number }) => n.id === ids.a);
    expect(a).toMatchObject({ name: "Agent A", type: "agent", childCount: 2, state: "active" });
    expect(a.children.map((n: { name: string }) => n.name)).toEqual(["Customer A1", "Customer A2"]);

    const amys = (await amy.get("/a/api/office/treeDataNew")).json().tree;
    expect(amys.map((n: { id: number }) => n.id)).toEqual([ids.a]);
    const flat = JSON.stringify(amys);
    expect(flat).not.toContain("Agent B");
    expect(flat).not.toContain("Customer B1");

    const cats = (await cat.get("/a/api/office/treeDataNew")).json().tree;
    expect(cats.map((n: { id: number }) => n.id)).toEqual([ids.a1]);
    expect(JSON.stringify(cats)).not.toContain("Customer A2");
  });

  it("loads one level at a time", async () => {
    const roots = (await amy.get("/a/api/office/officeDynamicData")).json().list;
    expect(roots.map((n: { id: number }) => n.id)).toEqual([ids.a]);
    const kids = (await amy.get("/a/api/office/officeDynamicData", { id: ids.a1 })).json().list;
    expect(kids.find((n: { id: number }) => n.id === ids.shop)).toMatchObject({
      isLeaf: true,
      type: "institution",
    });
    expect(
      (await admin.get("/a/api/office/officeDynamicData")).json().list.map((n: { id: number }) => n.id),
    ).toEqual([ids.platform]);
  });

  it("searches within the range and answers the trail to each hit", async () => {
    const hits = (await amy.get("/a/api/office/searchOffice", { name: "shop" })).json().list;
    expect(hits).toHaveLength(1);
    // from the caller's top office down, never the platform above it
    expect(hits[0].trail.map((x: { name: string }) => x.name)).toEqual(["Agent A", "Customer A1", "Shop 1"]);
    const customers = (await amy.get("/a/api/office/searchOffice", { name: "Customer" })).json().list;
    expect(customers.map((h: { name: string }) => h.name).sort()).toEqual(["Customer A1", "Customer A2"]);
    expect((await admin.get("/a/api/office/searchOffice", { name: "Customer B" })).json().list).toHaveLength(
      1,
    );
    // "%" is a character, not a wildcard
    expect((await admin.get("/a/api/office/searchOffice", { name: "%" })).json().list).toEqual([]);
  });

  it("pages the children of a node with what each holds", async () => {
    await addUser(t, ids.shop, "shopkeeper", ["sys:office:view"]);
    await terminal(ids.shop);
    const res = await admin.get("/a/api/office/findChild", { id: ids.a, pageNo: 1, pageSize: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    // Customer A1 holds cat, and the shopkeeper and a terminal in Shop 1 below it
    expect(page.list[0]).toMatchObject({ name: "Customer A1", users: 2, terminals: 1, contactName: "Alice" });
    const second = (await admin.get("/a/api/office/findChild", { id: ids.a, pageNo: 2, pageSize: 1 })).json();
    expect(second.list[0].name).toBe("Customer A2");
  });

  it("keeps other tenants out: their offices answer 404 like missing ones", async () => {
    for (const [url, query] of [
      ["/a/api/office/officeDynamicData", { id: ids.b1 }],
      ["/a/api/office/findChild", { id: ids.b }],
      ["/a/api/office/findInstantStatistics", { id: ids.b1 }],
      ["/a/api/office/officeInfo", { id: ids.b1 }],
    ] as const) {
      const res = await amy.get(url, query);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toBe(`office ${query.id} does not exist`);
      expect((await amy.get(url, { id: 999_999 })).statusCode).toBe(404);
    }
    expect((await amy.post("/a/api/office/save", { id: ids.b1, name: "Mine" })).statusCode).toBe(404);
    expect((await amy.post("/a/api/office/deleteOffice", { id: ids.b1 })).statusCode).toBe(404);
    expect((await amy.post("/a/api/office/moveinstitude", { id: ids.b1, parentId: ids.a })).statusCode).toBe(
      404,
    );
    // the other way round too
    expect((await bob.get("/a/api/office/officeInfo", { id: ids.a1 })).statusCode).toBe(404);
    expect(JSON.stringify((await bob.get("/a/api/office/treeDataNew")).json().tree)).not.toContain("Agent A");
    // and nothing of agent B is reachable through a customer administrator of agent A either
    expect((await cat.get("/a/api/office/officeDynamicData", { id: ids.a2 })).statusCode).toBe(404);
    expect((await amy.get("/a/api/office/searchOffice", { name: "B1" })).json().list).toEqual([]);
  });
});

describe("statistics", () => {
  it("counts what lies at and below a node", async () => {
    const id = await create({ parentId: ids.b, type: "customer", name: "Counted" });
    const branch = await create({ parentId: id, type: "institution", name: "Counted branch" });
    await addUser(t, id, "counted1", ["sys:office:view"]);
    await addUser(t, branch, "counted2", ["sys:office:view"]);
    await terminal(id, "authorised", true);
    await terminal(branch, "authorised", false);
    await terminal(branch, "authorised", false);
    await terminal(branch, "pending");
    await terminal(id, "disabled");
    await material(id, "a".repeat(32), 1000);
    // the same file twice is stored once
    await material(branch, "a".repeat(32), 1000);
    await material(branch, "b".repeat(32), 500);
    const res = await admin.get("/a/api/office/findInstantStatistics", { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statistics).toEqual({
      officeId: id,
      institutions: 1,
      agents: 0,
      customers: 0,
      users: 2,
      terminals: { total: 5, online: 1, offline: 2, pending: 1, disabled: 1 },
      materials: 3,
      storageBytes: 1500,
      programs: 0,
    });
    const agent = (await admin.get("/a/api/office/findInstantStatistics", { id: ids.a })).json().statistics;
    expect(agent.customers).toBe(2);
    expect(agent.terminals.total).toBeGreaterThanOrEqual(1);
  });
});

describe("deleteOffice", () => {
  it("refuses while the office holds anything, naming what, and deletes nothing", async () => {
    const id = await create({ parentId: ids.hq, type: "institution", name: "Busy" });
    const child = await create({ parentId: id, type: "institution", name: "Busy child" });
    const user = await addUser(t, id, "busy", ["sys:office:view"]);
    const screen = await terminal(id);
    const m = await material(id, "c".repeat(32), 10);
    const [p] = await t.database.db
      .insert(programs)
      .values({ officeId: id, name: "Busy program", width: 1920, height: 1080, doc: {} })
      .returning();
    const before = await tableDigests(t, ["audit_logs", "sessions"]);
    const res = await admin.post("/a/api/office/deleteOffice", { id });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      "Busy cannot be deleted: it still holds 1 sub-institution(s), 1 user(s), 1 terminal(s), 1 material(s), and 1 program(s). Move or delete them first",
    );
    expect(res.json().holds).toMatchObject({
      children: 1,
      users: 1,
      terminals: 1,
      materials: 1,
      programs: 1,
    });
    expect(await tableDigests(t, ["audit_logs", "sessions"])).toEqual(before);

    // emptied one thing at a time, each refusal names what is left
    const db = t.database.db;
    expect((await admin.post("/a/api/office/deleteOffice", { id: child })).statusCode).toBe(200);
    await db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await db.delete(users).where(eq(users.id, user.id));
    await db.delete(terminals).where(eq(terminals.id, screen.id));
    await db.delete(materials).where(eq(materials.id, m.id));
    const left = await admin.post("/a/api/office/deleteOffice", { id });
    expect(left.statusCode).toBe(409);
    expect(left.json().msg).toContain("1 program(s)");
    expect(left.json().msg).not.toContain("user");
    await db.delete(programs).where(eq(programs.id, p?.id ?? 0));
    const ok = await admin.post("/a/api/office/deleteOffice", { id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await office(id)).toBeUndefined();
    expect((await admin.get("/a/api/office/officeInfo", { id })).statusCode).toBe(404);
  });

  it("explains the refusal in the caller's language", async () => {
    const zh = await signedIn(t, ADMIN.username, ADMIN.password, "zh_CN");
    const res = await zh.post("/a/api/office/deleteOffice", { id: ids.a1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/^不能删除 Customer A1：其中仍有 .*个下级机构/);
  });

  it("deletes an empty customer with its own unused roles", async () => {
    const id = await create({ parentId: ids.a, type: "customer", name: "Short-lived" }, amy);
    expect(await t.database.db.select().from(roles).where(eq(roles.officeId, id))).toHaveLength(1);
    const res = await amy.post("/a/api/office/deleteOffice", { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(roles).where(eq(roles.officeId, id))).toEqual([]);
    expect(await office(id)).toBeUndefined();
  });

  it("never deletes the platform, the caller's own office, or without the permission", async () => {
    const platform = await admin.post("/a/api/office/deleteOffice", { id: ids.platform });
    expect(platform.statusCode).toBe(409);
    expect(platform.json().msg).toBe("The platform cannot be deleted");
    const own = await amy.post("/a/api/office/deleteOffice", { id: ids.a });
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe("You cannot delete Agent A: you belong to it");
    const empty = await create({ parentId: ids.hq, type: "institution", name: "Empty" });
    expect((await viv.post("/a/api/office/deleteOffice", { id: empty })).statusCode).toBe(403);
    // a customer administrator deletes institutions, not customers
    expect((await cat.post("/a/api/office/deleteOffice", { id: ids.a1 })).statusCode).toBe(403);
  });
});

describe("moveinstitude", () => {
  it("moves a subtree, rewriting every path below, with its terminals and users", async () => {
    const region = await create({ parentId: ids.hq, type: "institution", name: "Region" });
    const city = await create({ parentId: region, type: "institution", name: "City" });
    const store = await create({ parentId: city, type: "institution", name: "Store" });
    const screen = await terminal(store);
    const target = await create({ parentId: ids.platform, type: "institution", name: "New home" });
    const res = await admin.post("/a/api/office/moveinstitude", { id: region, parentId: target });
    expect(res.statusCode, res.body).toBe(200);
    const base = `/${ids.platform}/${target}/`;
    expect((await office(region))?.path).toBe(`${base}${region}/`);
    expect((await office(region))?.parentId).toBe(target);
    expect((await office(city))?.path).toBe(`${base}${region}/${city}/`);
    expect((await office(store))?.path).toBe(`${base}${region}/${city}/${store}/`);
    expect((await office(city))?.parentId).toBe(region);
    const [moved] = await t.database.db.select().from(terminals).where(eq(terminals.id, screen.id));
    expect(moved?.officeId).toBe(store);
    const stats = (await admin.get("/a/api/office/findInstantStatistics", { id: target })).json().statistics;
    expect(stats).toMatchObject({ institutions: 3, terminals: { total: 1 } });
  });

  it("moves a customer between agents from above, and an institution into a customer", async () => {
    const id = await create({ parentId: ids.a, type: "customer", name: "Wanderer" });
    expect((await admin.post("/a/api/office/moveinstitude", { id, parentId: ids.b })).statusCode).toBe(200);
    expect((await office(id))?.path).toBe(`/${ids.platform}/${ids.b}/${id}/`);
    // agent A no longer sees it
    expect((await amy.get("/a/api/office/officeInfo", { id })).statusCode).toBe(404);
    const inst = await create({ parentId: ids.hq, type: "institution", name: "Adopted" });
    expect((await admin.post("/a/api/office/moveinstitude", { id: inst, parentId: id })).statusCode).toBe(
      200,
    );
  });

  it("refuses to change the tenant of screens that play their tenant's publications", async () => {
    const lobby = await create({ parentId: ids.platform, type: "institution", name: "Lobby" });
    const screen = await terminal(lobby);
    // The screen plays a publication of the platform (its id is all the guard looks at).
    await t.database.pool.query("update terminals set publication_ids = '{4242}' where id = $1", [screen.id]);
    for (const res of [
      await admin.post("/a/api/office/moveinstitude", { id: lobby, parentId: ids.a1 }),
      await admin.post("/a/api/office/openAgentOffice", { id: lobby }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().msg).toContain("Lobby cannot change tenant while 1 of its screens play publications");
    }
    expect((await office(lobby))?.path).toBe(`/${ids.platform}/${lobby}/`);
    expect((await office(lobby))?.type).toBe("institution");
    // Withdrawn from the screen, the move goes through.
    await t.database.pool.query("update terminals set publication_ids = '{}' where id = $1", [screen.id]);
    expect(
      (await admin.post("/a/api/office/moveinstitude", { id: lobby, parentId: ids.a1 })).statusCode,
    ).toBe(200);
  });

  it("refuses a move into itself, the platform, a customer below a customer, or out of range", async () => {
    const top = await create({ parentId: ids.hq, type: "institution", name: "Top" });
    const below = await create({ parentId: top, type: "institution", name: "Below" });
    const before = await tableDigests(t, ["audit_logs", "sessions"]);
    const self = await admin.post("/a/api/office/moveinstitude", { id: top, parentId: top });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe("parentId: Top cannot be moved into itself or one of its sub-institutions");
    expect((await admin.post("/a/api/office/moveinstitude", { id: top, parentId: below })).statusCode).toBe(
      400,
    );
    expect(
      (await admin.post("/a/api/office/moveinstitude", { id: ids.platform, parentId: top })).statusCode,
    ).toBe(409);
    const nested = await admin.post("/a/api/office/moveinstitude", { id: ids.a2, parentId: ids.a1 });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().msg).toBe(
      "parentId: A customer can only be placed under the platform or an agent, not under Customer A1",
    );
    expect(
      (await admin.post("/a/api/office/moveinstitude", { id: ids.a2, parentId: ids.shop })).statusCode,
    ).toBe(400);
    // an agent moves its customers within its own subtree only
    const out = await amy.post("/a/api/office/moveinstitude", { id: ids.a2, parentId: ids.b });
    expect(out.statusCode).toBe(400);
    expect(out.json().msg).toBe(
      `parentId: Institution ${ids.b} does not exist or is outside your data range`,
    );
    expect(
      (await viv.post("/a/api/office/moveinstitude", { id: below, parentId: ids.platform })).statusCode,
    ).toBe(403);
    expect(await tableDigests(t, ["audit_logs", "sessions"])).toEqual(before);
  });

  it("refuses to carry users holding roles of their tenant into another tenant", async () => {
    const branch = await create({ parentId: ids.hq, type: "institution", name: "Staffed" });
    await addUser(t, ids.platform, "staff", ["sys:office:view"]);
    await t.database.db.update(users).set({ officeId: branch }).where(eq(users.username, "staff"));
    const res = await admin.post("/a/api/office/moveinstitude", { id: branch, parentId: ids.a1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      "Staffed cannot move to another tenant while 1 of its users hold roles of Platform; take those roles away first",
    );
    // within the same tenant it is fine
    const sibling = await create({
      parentId: ids.platform,
      type: "institution",
      name: "Other platform branch",
    });
    expect(
      (await admin.post("/a/api/office/moveinstitude", { id: branch, parentId: sibling })).statusCode,
    ).toBe(200);
  });
});

describe("openAgentOffice", () => {
  it("turns an institution under the platform into an agent with its administrator role", async () => {
    const id = await create({ parentId: ids.platform, type: "institution", name: "Reseller" });
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await admin.post("/a/api/office/openAgentOffice", {
      id,
      contactName: "Rita",
      terminalQuota: 50,
      expiresAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().office).toMatchObject({
      type: "agent",
      contactName: "Rita",
      terminalQuota: 50,
      expiresAt,
    });
    const [role] = await t.database.db.select().from(roles).where(eq(roles.officeId, id));
    expect(role).toMatchObject({ code: "admin", name: "Agent administrator", builtIn: true });
    expect(role?.permissions.sort()).toEqual([...TENANT_ADMIN_PERMISSIONS.agent].sort());
    // it can open customers now
    await create({ parentId: id, type: "customer", name: "First customer" });
  });

  it("refuses what is not an institution directly under the platform", async () => {
    const deep = await create({ parentId: ids.hq, type: "institution", name: "Deep" });
    const res = await admin.post("/a/api/office/openAgentOffice", { id: deep });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe("Only an institution directly under the platform can become an agent");
    const customer = await admin.post("/a/api/office/openAgentOffice", { id: ids.a1 });
    expect(customer.statusCode).toBe(409);
    expect(customer.json().msg).toBe("Only an institution can become an agent; Customer A1 is a customer");
    expect((await admin.post("/a/api/office/openAgentOffice", { id: ids.platform })).statusCode).toBe(409);
  });

  it("refuses while users of the institution hold platform roles", async () => {
    const id = await create({ parentId: ids.platform, type: "institution", name: "Staffed reseller" });
    const u = await addUser(t, ids.platform, "resold", ["sys:office:view"]);
    await t.database.db.update(users).set({ officeId: id }).where(eq(users.id, u.id));
    const res = await admin.post("/a/api/office/openAgentOffice", { id });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain("hold roles of Platform");
    expect((await office(id))?.type).toBe("institution");
  });

  it("is the platform's alone", async () => {
    const id = await create({ parentId: ids.platform, type: "institution", name: "Wannabe" });
    expect((await amy.post("/a/api/office/openAgentOffice", { id: ids.a1 })).statusCode).toBe(403);
    expect((await viv.post("/a/api/office/openAgentOffice", { id })).statusCode).toBe(403);
  });
});

describe("terminal quota", () => {
  it("refuses to authorise a terminal beyond the tenant's quota, and counts the agent's too", async () => {
    const customer = await create({ parentId: ids.b, type: "customer", name: "Limited", terminalQuota: 2 });
    const branch = await create({ parentId: customer, type: "institution", name: "Limited branch" });
    await terminal(branch, "authorised");
    const p1 = await terminal(ids.platform, "pending");
    const p2 = await terminal(ids.platform, "pending");
    const ok = await admin.post("/a/api/terminal/authorize", { enrolCode: p1.enrolCode, officeId: customer });
    expect(ok.statusCode, ok.body).toBe(200);
    const full = await admin.post("/a/api/terminal/authorize", { enrolCode: p2.enrolCode, officeId: branch });
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe("Limited has reached its quota of 2 terminals");
    const [still] = await t.database.db.select().from(terminals).where(eq(terminals.id, p2.id));
    expect(still).toMatchObject({ state: "pending", officeId: ids.platform });
    // moving an authorised screen in counts as well; a disabled one keeps its place
    const outside = await terminal(ids.hq, "authorised");
    const moved = await admin.post("/a/api/terminal/updateTerminalOffice", {
      ids: [outside.id],
      officeId: customer,
    });
    expect(moved.statusCode).toBe(409);
    // the agent's quota counts its customers' screens
    expect(
      (await admin.post("/a/api/office/save", { id: customer, name: "Limited", terminalQuota: null }))
        .statusCode,
    ).toBe(200);
    const seats = (await admin.get("/a/api/office/findInstantStatistics", { id: ids.b })).json().statistics
      .terminals;
    const used = seats.online + seats.offline + seats.disabled;
    expect(
      (await admin.post("/a/api/office/save", { id: ids.b, name: "Agent B", terminalQuota: used }))
        .statusCode,
    ).toBe(200);
    const again = await admin.post("/a/api/terminal/authorize", {
      enrolCode: p2.enrolCode,
      officeId: branch,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`Agent B has reached its quota of ${used} terminals`);
    await admin.post("/a/api/office/save", { id: ids.b, name: "Agent B", terminalQuota: null });
    expect(
      (await admin.post("/a/api/terminal/authorize", { enrolCode: p2.enrolCode, officeId: branch }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses to move a subtree of screens into a tenant without room", async () => {
    const customer = await create({ parentId: ids.a, type: "customer", name: "Small", terminalQuota: 1 });
    const inst = await create({ parentId: ids.a, type: "institution", name: "Two screens" });
    await terminal(inst);
    await terminal(inst);
    const res = await admin.post("/a/api/office/moveinstitude", { id: inst, parentId: customer });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe("Small has reached its quota of 1 terminals");
    expect((await office(inst))?.parentId).toBe(ids.a);
  });
});
