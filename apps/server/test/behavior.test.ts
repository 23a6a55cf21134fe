import { PAGE_VIEW_CALLS_PER_MINUTE } from "@marquee/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, pageViews } from "../src/db/schema";
import { runRollups } from "../src/modules/statistics/rollup";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

let t: TestApp;
let admin: Client;
let alice: Client;
let amy: Client;
let bob: Client;
const ids = { a: 0, aShop: 0, b: 0, alice: 0, amy: 0, bob: 0 };
/** Offices of customer A's subtree. */
let aOffices: number[] = [];

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
const views = (...pages: string[]) => ({
  views: pages.map((page, i) => ({ page, at: ago(60_000 + i * 1000) })),
});
const count = async (q: ReturnType<typeof sql>) =>
  Number((await t.database.db.execute<{ n: string | number }>(q)).rows[0]?.n ?? 0);
const pageViewCount = () => count(sql`select count(*) as n from page_views`);

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const aShop = await addOffice(t, a.id, "institution", "A Shop");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  Object.assign(ids, { a: a.id, aShop: aShop.id, b: b.id });
  aOffices = [a.id, aShop.id];
  const u1 = await addUser(t, a.id, "alice", ["stats:userBehavior:view"]);
  const u2 = await addUser(t, aShop.id, "amy", []);
  const u3 = await addUser(t, b.id, "bob", ["stats:userBehavior:view"]);
  Object.assign(ids, { alice: u1.id, amy: u2.id, bob: u3.id });
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  alice = await signedIn(t, "alice", u1.password, "en");
  amy = await signedIn(t, "amy", u2.password);
  // Amy signs in twice (two sign-ins, one active user).
  amy = await signedIn(t, "amy", u2.password);
  bob = await signedIn(t, "bob", u3.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("the page-view beacon", () => {
  it("stores route names as the caller's views, and is not an audited action", async () => {
    const audits = await count(sql`select count(*) as n from audit_logs`);
    const res = await alice.post(
      "/a/api/behavior/pageViews",
      views("home", "userBehaviorStatistics", "home"),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accepted).toBe(3);
    const rows = await t.database.db.select().from(pageViews).where(sql`${pageViews.userId} = ${ids.alice}`);
    expect(rows.map((r) => r.page).sort()).toEqual(["home", "home", "userBehaviorStatistics"]);
    expect(new Set(rows.map((r) => r.officeId))).toEqual(new Set([ids.a]));
    expect(await count(sql`select count(*) as n from audit_logs`)).toBe(audits);

    expect((await amy.post("/a/api/behavior/pageViews", views("materialManage", "home"))).statusCode).toBe(
      200,
    );
    expect((await bob.post("/a/api/behavior/pageViews", views("terminalManage"))).statusCode).toBe(200);
  });

  it("refuses junk with 400 in the caller's language and writes nothing", async () => {
    const before = await pageViewCount();
    const junk: unknown[] = [
      { views: [{ page: "evil", at: ago(1000) }] },
      { views: [{ page: "/terminal/list?id=5", at: ago(1000) }] },
      { views: [{ page: "login", at: ago(1000) }] },
      { views: [{ page: "home", at: "yesterday" }] },
      { views: [{ page: "home", at: ago(25 * 3_600_000) }] },
      { views: [{ page: "home", at: ago(-3_600_000) }] },
      { views: [] },
      { views: [{ page: "home", at: ago(1000), userId: ids.bob }] },
      { views: Array.from({ length: 51 }, () => ({ page: "home", at: ago(1000) })) },
      // One bad view refuses the whole batch: nothing half written.
      {
        views: [
          { page: "home", at: ago(1000) },
          { page: "nope", at: ago(1000) },
        ],
      },
    ];
    for (const body of junk) {
      const res = await alice.post("/a/api/behavior/pageViews", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.json().msg).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const old = await alice.post("/a/api/behavior/pageViews", {
      views: [{ page: "home", at: ago(25 * 3_600_000) }],
    });
    expect(old.json().errors[0]).toEqual({ field: "views.0.at", message: "is more than 24 hours ago" });
    const unknown = await alice.post("/a/api/behavior/pageViews", {
      views: [{ page: "evil", at: ago(1000) }],
    });
    expect(unknown.json().errors[0]).toEqual({
      field: "views.0.page",
      message: "is not a page of the console",
    });
    expect(await pageViewCount()).toBe(before);
  });

  it("stores a view a little in the future (a browser clock ahead) at the server's time", async () => {
    const res = await amy.post("/a/api/behavior/pageViews", { views: [{ page: "home", at: ago(-120_000) }] });
    expect(res.statusCode).toBe(200);
    const [last] = await t.database.db.select().from(pageViews).orderBy(sql`${pageViews.id} desc`).limit(1);
    expect(last?.userId).toBe(ids.amy);
    expect(last?.at.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it("answers 401 without a session", async () => {
    const { Client } = await import("./helpers");
    const anon = new Client(t.app);
    expect((await anon.post("/a/api/behavior/pageViews", views("home"))).statusCode).toBe(401);
  });
});

describe("behaviour statistics", () => {
  beforeAll(async () => {
    // Audited calls (actions), one refused.
    await alice.post("/a/api/user/saveUserInfo", { phone: "+1 555 0100" });
    await amy.post("/a/api/user/saveUserInfo", { phone: "+1 555 0101" });
    await amy.post("/a/api/user/saveUserInfo", { phone: "+1 555 0102" });
    await amy.post("/a/api/user/saveUserInfo", { email: "not-an-email" });
    await bob.post("/a/api/user/saveUserInfo", { phone: "+1 555 0103" });
    await runRollups(t.app.services);
  });

  /** Direct counts over the raw rows of offices `offices` (the last 30 days all lie in this test's run). */
  async function direct(offices: number[]) {
    const list = sql.param(offices);
    const logins = await count(sql`select count(*) as n from audit_logs
      where action = 'login' and result = 'ok' and user_id is not null and office_id = any(${list}::int[])`);
    const actions = await count(sql`select count(*) as n from audit_logs
      where action <> 'login' and user_id is not null and office_id = any(${list}::int[])`);
    const views = await count(
      sql`select count(*) as n from page_views where office_id = any(${list}::int[])`,
    );
    const users = await count(sql`select count(distinct user_id) as n from (
      select user_id from audit_logs where user_id is not null and office_id = any(${list}::int[])
      union select user_id from page_views where office_id = any(${list}::int[])) x`);
    return { logins, actions, views, users };
  }

  it("activeUsers: per day and in total, equal to direct counts of the caller's range", async () => {
    const res = await alice.get("/a/api/behavior/activeUsers");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const d = await direct(aOffices);
    expect(d.users).toBe(2);
    expect(body.totals).toEqual({ activeUsers: 2, logins: d.logins, pageViews: d.views, actions: d.actions });
    expect(d.logins).toBe(3);
    expect(d.actions).toBeGreaterThanOrEqual(4);
    expect(body.series).toHaveLength(30);
    const sum = (k: string) =>
      body.series.reduce((n: number, x: Record<string, number>) => n + (x[k] ?? 0), 0);
    expect(sum("logins")).toBe(d.logins);
    expect(sum("pageViews")).toBe(d.views);
    expect(sum("actions")).toBe(d.actions);
    expect(body.asOf).not.toBeNull();
  });

  it("pages: views and distinct users per route name", async () => {
    const body = (await alice.get("/a/api/behavior/pages")).json();
    const raw = await t.database.db.execute<{ page: string; views: number; users: number }>(sql`
      select page, count(*)::int as views, count(distinct user_id)::int as users from page_views
      where office_id = any(${sql.param(aOffices)}::int[]) group by page order by views desc, page`);
    expect(body.list).toEqual(raw.rows);
    expect(body.list[0]).toEqual({ page: "home", views: 4, users: 2 });
  });

  it("actions: audit actions by name, read from the audit trail", async () => {
    const body = (await alice.get("/a/api/behavior/actions")).json();
    const raw = await t.database.db.execute<{
      action: string;
      count: number;
      users: number;
      failed: number;
    }>(sql`
      select action, count(*)::int as count, count(distinct user_id)::int as users,
        count(*) filter (where result = 'fail')::int as failed from audit_logs
      where action <> 'login' and user_id is not null and office_id = any(${sql.param(aOffices)}::int[])
      group by action order by count desc, action`);
    expect(body.list).toEqual(raw.rows);
    const save = body.list.find((r: { action: string }) => r.action === "/a/api/user/saveUserInfo");
    expect(save).toEqual({ action: "/a/api/user/saveUserInfo", count: 4, users: 2, failed: 1 });
    expect(body.total).toBe((await direct(aOffices)).actions);
    // A range before any activity reads nothing.
    const empty = (
      await alice.get("/a/api/behavior/actions", { from: "2020-01-01", to: "2020-01-31" })
    ).json();
    expect(empty).toMatchObject({ list: [], total: 0 });
  });

  it("users: one paged row per active user with their sums", async () => {
    const body = (await alice.get("/a/api/behavior/users", { sort: "logins", order: "desc" })).json();
    expect(body.total).toBe(2);
    expect(body.list.map((u: { username: string }) => u.username)).toEqual(["amy", "alice"]);
    const amyRow = body.list[0];
    expect(amyRow).toMatchObject({
      userId: ids.amy,
      officeId: ids.aShop,
      officeName: "A Shop",
      logins: 2,
      pageViews: 3,
      actions: await count(
        sql`select count(*) as n from audit_logs where user_id = ${ids.amy} and action <> 'login'`,
      ),
    });
    expect(amyRow.activeDays).toBeGreaterThanOrEqual(1);
    const second = (await alice.get("/a/api/behavior/users", { pageSize: 1, pageNo: 2 })).json();
    expect(second).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(second.list).toHaveLength(1);
    const found = (await alice.get("/a/api/behavior/users", { keyword: "ali" })).json();
    expect(found.list.map((u: { username: string }) => u.username)).toEqual(["alice"]);
  });

  it("offices: the chosen office's own users and each child office with what lies below", async () => {
    const body = (await alice.get("/a/api/behavior/offices", { officeId: ids.a })).json();
    expect(body.office).toEqual({ id: ids.a, name: "Customer A" });
    expect(body.trail).toEqual([]);
    const self = await direct([ids.a]);
    const shop = await direct([ids.aShop]);
    expect(body.list).toEqual([
      {
        officeId: ids.a,
        officeName: "Customer A",
        self: true,
        hasChildren: false,
        activeUsers: 1,
        logins: self.logins,
        pageViews: self.views,
        actions: self.actions,
      },
      {
        officeId: ids.aShop,
        officeName: "A Shop",
        self: false,
        hasChildren: false,
        activeUsers: 1,
        logins: shop.logins,
        pageViews: shop.views,
        actions: shop.actions,
      },
    ]);
    // The platform administrator drills down from the top: the agent's row holds both customers.
    const top = (await admin.get("/a/api/behavior/offices")).json();
    const agentRow = top.list.find((r: { officeName: string }) => r.officeName === "Agent");
    const both = await direct([...aOffices, ids.b]);
    expect(agentRow).toMatchObject({ activeUsers: 3, pageViews: both.views, actions: both.actions });
    const shopView = (await admin.get("/a/api/behavior/offices", { officeId: ids.aShop })).json();
    expect(shopView.trail.map((o: { name: string }) => o.name)).toEqual(["Platform", "Agent", "Customer A"]);
  });

  it("another customer's users never appear, and its offices answer 404", async () => {
    for (const path of ["activeUsers", "pages", "actions", "users", "offices"]) {
      const res = await alice.get(`/a/api/behavior/${path}`);
      expect(res.body, path).not.toContain("bob");
      expect(res.body, path).not.toContain("terminalManage");
      const other = await alice.get(`/a/api/behavior/${path}`, { officeId: ids.b });
      expect(other.statusCode, path).toBe(404);
    }
    const bobs = (await bob.get("/a/api/behavior/users")).json();
    expect(bobs.list.map((u: { username: string }) => u.username)).toEqual(["bob"]);
    const bobPages = (await bob.get("/a/api/behavior/pages")).json();
    expect(bobPages.list).toEqual([{ page: "terminalManage", views: 1, users: 1 }]);
    const all = (await admin.get("/a/api/behavior/users", { pageSize: 100 })).json();
    expect(all.list.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(["alice", "amy", "bob", "admin"]),
    );
  });

  it("refuses a reversed or too long range with 400 in the caller's language", async () => {
    const reversed = await alice.get("/a/api/behavior/activeUsers", { from: "2026-03-10", to: "2026-03-01" });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0]).toEqual({
      field: "to",
      message: "must not be earlier than the start date",
    });
    const long = await alice.get("/a/api/behavior/pages", { from: "2024-01-01", to: "2025-06-01" });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe("from");
    const denied = await amy.get("/a/api/behavior/activeUsers");
    expect(denied.statusCode).toBe(403);
  });

  it("rerunning the roll-ups changes no figure", async () => {
    const before = (await alice.get("/a/api/behavior/activeUsers")).json().totals;
    await runRollups(t.app.services);
    expect((await alice.get("/a/api/behavior/activeUsers")).json().totals).toEqual(before);
  });
});

describe("the beacon's rate limit", () => {
  it("is per user: beyond the limit a user gets 429, another user is not held back", async () => {
    let last = 0;
    for (let i = 0; i <= PAGE_VIEW_CALLS_PER_MINUTE; i++) {
      last = (await bob.post("/a/api/behavior/pageViews", views("home"))).statusCode;
    }
    expect(last).toBe(429);
    expect((await alice.post("/a/api/behavior/pageViews", views("home"))).statusCode).toBe(200);
    // Refused calls are not audited either.
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.path} like '%behavior/pageViews%'`);
    expect(rows).toEqual([]);
  });
});
