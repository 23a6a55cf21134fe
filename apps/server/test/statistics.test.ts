import { createProgram, createWidget } from "@marquee/program";
import { instantOfLocal, localDateOf } from "@marquee/schedule";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  materials,
  pageViews,
  playEvents,
  programs,
  publications,
  terminalGroups,
  terminalOnlineSpans,
} from "../src/db/schema";
import { runRollups } from "../src/modules/statistics/rollup";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  officeOfTerminal,
  signedIn,
  type TestApp,
} from "./helpers";
import { insertTerminal } from "./terminal-helpers";

const TZ = "Europe/Rome";
const DAY_MS = 86_400_000;
/** The local day `n` days before today. */
const dayAgo = (n: number) => localDateOf(TZ, Date.now() - n * DAY_MS);
const at = (day: string, time: string) => new Date(instantOfLocal(TZ, day, time));

let t: TestApp;
let a: Client;
let b: Client;
let admin: Client;
const ids = {} as {
  officeA: number;
  officeA1: number;
  officeB: number;
  tA1: number;
  tA2: number;
  tA3: number;
  tB1: number;
  group: number;
  programA: number;
  programB: number;
};
const D2 = dayAgo(2);
const D3 = dayAgo(3);
const RANGE = { from: dayAgo(6), to: dayAgo(0) };

beforeAll(async () => {
  t = await createTestApp();
  await initSystem(t);
  const db = t.database.db;
  await t.app.services.settings.set("defaultTimezone", TZ, null);
  const A = await addOffice(t, 1, "customer", "Customer A");
  const A1 = await addOffice(t, A.id, "institution", "Branch A1");
  const B = await addOffice(t, 1, "customer", "Customer B");
  ids.officeA = A.id;
  ids.officeA1 = A1.id;
  ids.officeB = B.id;
  const perms = ["stats:data:view" as const];
  const ua = await addUser(t, A.id, "stata", perms);
  const ub = await addUser(t, B.id, "statb", perms);
  a = await signedIn(t, ua.username, ua.password);
  // A second sign-in of the same user: two logins today.
  await signedIn(t, ua.username, ua.password);
  b = await signedIn(t, ub.username, ub.password, "fr");
  admin = await signedIn(t, ADMIN.username, ADMIN.password);

  const [g] = await db.insert(terminalGroups).values({ officeId: A1.id, name: "Lobby" }).returning();
  ids.group = g?.id ?? 0;
  const old = new Date(Date.now() - 60 * DAY_MS);
  ids.tA1 = await insertTerminal(t.app, A.id, { name: "A one", createdAt: old, online: true });
  ids.tA2 = await insertTerminal(t.app, A1.id, {
    name: "A two",
    createdAt: old,
    groupId: ids.group,
    settings: { timers: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], on: "11:00", off: "12:00" }] },
  });
  ids.tA3 = await insertTerminal(t.app, A1.id, { name: "A three", state: "pending", createdAt: old });
  ids.tB1 = await insertTerminal(t.app, B.id, { name: "B one", createdAt: old, online: true, fault: "hot" });

  await db.insert(terminalOnlineSpans).values([
    // Crosses midnight: 2 h on D3, 2 h on D2.
    { terminalId: ids.tA1, startedAt: at(D3, "22:00"), endedAt: at(D2, "02:00") },
    { terminalId: ids.tA2, startedAt: at(D2, "10:00"), endedAt: at(D2, "11:30") },
    { terminalId: ids.tB1, startedAt: at(D2, "08:00"), endedAt: at(D2, "09:00") },
  ]);

  const size = { width: 1920, height: 1080 };
  const docA = createProgram(size);
  const button = { ...createWidget("button", size), id: "wbtn", name: "Buy" };
  const text = { ...createWidget("text", size), id: "wtxt" };
  docA.scenes[0]?.widgets.push(button as never, text as never);
  const docB = createProgram(size);
  docB.scenes[0]?.widgets.push({ ...createWidget("button", size), id: "wbtn" } as never);
  const [pa] = await db
    .insert(programs)
    .values({ officeId: A.id, name: "Promo A", width: 1920, height: 1080, doc: docA })
    .returning();
  const [pb] = await db
    .insert(programs)
    .values({ officeId: B.id, name: "Promo B", width: 1920, height: 1080, doc: docB })
    .returning();
  ids.programA = pa?.id ?? 0;
  ids.programB = pb?.id ?? 0;
  await db.insert(publications).values([
    {
      officeId: A.id,
      kind: "program",
      contentId: ids.programA,
      name: "pub a",
      tenantId: A.id,
      state: "active",
      createdAt: at(D2, "09:00"),
    },
    {
      officeId: B.id,
      kind: "program",
      contentId: ids.programB,
      name: "pub b",
      tenantId: B.id,
      state: "active",
      createdAt: at(D2, "09:00"),
    },
  ]);

  const ev = (
    terminalId: number,
    programId: number,
    kind: "click" | "media",
    widgetId: string,
    time: string,
    ms: number,
  ) => ({
    terminalId,
    officeId: officeOfTerminal(terminalId),
    programId,
    sceneId: "s1",
    widgetId,
    kind,
    at: at(D2, time),
    ms,
  });
  await db
    .insert(playEvents)
    .values([
      ev(ids.tA1, ids.programA, "click", "wbtn", "10:00", 0),
      ev(ids.tA1, ids.programA, "click", "wbtn", "10:01", 0),
      ev(ids.tA2, ids.programA, "click", "wbtn", "10:02", 0),
      ev(ids.tA1, ids.programA, "media", "wtxt", "10:03", 5000),
      ev(ids.tA2, ids.programA, "media", "wtxt", "10:04", 7000),
      ev(ids.tB1, ids.programB, "click", "wbtn", "10:05", 0),
    ]);

  await db.insert(materials).values([
    {
      officeId: A.id,
      name: "a.png",
      type: "image",
      size: 100,
      purpose: "library",
      createdAt: at(dayAgo(5), "09:00"),
    },
    {
      officeId: A1.id,
      name: "b.png",
      type: "image",
      size: 200,
      purpose: "library",
      createdAt: at(dayAgo(5), "09:00"),
    },
    {
      officeId: A.id,
      name: "c.mp4",
      type: "video",
      size: 1000,
      purpose: "library",
      createdAt: at(D2, "09:00"),
    },
    { officeId: A.id, name: "w.png", type: "image", size: 5, purpose: "widget", createdAt: at(D2, "09:00") },
    { officeId: B.id, name: "d.png", type: "image", size: 7, purpose: "library", createdAt: at(D2, "09:00") },
  ]);
  await db.insert(pageViews).values([{ userId: ua.id, officeId: A.id, page: "home", at: new Date() }]);
  await runRollups(t.app.services);
});

afterAll(async () => {
  await t?.close();
});

describe("statistics calls", () => {
  it("calTerminalCount counts live status, per office, and per day from the roll-ups", async () => {
    const res = await a.get("/a/api/statistics/calTerminalCount", RANGE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ total: 3, online: 1, offline: 1, fault: 0, unauthorised: 1, disabled: 0 });
    expect(body.asOf).not.toBeNull();
    const byOffice = Object.fromEntries(
      body.offices.map((o: { officeId: number; total: number }) => [o.officeId, o.total]),
    );
    expect(byOffice).toEqual({ [ids.officeA]: 1, [ids.officeA1]: 2 });
    expect(body.series).toHaveLength(7);
    const d2 = body.series.find((d: { day: string }) => d.day === D2);
    // Two authorised terminals of A, both online that day.
    expect(d2).toEqual({ day: D2, terminals: 2, online: 2 });
    const d3 = body.series.find((d: { day: string }) => d.day === D3);
    expect(d3).toEqual({ day: D3, terminals: 2, online: 1 });

    const group = await a.get("/a/api/statistics/calTerminalCount", { ...RANGE, groupId: ids.group });
    expect(group.json().counts.total).toBe(1);
    expect(group.json().series.find((d: { day: string }) => d.day === D2)).toEqual({
      day: D2,
      terminals: 1,
      online: 1,
    });

    const other = await b.get("/a/api/statistics/calTerminalCount", RANGE);
    expect(other.json().counts).toEqual({
      total: 1,
      online: 0,
      offline: 0,
      fault: 1,
      unauthorised: 0,
      disabled: 0,
    });
  });

  it("statisticsTerminalOnlineTime matches the spans, split at midnight in the time zone", async () => {
    const res = await a.get("/a/api/statistics/statisticsTerminalOnlineTime", {
      ...RANGE,
      sort: "name",
      order: "asc",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.list.map((r: { name: string; onlineSec: number; daysOnline: number }) => [
        r.name,
        r.onlineSec,
        r.daysOnline,
      ]),
    ).toEqual([
      ["A one", 4 * 3600, 2],
      ["A two", 5400, 1],
    ]);
    expect(body.total).toBe(2);
    const d2 = body.series.find((d: { day: string }) => d.day === D2);
    expect(d2.onlineSec).toBe(2 * 3600 + 5400);
    expect(d2.onlineHours).toBe(3.5);
    expect(d2.avgHours).toBe(1.75);
    expect(body.totalHours).toBe(5.5);
    // A range of whole months reads the month roll-up: the same figures.
    const first = `${D2.slice(0, 7)}-01`;
    const last = new Date(Date.UTC(Number(D2.slice(0, 4)), Number(D2.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    const month = await a.get("/a/api/statistics/statisticsTerminalOnlineTime", {
      from: first,
      to: last,
      sort: "name",
      order: "asc",
    });
    const expected = D3.slice(0, 7) === D2.slice(0, 7) ? 4 * 3600 : 2 * 3600;
    expect(month.json().list[0]).toMatchObject({ name: "A one", onlineSec: expected });
    // Longer ranges read whole weeks (and months) besides days: the same figures as the day rows.
    for (const range of [
      { from: dayAgo(27), to: dayAgo(0) },
      { from: dayAgo(45), to: dayAgo(1) },
    ]) {
      const long = await a.get("/a/api/statistics/statisticsTerminalOnlineTime", {
        ...range,
        sort: "name",
        order: "asc",
        pageSize: 100,
      });
      expect(long.statusCode, long.body).toBe(200);
      const direct = await t.database.db.execute<{ name: string; online_sec: number; days: number }>(sql`
        select t.name, sum(d.online_sec)::int as online_sec, count(*) filter (where d.online_sec > 0)::int as days
        from stat_terminal_day d join terminals t on t.id = d.terminal_id
        where d.day between ${range.from}::date and ${range.to}::date
          and d.office_id in (${ids.officeA}, ${ids.officeA1})
        group by t.name order by t.name`);
      expect(
        long
          .json()
          .list.map((r: { name: string; onlineSec: number; daysOnline: number }) => [
            r.name,
            r.onlineSec,
            r.daysOnline,
          ]),
        `${range.from}…${range.to}`,
      ).toEqual(direct.rows.map((r) => [r.name, r.online_sec, r.days]));
    }
  });

  it("terminalStartUpRate counts terminals online in their scheduled time", async () => {
    const res = await a.post("/a/api/statistics/terminalStartUpRate", { from: D2, to: D2 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // A one: no timers, scheduled all day, online; A two: 11:00-12:00, online 10:00-11:30.
    expect(body.series).toEqual([{ day: D2, scheduled: 2, started: 2, rate: 1 }]);
    const d3 = await a.post("/a/api/statistics/terminalStartUpRate", { from: D3, to: D3 });
    expect(d3.json().series).toEqual([{ day: D3, scheduled: 2, started: 1, rate: 0.5 }]);
    expect(d3.json().offices).toEqual([
      { officeId: ids.officeA, officeName: "Customer A", scheduled: 1, started: 1, rate: 1 },
      { officeId: ids.officeA1, officeName: "Branch A1", scheduled: 1, started: 0, rate: 0 },
    ]);
  });

  it("statisticsLogin counts sign-ins per day and user", async () => {
    const today = dayAgo(0);
    const res = await a.get("/a/api/statistics/statisticsLogin", { from: today, to: today });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.series).toEqual([{ day: today, logins: 2, users: 1 }]);
    expect(body.list).toEqual([
      expect.objectContaining({ username: "stata", officeId: ids.officeA, logins: 2, lastDay: today }),
    ]);
    const other = await b.get("/a/api/statistics/statisticsLogin", { from: today, to: today });
    expect(other.json().list.map((r: { username: string }) => r.username)).toEqual(["statb"]);
  });

  it("statisticsResourcesCase: library materials by type now, and their growth", async () => {
    const res = await a.get("/a/api/statistics/statisticsResourcesCase", RANGE);
    const body = res.json();
    expect(body.byType).toEqual([
      { type: "image", count: 2, bytes: 300 },
      { type: "video", count: 1, bytes: 1000 },
    ]);
    expect(body.bytes).toBe(1300);
    const growth = Object.fromEntries(
      body.growth.map((g: { day: string; bytes: number }) => [g.day, g.bytes]),
    );
    expect(growth[dayAgo(6)]).toBe(0);
    expect(growth[dayAgo(5)]).toBe(300);
    expect(growth[D3]).toBe(300);
    expect(growth[D2]).toBe(1300);
    expect(growth[dayAgo(0)]).toBe(1300);
  });

  it("statisticsPublishProgramWidgetNum, statisticsWidgetUse and statisticsWidgetClick", async () => {
    const pub = (await a.get("/a/api/statistics/statisticsPublishProgramWidgetNum", RANGE)).json();
    expect(pub.publications).toBe(1);
    expect(pub.series.find((d: { day: string }) => d.day === D2)).toEqual({
      day: D2,
      publications: 1,
      programs: 1,
    });
    expect(pub.widgets).toEqual(
      expect.arrayContaining([
        { type: "button", widgets: 1, programs: 1 },
        { type: "text", widgets: 1, programs: 1 },
      ]),
    );

    const use = (await a.get("/a/api/statistics/statisticsWidgetUse", RANGE)).json();
    const text = use.list.find((r: { type: string }) => r.type === "text");
    expect(text).toMatchObject({ programs: 1, widgets: 1, plays: 2, playSec: 12 });

    const clicks = (await a.get("/a/api/statistics/statisticsWidgetClick", RANGE)).json();
    expect(clicks.totalClicks).toBe(3);
    expect(clicks.list).toEqual([
      {
        programId: ids.programA,
        programName: "Promo A",
        widgetId: "wbtn",
        widgetType: "button",
        widgetName: "Buy",
        clicks: 3,
        terminalDays: 2,
      },
    ]);
    const grouped = (
      await a.get("/a/api/statistics/statisticsWidgetClick", { ...RANGE, groupId: ids.group })
    ).json();
    expect(grouped.totalClicks).toBe(1);
    const bClicks = (await b.get("/a/api/statistics/statisticsWidgetClick", RANGE)).json();
    expect(bClicks.totalClicks).toBe(1);
    expect(bClicks.list[0].programId).toBe(ids.programB);
  });

  it("widget use and clicks over months read the month roll-up and give the figures of the raw plays", async () => {
    // Plays weeks and months back (the range below holds whole months and days either side of them).
    const ev = (terminalId: number, kind: "click" | "media", widgetId: string, day: string, ms: number) => ({
      terminalId,
      officeId: officeOfTerminal(terminalId),
      programId: terminalId === ids.tB1 ? ids.programB : ids.programA,
      sceneId: "s1",
      widgetId,
      kind,
      at: at(day, "12:00"),
      ms,
    });
    const back = [dayAgo(20), dayAgo(40), dayAgo(41), dayAgo(75)];
    await t.database.db
      .insert(playEvents)
      .values(
        back.flatMap((day, i) => [
          ev(ids.tA1, "click", "wbtn", day, 0),
          ev(ids.tA2, "click", "wbtn", day, 0),
          ev(ids.tA2, "media", "wtxt", day, 1000 * (i + 1)),
          ev(ids.tB1, "click", "wbtn", day, 0),
        ]),
      );
    await runRollups(t.app.services);
    const range = { from: dayAgo(89), to: dayAgo(0) };
    const months = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stat_pop_widget_month where office_id = ${ids.officeA1}`,
    );
    expect(months.rows[0]?.n).toBeGreaterThan(0);
    // The raw plays of customer A's offices in the range.
    const raw = await t.database.db.execute<{
      widget_id: string;
      kind: string;
      plays: number;
      ms: number;
      terminal_days: number;
    }>(sql`
      select widget_id, kind, count(*)::int as plays, sum(ms)::int as ms,
        count(distinct (terminal_id, (at at time zone ${TZ})::date))::int as terminal_days
      from play_events
      where office_id in (${ids.officeA}, ${ids.officeA1})
        and (at at time zone ${TZ})::date between ${range.from}::date and ${range.to}::date
      group by 1, 2`);
    const of = (widget: string) => raw.rows.find((r) => r.widget_id === widget);
    const use = await a.get("/a/api/statistics/statisticsWidgetUse", range);
    expect(use.statusCode, use.body).toBe(200);
    expect(use.json().list.find((r: { type: string }) => r.type === "text")).toMatchObject({
      plays: of("wtxt")?.plays,
      playSec: Math.round((of("wtxt")?.ms ?? 0) / 1000),
    });
    expect(of("wtxt")?.plays).toBe(2 + back.length);
    const clicks = await a.get("/a/api/statistics/statisticsWidgetClick", range);
    expect(clicks.statusCode, clicks.body).toBe(200);
    expect(clicks.json().totalClicks).toBe(of("wbtn")?.plays);
    expect(clicks.json().list).toEqual([
      expect.objectContaining({
        programId: ids.programA,
        widgetId: "wbtn",
        clicks: of("wbtn")?.plays,
        terminalDays: of("wbtn")?.terminal_days,
      }),
    ]);
    expect(of("wbtn")).toMatchObject({ plays: 3 + 2 * back.length, terminal_days: 2 + 2 * back.length });
    // A group reads its terminals' days: the Lobby holds A two only.
    const grouped = await a.get("/a/api/statistics/statisticsWidgetClick", { ...range, groupId: ids.group });
    expect(grouped.json().list[0]).toMatchObject({ clicks: 1 + back.length, terminalDays: 1 + back.length });
  });

  it("getTerminalByTerminalIds answers only the terminals in range, in the order asked", async () => {
    const res = await a.get("/a/api/statistics/getTerminalByTerminalIds", {
      ids: `${ids.tB1},${ids.tA2},${ids.tA1}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().list.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [ids.tA2, "offline"],
      [ids.tA1, "online"],
    ]);
  });

  it("a customer sees none of another customer's figures, and another's office or group is 404", async () => {
    const calls: Array<[string, Record<string, string | number>]> = [
      ["calTerminalCount", RANGE],
      ["statisticsTerminalOnlineTime", RANGE],
      ["statisticsLogin", RANGE],
      ["statisticsResourcesCase", RANGE],
      ["statisticsPublishProgramWidgetNum", RANGE],
      ["statisticsWidgetUse", RANGE],
      ["statisticsWidgetClick", RANGE],
    ];
    const fromB = {
      online: (await b.get("/a/api/statistics/statisticsTerminalOnlineTime", RANGE)).json(),
      resources: (await b.get("/a/api/statistics/statisticsResourcesCase", RANGE)).json(),
      publish: (await b.get("/a/api/statistics/statisticsPublishProgramWidgetNum", RANGE)).json(),
      start: (await b.post("/a/api/statistics/terminalStartUpRate", { from: D2, to: D2 })).json(),
    };
    expect(fromB.online.list.map((r: { terminalId: number }) => r.terminalId)).toEqual([ids.tB1]);
    expect(fromB.resources.byType).toEqual([{ type: "image", count: 1, bytes: 7 }]);
    expect(fromB.publish.publications).toBe(1);
    expect(fromB.start.series).toEqual([{ day: D2, scheduled: 1, started: 1, rate: 1 }]);
    for (const [call, q] of calls) {
      const res = await b.get(`/a/api/statistics/${call}`, { ...q, officeId: ids.officeA });
      expect(res.statusCode, call).toBe(404);
      const g = await b.get(`/a/api/statistics/${call}`, { ...q, groupId: ids.group });
      // The login, resources and publications figures ignore the group filter.
      if (!["statisticsLogin", "statisticsResourcesCase", "statisticsPublishProgramWidgetNum"].includes(call))
        expect(g.statusCode, call).toBe(404);
    }
    const post = await b.post("/a/api/statistics/terminalStartUpRate", { ...RANGE, officeId: ids.officeA });
    expect(post.statusCode).toBe(404);
  });

  it("the platform administrator sees every customer's terminals, and one office on request", async () => {
    const all = (await admin.get("/a/api/statistics/calTerminalCount", RANGE)).json();
    expect(all.counts.total).toBe(4);
    const one = (
      await admin.get("/a/api/statistics/calTerminalCount", { ...RANGE, officeId: ids.officeA1 })
    ).json();
    expect(one.counts.total).toBe(2);
  });

  it("refuses a reversed or too long range in the caller's language", async () => {
    const reversed = await b.get("/a/api/statistics/calTerminalCount", { from: D2, to: D3 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([
      { field: "to", message: "ne peut pas précéder la date de début" },
    ]);
    const long = await a.get("/a/api/statistics/statisticsLogin", { from: "2024-01-01", to: "2025-01-02" });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe("from");
    const bad = await a.post("/a/api/statistics/terminalStartUpRate", { from: "2025-02-30" });
    expect(bad.statusCode).toBe(400);
    const tooMany = await a.get("/a/api/statistics/getTerminalByTerminalIds", {
      ids: Array.from({ length: 501 }, (_, i) => i + 1).join(","),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("refresh runs a pass unless one just ran, and answers when the figures are from", async () => {
    const res = await a.post("/a/api/statistics/refresh");
    expect(res.statusCode).toBe(200);
    expect(res.json().ran).toBe(false);
    t.clock.advance(60_000);
    const later = await a.post("/a/api/statistics/refresh");
    expect(later.json().ran).toBe(true);
    expect(Date.parse(later.json().asOf)).toBeGreaterThan(Date.parse(res.json().asOf));
    const none = await t.database.db.execute(
      sql`select count(*)::int as n from stat_rollup_state where name = 'pass'`,
    );
    expect(none.rows[0]).toEqual({ n: 1 });
  });
});
