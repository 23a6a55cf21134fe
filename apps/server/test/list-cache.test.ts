import type { Permission } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, playPlans, programs, terminals, users as usersTable } from "../src/db/schema";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

/**
 * The lists kept in the read cache (materials, terminals, programs, play
 * plans) answer fresh rows after every kind of write (through the API or
 * straight to the database, in a transaction or not) and never rows of
 * another tenant, whose own answers a write elsewhere leaves alone.
 */
const PERMISSIONS: Permission[] = [
  "content:material:view",
  "content:material:edit",
  "content:material:delete",
  "content:material:review",
  "terminal:device:view",
  "terminal:device:edit",
  "content:program:view",
  "content:playPlan:view",
];

let t: TestApp;
const office = { a: 0, a1: 0, b: 0 };
let opA: Client;
let opA1: Client;
let opB: Client;

const names = async (c: Client, list: string, query: Record<string, string | number> = {}) => {
  const res = await c.get(`/a/api/${list}`, { pageNo: 1, pageSize: 50, ...query });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { list: Array<{ name: string; officeId?: number }>; total: number };
  expect(body.total).toBe(body.list.length);
  return body.list.map((r) => r.name).sort();
};

async function addTerminal(officeId: number, name: string): Promise<number> {
  const r = await t.database.pool.query<{ id: number }>(
    `insert into terminals (office_id, name, device_id, token_hash, enrol_code, state, model, version,
                            width, height, online, created_at, updated_at)
     values ($1, $2, $2, md5($2), upper(md5($2)), 'authorised', 'test', '1.0', 1920, 1080, false, now(), now())
     returning id`,
    [officeId, name],
  );
  return r.rows[0]?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  const a = await addOffice(t, ids.officeId, "customer", "Customer A");
  const a1 = await addOffice(t, a.id, "institution", "Institution A1");
  const b = await addOffice(t, ids.officeId, "customer", "Customer B");
  Object.assign(office, { a: a.id, a1: a1.id, b: b.id });
  const users = [
    await addUser(t, a.id, "op_a", PERMISSIONS),
    await addUser(t, a1.id, "op_a1", PERMISSIONS),
    await addUser(t, b.id, "op_b", PERMISSIONS),
  ];
  const [a0, a10, b0] = users;
  if (!a0 || !a10 || !b0) throw new Error("users not created");
  opA = await signedIn(t, a0.username, a0.password);
  opA1 = await signedIn(t, a10.username, a10.password);
  opB = await signedIn(t, b0.username, b0.password);
});

afterAll(async () => {
  await t?.close();
});

describe("lists in the read cache", () => {
  it("materials: fresh after a save, a review decision and a delete; another tenant's answer untouched", async () => {
    const db = t.database.db;
    const [m1, m2] = await db
      .insert(materials)
      .values([
        { officeId: office.a, name: "a-one", type: "image", md5: "m1", size: 1, reviewState: "pending" },
        { officeId: office.a1, name: "a1-two", type: "image", md5: "m2", size: 1, reviewState: "approved" },
      ])
      .returning();
    await db
      .insert(materials)
      .values({ officeId: office.b, name: "b-one", type: "image", md5: "m3", size: 1 });
    if (!m1 || !m2) throw new Error("materials not created");
    expect(await names(opA, "material/list")).toEqual(["a-one", "a1-two"]);
    expect(await names(opA1, "material/list")).toEqual(["a1-two"]);
    expect(await names(opA, "material/list", { reviewState: "pending" })).toEqual(["a-one"]);
    expect(await names(opB, "material/list")).toEqual(["b-one"]);

    expect((await opA.post("/a/api/material/rename", { id: m2.id, name: "a1-renamed" })).statusCode).toBe(
      200,
    );
    expect(await names(opA, "material/list")).toEqual(["a-one", "a1-renamed"]);
    expect(await names(opA1, "material/list")).toEqual(["a1-renamed"]);

    const reviewed = await opA.post("/a/api/material/review", { ids: String(m1.id), result: "approved" });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(await names(opA, "material/list", { reviewState: "pending" })).toEqual([]);

    expect((await opA.post("/a/api/material/delete", { ids: String(m1.id) })).statusCode).toBe(200);
    expect(await names(opA, "material/list")).toEqual(["a1-renamed"]);
    expect(await names(opB, "material/list")).toEqual(["b-one"]);

    // A write straight to the database, whoever makes it, is seen too.
    await t.database.pool.query("update materials set name = 'b-raw' where office_id = $1", [office.b]);
    expect(await names(opB, "material/list")).toEqual(["b-raw"]);
    expect(await names(opA, "material/list")).toEqual(["a1-renamed"]);
  });

  it("terminals: fresh after a move to another office, a gateway-like write and a transaction", async () => {
    const moved = await addTerminal(office.a, "screen-a");
    await addTerminal(office.a1, "screen-a1");
    await addTerminal(office.b, "screen-b");
    expect(await names(opA, "terminal/list")).toEqual(["screen-a", "screen-a1"]);
    expect(await names(opA1, "terminal/list")).toEqual(["screen-a1"]);
    expect(await names(opB, "terminal/list")).toEqual(["screen-b"]);

    // Into the institution: its reader, whose answer was kept, sees it at once.
    const res = await opA.post("/a/api/terminal/updateTerminalOffice", {
      ids: String(moved),
      officeId: office.a1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await names(opA1, "terminal/list")).toEqual(["screen-a", "screen-a1"]);
    const online = async () =>
      (
        (await opA1.get("/a/api/terminal/list", { pageNo: 1, pageSize: 50, sort: "name" })).json() as {
          list: Array<{ name: string; online: boolean }>;
        }
      ).list.map((r) => `${r.name}:${r.online}`);
    expect(await online()).toEqual(["screen-a:false", "screen-a1:false"]);
    await t.database.pool.query("update terminals set online = true where id = $1", [moved]);
    expect(await online()).toEqual(["screen-a:true", "screen-a1:false"]);

    await t.database.db.transaction(async (tx) => {
      await tx.update(terminals).set({ name: "screen-a-tx" }).where(eq(terminals.id, moved));
    });
    expect(await names(opA, "terminal/list")).toEqual(["screen-a-tx", "screen-a1"]);
    // A rolled-back write changes nothing, and the answers stay right.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(terminals).set({ name: "never" }).where(eq(terminals.id, moved));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await names(opA, "terminal/list")).toEqual(["screen-a-tx", "screen-a1"]);
    expect(await names(opB, "terminal/list")).toEqual(["screen-b"]);
  });

  it("programs and play plans: fresh after a save, a state change and a delete, per tenant", async () => {
    const db = t.database.db;
    const doc = {} as never;
    const [pa] = await db
      .insert(programs)
      .values({ officeId: office.a, name: "prog-a", width: 1920, height: 1080, state: "draft", doc })
      .returning();
    await db
      .insert(programs)
      .values({ officeId: office.b, name: "prog-b", width: 1920, height: 1080, state: "draft", doc });
    const [plan] = await db
      .insert(playPlans)
      .values({ officeId: office.a1, name: "plan-a1", state: "draft", doc: { items: [] } as never })
      .returning();
    await db
      .insert(playPlans)
      .values({ officeId: office.b, name: "plan-b", state: "draft", doc: { items: [] } as never });
    if (!pa || !plan) throw new Error("not created");
    expect(await names(opA, "program/list")).toEqual(["prog-a"]);
    expect(await names(opA, "program/list", { state: "draft" })).toEqual(["prog-a"]);
    expect(await names(opA, "playPlan/list")).toEqual(["plan-a1"]);
    expect(await names(opB, "program/list")).toEqual(["prog-b"]);
    expect(await names(opB, "playPlan/list")).toEqual(["plan-b"]);

    await db.update(programs).set({ name: "prog-a-saved" }).where(eq(programs.id, pa.id)).returning();
    expect(await names(opA, "program/list")).toEqual(["prog-a-saved"]);
    await db.update(programs).set({ state: "approved" }).where(eq(programs.id, pa.id));
    expect(await names(opA, "program/list", { state: "draft" })).toEqual([]);
    await db.update(playPlans).set({ name: "plan-a1-saved" }).where(eq(playPlans.id, plan.id)).returning();
    expect(await names(opA1, "playPlan/list")).toEqual(["plan-a1-saved"]);
    expect(await names(opA, "playPlan/list")).toEqual(["plan-a1-saved"]);
    await db.delete(playPlans).where(eq(playPlans.id, plan.id));
    await db.delete(programs).where(eq(programs.id, pa.id)).returning({ officeId: programs.officeId });
    expect(await names(opA, "playPlan/list")).toEqual([]);
    expect(await names(opA, "program/list")).toEqual([]);
    expect(await names(opB, "program/list")).toEqual(["prog-b"]);
    expect(await names(opB, "playPlan/list")).toEqual(["plan-b"]);
  });

  it("play plans: fresh after their creator's name changes", async () => {
    const db = t.database.db;
    const [me] = await db.select().from(usersTable).where(eq(usersTable.username, "op_a"));
    if (!me) throw new Error("no user");
    await db.insert(playPlans).values({
      officeId: office.a,
      name: "plan-by-op-a",
      state: "draft",
      doc: { items: [] } as never,
      createdBy: me.id,
      updatedBy: me.id,
    });
    const creators = async () =>
      (await opA.get("/a/api/playPlan/list", { name: "plan-by-op-a" }))
        .json()
        .list.map((p: { creatorName: string; updatedByName: string }) => [p.creatorName, p.updatedByName]);
    expect(await creators()).toEqual([[me.name, me.name]]);
    await db.update(usersTable).set({ name: "Operator A" }).where(eq(usersTable.id, me.id));
    expect(await creators()).toEqual([["Operator A", "Operator A"]]);
    await db.update(usersTable).set({ name: me.name }).where(eq(usersTable.id, me.id));
  });

  it("keeps another tenant's answers through a write that names its offices", async () => {
    const reads = t.app.services.reads;
    let loads = 0;
    const load = async () => ++loads;
    await reads.get("materials", "probe-b", load, [office.b]);
    await t.database.db
      .update(materials)
      .set({ name: "a1-again" })
      .where(eq(materials.officeId, office.a1))
      .returning({ officeId: materials.officeId });
    expect(await reads.get("materials", "probe-b", load, [office.b])).toBe(1);
    expect(await reads.get("materials", "probe-a", load, [office.a, office.a1])).toBe(2);
    await t.database.db
      .update(materials)
      .set({ name: "a1-once-more" })
      .where(eq(materials.officeId, office.a1))
      .returning({ officeId: materials.officeId });
    expect(await reads.get("materials", "probe-a", load, [office.a, office.a1])).toBe(3);
    expect(await reads.get("materials", "probe-b", load, [office.b])).toBe(1);
  });
});
