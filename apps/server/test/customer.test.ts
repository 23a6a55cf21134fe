import { GB, TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, terminals } from "../src/db/schema";
import { ADMIN, addUser, type Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";

let t: TestApp;
let admin: Client;
let amy: Client; // administrator of agent A
let bob: Client; // administrator of agent B
let cat: Client; // administrator of customer A1
const ids = {} as Record<"platform" | "a" | "b" | "a1" | "a2" | "a3" | "b1" | "direct" | "shop", number>;
const DAY = 86_400_000;
let seq = 0;

async function create(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post("/a/api/office/save", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().office.id;
}

async function terminal(officeId: number, state: "authorised" | "pending" | "disabled") {
  seq++;
  await t.database.db.insert(terminals).values({
    officeId,
    name: `Screen ${seq}`,
    deviceId: `customer-test-${seq}`,
    tokenHash: `customer-hash-${seq}`,
    enrolCode: `C${String(seq).padStart(5, "0")}`,
    state,
    model: "Web player",
    version: "1.0.0",
    width: 1920,
    height: 1080,
    authorisedAt: state === "pending" ? null : new Date(),
  });
}

const names = (res: { json(): { list: Array<{ name: string }> } }) =>
  res
    .json()
    .list.map((c) => c.name)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  ids.platform = officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const now = Date.now();
  ids.a = await create({ parentId: officeId, type: "agent", name: "Agent A", contactName: "Ann Agent" });
  ids.b = await create({ parentId: officeId, type: "agent", name: "Agent B" });
  ids.direct = await create({ parentId: officeId, type: "customer", name: "Direct customer" });
  await create({ parentId: officeId, type: "institution", name: "Platform branch" });
  ids.a1 = await create({
    parentId: ids.a,
    type: "customer",
    name: "Acme Retail",
    contactName: "Giulia Rossi",
    contactPhone: "+39 02 555 0101",
    contactEmail: "giulia@acme.test",
    capacityBytes: 2 * GB,
    terminalQuota: 10,
    expiresAt: new Date(now + 100 * DAY).toISOString(),
  });
  ids.a2 = await create({
    parentId: ids.a,
    type: "customer",
    name: "Bistro Uno",
    expiresAt: new Date(now + 10 * DAY).toISOString(),
  });
  ids.a3 = await create({
    parentId: ids.a,
    type: "customer",
    name: "Closed Cafe",
    expiresAt: new Date(now - DAY).toISOString(),
  });
  ids.b1 = await create({
    parentId: ids.b,
    type: "customer",
    name: "Acme Wholesale",
    contactName: "Giulia Bianchi",
  });
  await create({ parentId: ids.b, type: "customer", name: "Dormant", enabled: false });
  ids.shop = await create({ parentId: ids.a1, type: "institution", name: "Acme shop" });
  await addUser(t, ids.a, "amy", [...TENANT_ADMIN_PERMISSIONS.agent]);
  await addUser(t, ids.b, "bob", [...TENANT_ADMIN_PERMISSIONS.agent]);
  await addUser(t, ids.a1, "cat", [...TENANT_ADMIN_PERMISSIONS.customer]);
  await addUser(t, ids.shop, "clerk", ["content:material:view"]);
  amy = await signedIn(t, "amy", "amyPass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
  cat = await signedIn(t, "cat", "catPass1", "en");
});
afterAll(async () => {
  await t?.close();
});

describe("findChild", () => {
  it("lists the customers directly under an agent or the platform, a page at a time", async () => {
    const page = (await admin.get("/a/api/customer/findChild", { id: ids.a, pageSize: 2 })).json();
    expect(page.total).toBe(3);
    expect(page.list.map((c: { name: string }) => c.name)).toEqual(["Acme Retail", "Bistro Uno"]);
    expect(page.list[0]).toMatchObject({
      type: "customer",
      parentId: ids.a,
      parentName: "Agent A",
      contactEmail: "giulia@acme.test",
      terminalQuota: 10,
      capacityBytes: 2 * GB,
      state: "active",
    });
    // the platform's own customers, not its agents or institutions
    expect(names(await admin.get("/a/api/customer/findChild", { id: ids.platform }))).toEqual([
      "Direct customer",
    ]);
    // without an id: the caller's own agent
    expect(names(await amy.get("/a/api/customer/findChild"))).toEqual([
      "Acme Retail",
      "Bistro Uno",
      "Closed Cafe",
    ]);
  });

  it("answers 404 for another agent's node", async () => {
    const res = await amy.get("/a/api/customer/findChild", { id: ids.b });
    expect(res.statusCode).toBe(404);
    expect((await bob.get("/a/api/customer/findChild", { id: ids.a })).statusCode).toBe(404);
  });
});

describe("customerInfo", () => {
  it("answers a customer with its usage against its quotas and the days to expiry", async () => {
    await terminal(ids.a1, "authorised");
    await terminal(ids.shop, "authorised");
    await terminal(ids.shop, "disabled");
    await terminal(ids.shop, "pending");
    await t.database.db.insert(materials).values([
      { officeId: ids.a1, name: "a.png", type: "image", md5: "1".repeat(32), size: GB / 2 },
      { officeId: ids.shop, name: "b.mp4", type: "video", md5: "2".repeat(32), size: GB / 4 },
    ]);
    const res = await amy.get("/a/api/customer/customerInfo", { id: ids.a1 });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().customer;
    expect(c).toMatchObject({
      id: ids.a1,
      name: "Acme Retail",
      type: "customer",
      contactName: "Giulia Rossi",
      contactPhone: "+39 02 555 0101",
      capacityBytes: 2 * GB,
      terminalQuota: 10,
      state: "active",
      blockedBy: null,
      adminRole: { name: "Customer administrator" },
      usage: {
        storageBytes: GB / 2 + GB / 4,
        // authorised, and the disabled one that keeps its place; not the pending one
        terminalsAuthorised: 3,
        terminals: 4,
        users: 2,
        customers: 0,
      },
    });
    expect([99, 100]).toContain(c.daysToExpiry);
  });

  it("shows an agent's figures, and why a customer is blocked", async () => {
    const agent = (await admin.get("/a/api/customer/customerInfo", { id: ids.a })).json().customer;
    expect(agent).toMatchObject({ type: "agent", contactName: "Ann Agent", daysToExpiry: null });
    expect(agent.usage.customers).toBe(3);
    const closed = (await admin.get("/a/api/customer/customerInfo", { id: ids.a3 })).json().customer;
    expect(closed.state).toBe("expired");
    expect(closed.blockedBy).toEqual({ id: ids.a3, name: "Closed Cafe", reason: "expired" });
  });

  it("answers 404 for another tenant's customer and for what is no customer", async () => {
    const other = await amy.get("/a/api/customer/customerInfo", { id: ids.b1 });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(`customer ${ids.b1} does not exist`);
    expect((await admin.get("/a/api/customer/customerInfo", { id: ids.shop })).statusCode).toBe(404);
    expect((await admin.get("/a/api/customer/customerInfo", { id: ids.platform })).statusCode).toBe(404);
  });
});

describe("customerDynamicData", () => {
  it("opens the tree of agents and customers one level at a time", async () => {
    const roots = (await admin.get("/a/api/customer/customerDynamicData")).json().list;
    expect(roots).toEqual([
      expect.objectContaining({ id: ids.platform, type: "platform", parentId: null, isLeaf: false }),
    ]);
    const level = (await admin.get("/a/api/customer/customerDynamicData", { id: ids.platform })).json().list;
    // institutions are not part of it
    expect(level.map((n: { name: string }) => n.name)).toEqual(["Agent A", "Agent B", "Direct customer"]);
    expect(level.find((n: { id: number }) => n.id === ids.direct).isLeaf).toBe(true);
    const customers = (await amy.get("/a/api/customer/customerDynamicData", { id: ids.a })).json().list;
    expect(customers.map((n: { name: string; state: string }) => [n.name, n.state])).toEqual([
      ["Acme Retail", "active"],
      ["Bistro Uno", "expiring"],
      ["Closed Cafe", "expired"],
    ]);
    // a customer's institutions are no part of this tree
    expect((await amy.get("/a/api/customer/customerDynamicData", { id: ids.a1 })).json().list).toEqual([]);
  });

  it("starts at the caller's own agent and keeps other agents out", async () => {
    const roots = (await amy.get("/a/api/customer/customerDynamicData")).json().list;
    expect(roots.map((n: { id: number }) => n.id)).toEqual([ids.a]);
    expect((await amy.get("/a/api/customer/customerDynamicData", { id: ids.b })).statusCode).toBe(404);
  });
});

describe("searchCustomer", () => {
  it("finds customers by name or contact within the caller's range", async () => {
    expect(names(await admin.get("/a/api/customer/searchCustomer", { keyword: "giulia" }))).toEqual([
      "Acme Retail",
      "Acme Wholesale",
    ]);
    // agent A never sees agent B's customers
    expect(names(await amy.get("/a/api/customer/searchCustomer", { keyword: "giulia" }))).toEqual([
      "Acme Retail",
    ]);
    expect(names(await bob.get("/a/api/customer/searchCustomer", { keyword: "acme" }))).toEqual([
      "Acme Wholesale",
    ]);
    expect(names(await amy.get("/a/api/customer/searchCustomer", { keyword: "555 0101" }))).toEqual([
      "Acme Retail",
    ]);
    // "_" is a character, not a wildcard
    expect(names(await admin.get("/a/api/customer/searchCustomer", { keyword: "_" }))).toEqual([]);
  });

  it("filters by state, agent and kind, and pages", async () => {
    const by = async (state: string) => names(await admin.get("/a/api/customer/searchCustomer", { state }));
    expect(await by("expiring")).toEqual(["Bistro Uno"]);
    expect(await by("expired")).toEqual(["Closed Cafe"]);
    expect(await by("disabled")).toEqual(["Dormant"]);
    expect(await by("active")).toEqual(["Acme Retail", "Acme Wholesale", "Direct customer"]);
    // the clock moves on: Acme's contract is now within 30 days of its end (a session of that day asks)
    t.clock.advance(75 * DAY);
    try {
      const later = await signedIn(t, ADMIN.username, ADMIN.password, "en");
      const then = async (state: string) =>
        names(await later.get("/a/api/customer/searchCustomer", { state }));
      expect(await then("expiring")).toEqual(["Acme Retail"]);
      expect(await then("expired")).toEqual(["Bistro Uno", "Closed Cafe"]);
    } finally {
      t.clock.advance(-75 * DAY);
    }
    expect(names(await admin.get("/a/api/customer/searchCustomer", { parentId: ids.b }))).toEqual([
      "Acme Wholesale",
      "Dormant",
    ]);
    expect(names(await admin.get("/a/api/customer/searchCustomer", { type: "agent" }))).toEqual([
      "Agent A",
      "Agent B",
    ]);
    const page = (await admin.get("/a/api/customer/searchCustomer", { pageNo: 2, pageSize: 2 })).json();
    expect(page.total).toBe(6);
    expect(page.list.map((c: { name: string }) => c.name)).toEqual(["Bistro Uno", "Closed Cafe"]);
  });

  it("refuses bad filters and callers without the permission", async () => {
    const bad = await admin.get("/a/api/customer/searchCustomer", { state: "sleeping" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("state");
    expect((await admin.get("/a/api/customer/searchCustomer", { pageSize: 100_000 })).statusCode).toBe(400);
    // a customer administrator manages institutions, not customers
    for (const url of [
      "/a/api/customer/searchCustomer",
      "/a/api/customer/findChild",
      "/a/api/customer/customerDynamicData",
    ]) {
      expect((await cat.get(url)).statusCode, url).toBe(403);
    }
    expect((await cat.get("/a/api/customer/customerInfo", { id: ids.a1 })).statusCode).toBe(403);
  });
});
