import { DEFAULT_ALARM_RULES } from "@marquee/contracts";
import { createProgram, createWidget } from "@marquee/program";
import { FEED_KEEP_SEC } from "@marquee/terminal-protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alarms, programs } from "../src/db/schema";
import { alarmEngine } from "../src/modules/alarm/rules";
import { FLUSH_MS } from "../src/terminal/hub";
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
import {
  authorise,
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

/**
 * The offline runway (issue 24, docs/runway.md): a screen reports what it
 * holds over a real socket, the alarm pass computes its runway and stores it,
 * the terminal list shows it and filters "runway under 24 h" inside the
 * caller's range, and the `runwayLow` alarm is raised under the rules' limit
 * and cleared when the screen has its media again.
 */

let t: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
let admin: Client;
let aAdmin: Client;
let aAlarmsOnly: Client;
let bAdmin: Client;
const office = { a: 0, b: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  const a = await addOffice(t, ids.officeId, "customer", "Customer A");
  const b = await addOffice(t, ids.officeId, "customer", "Customer B");
  Object.assign(office, { a: a.id, b: b.id });
  const ua = await addUser(t, a.id, "aadmin", ["terminal:device:view", "terminal:alarm:view"]);
  const un = await addUser(t, a.id, "aalarms", ["terminal:alarm:view"]);
  const ub = await addUser(t, b.id, "badmin", ["terminal:device:view", "terminal:alarm:view"]);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  aAdmin = await signedIn(t, "aadmin", ua.password, "en");
  aAlarmsOnly = await signedIn(t, "aalarms", un.password, "en");
  bAdmin = await signedIn(t, "badmin", ub.password, "en");
  origin = await listening(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

/** A screen of `officeId` connected over a socket, its first status stored. */
async function connected(officeId: number, missing: number, programIds: number[] = []) {
  const reg = await registerTerminal(t.app);
  await authorise(t.app, reg.terminalId, officeId, programIds);
  const socket = await openSocket(origin, reg.token);
  sockets.push(socket);
  const welcome = await socket.hello(sampleStatus({ manifestVersion: null, mediaMissing: missing }));
  await waitFor(async () => (await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "online");
  return { id: reg.terminalId, socket, version: welcome.manifestVersion };
}

/** The screen reports again (a heartbeat) and its status is stored. */
async function reports(s: { id: number; socket: TestSocket }, status: Parameters<typeof sampleStatus>[0]) {
  s.socket.send({ type: "heartbeat", status: sampleStatus(status) });
  await waitFor(
    async () => {
      const stored = (await terminalRow(t.app, s.id)).status;
      return (
        stored?.mediaMissing === status?.mediaMissing && stored?.manifestVersion === status?.manifestVersion
      );
    },
    FLUSH_MS * 3,
    "status stored",
  );
}

const LIST = "/a/api/terminal/list";
const listed = async (c: Client, query: Record<string, string | number> = {}) => {
  const res = await c.get(LIST, { pageNo: 1, pageSize: 50, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    list: Array<{ id: number; runway?: { until: string | null; reason: string; behind: boolean } }>;
  };
};
const openRunwayAlarms = (id: number) =>
  t.database.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.terminalId, id), eq(alarms.kind, "runwayLow"), eq(alarms.state, "open")));

describe("the offline runway", () => {
  it("is computed from what a screen reports, listed and filtered in range, and alarmed under the limit", async () => {
    const lacking = await connected(office.a, 2);
    const complete = await connected(office.a, 0);
    const other = await connected(office.b, 3);
    const engine = alarmEngine(t.app);

    // The rule is off by default: the runway is computed all the same, no alarm.
    await engine.pass();
    let list = await listed(aAdmin);
    const byId = new Map(list.list.map((r) => [r.id, r]));
    const short = byId.get(lacking.id)?.runway;
    // Over now: it cannot play correctly without its files.
    expect(Date.parse(short?.until ?? "")).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(short).toMatchObject({
      reason: "mediaMissing",
      // It reported no manifest yet: it holds an older one than the current.
      behind: true,
    });
    expect(byId.get(complete.id)?.runway).toMatchObject({ until: null, reason: "beyond" });
    // Another tenant's screen is never in the list.
    expect(byId.has(other.id)).toBe(false);
    expect(await openRunwayAlarms(lacking.id)).toHaveLength(0);

    // The filter "runway under 24 h": only A's screen lacking media, for A; B sees only its own.
    list = await listed(aAdmin, { runwayUnderHours: 24 });
    expect(list.list.map((r) => r.id)).toEqual([lacking.id]);
    expect((await listed(bAdmin, { runwayUnderHours: 24 })).list.map((r) => r.id)).toEqual([other.id]);
    // The details carry it; another tenant's details are refused as missing.
    const details = await aAdmin.get("/a/api/terminal/terminalDetails", { id: lacking.id });
    expect(details.json().terminal.runway).toMatchObject({ reason: "mediaMissing" });
    expect((await bAdmin.get("/a/api/terminal/terminalDetails", { id: lacking.id })).statusCode).toBe(404);
    // The list asks for terminal:device:view.
    expect((await aAlarmsOnly.get(LIST, { pageNo: 1, pageSize: 10, runwayUnderHours: 24 })).statusCode).toBe(
      403,
    );
    expect((await aAdmin.get(LIST, { pageNo: 1, pageSize: 10, runwayUnderHours: 0 })).statusCode).toBe(400);

    // With a limit of 24 h the pass raises runwayLow for the screens under it, each in its own tenant.
    const saved = await admin.post("/a/api/sysSetting/saveKey", {
      key: "alarmRules",
      value: { ...DEFAULT_ALARM_RULES, offlineMinutes: 0, runwayHours: 24 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await engine.pass();
    const [raised] = await openRunwayAlarms(lacking.id);
    expect(raised).toMatchObject({ officeId: office.a, detail: { reason: "mediaMissing", hours: 24 } });
    expect(await openRunwayAlarms(complete.id)).toHaveLength(0);
    expect(await openRunwayAlarms(other.id)).toHaveLength(1);
    const aList = (
      await aAdmin.get("/a/api/abnormalAlarm/abnormalAlarmList", { pageNo: 1, pageSize: 50 })
    ).json();
    expect(
      aList.list
        .filter((r: { kind: string }) => r.kind === "runwayLow")
        .map((r: { terminalId: number }) => r.terminalId),
    ).toEqual([lacking.id]);
    const bList = (
      await bAdmin.get("/a/api/abnormalAlarm/abnormalAlarmList", { pageNo: 1, pageSize: 50 })
    ).json();
    expect(bList.list.map((r: { terminalId: number }) => r.terminalId)).toEqual([other.id]);

    // The screen downloads its media and plays the current manifest: beyond 7 days, the alarm clears.
    await reports(lacking, { manifestVersion: lacking.version, mediaMissing: 0 });
    await engine.pass();
    list = await listed(aAdmin);
    expect(list.list.find((r) => r.id === lacking.id)?.runway).toMatchObject({
      until: null,
      reason: "beyond",
      behind: false,
    });
    expect(await openRunwayAlarms(lacking.id)).toHaveLength(0);
    expect((await listed(aAdmin, { runwayUnderHours: 24 })).list).toEqual([]);
    // B's screen still lacks its media: still alarmed.
    expect(await openRunwayAlarms(other.id)).toHaveLength(1);

    // The rule turned off clears what it raised.
    await admin.post("/a/api/sysSetting/saveKey", { key: "alarmRules", value: DEFAULT_ALARM_RULES });
    await engine.pass();
    expect(await openRunwayAlarms(other.id)).toHaveLength(0);
  });

  it("counts a screen holding no manifest as lacking its media, and a data source read from an address", async () => {
    const doc = createProgram({ width: 1920, height: 1080 });
    doc.dataSources.push({
      id: "prices",
      name: "Prices",
      format: "json",
      kind: "url",
      url: "https://example.com/prices.json",
      rowsPath: "",
      rows: [],
      refreshSec: 3600,
    });
    const [program] = await t.database.db
      .insert(programs)
      .values({ officeId: office.a, name: "Menu", width: 1920, height: 1080, doc, state: "approved" })
      .returning({ id: programs.id });
    const screen = await connected(office.a, 0, [program?.id ?? 0]);
    const engine = alarmEngine(t.app);
    await engine.pass();
    const runwayOf = async () => (await listed(aAdmin)).list.find((r) => r.id === screen.id)?.runway;
    // It reported no manifest yet: nothing of its programs is on the screen.
    expect(await runwayOf()).toMatchObject({ reason: "mediaMissing", behind: true });

    // Once it plays the current manifest, the runway is the data source's refresh interval from now.
    await reports(screen, { manifestVersion: screen.version, mediaMissing: 0 });
    const before = t.clock.now().getTime();
    await engine.pass();
    const runway = await runwayOf();
    expect(runway).toMatchObject({ reason: "dataStale", name: "Prices", behind: false });
    const until = Date.parse(runway?.until ?? "");
    expect(until).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(t.clock.now().getTime() + 3_600_000);
  });

  it("follows a screen's report at once, without an alarm pass, and counts a weather widget going stale", async () => {
    const doc = createProgram({ width: 1920, height: 1080 });
    doc.scenes[0]?.widgets.push(createWidget("weather", { width: 1920, height: 1080 }));
    const [program] = await t.database.db
      .insert(programs)
      .values({ officeId: office.a, name: "Lobby", width: 1920, height: 1080, doc, state: "approved" })
      .returning({ id: programs.id });
    // No alarm pass in this test: what is stored comes from the report alone.
    const screen = await connected(office.a, 0, [program?.id ?? 0]);
    const runwayOf = async () => (await listed(aAdmin)).list.find((r) => r.id === screen.id)?.runway;
    await waitFor(
      async () => (await runwayOf())?.reason === "mediaMissing",
      FLUSH_MS * 4,
      "runway of the hello",
    );
    const before = t.clock.now().getTime();
    await reports(screen, { manifestVersion: screen.version, mediaMissing: 0 });
    await waitFor(
      async () => (await runwayOf())?.reason === "dataStale",
      FLUSH_MS * 4,
      "runway of the report",
    );
    const runway = await runwayOf();
    // The player keeps the last weather for FEED_KEEP_SEC.weather after its last contact, then shows "no data".
    expect(runway).toMatchObject({ reason: "dataStale", name: "weather Roma", behind: false });
    const until = Date.parse(runway?.until ?? "");
    expect(until).toBeGreaterThanOrEqual(before + FEED_KEEP_SEC.weather * 1000 - 1000);
    expect(until).toBeLessThanOrEqual(t.clock.now().getTime() + FEED_KEEP_SEC.weather * 1000);
  });
});
