import { DEFAULT_ALARM_RULES } from "@marquee/contracts";
import { encodeReason } from "@marquee/terminal-protocol";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alarms,
  notifications,
  tenantSettings,
  terminalCommands,
  terminalEvents,
  terminals,
} from "../src/db/schema";
import { alarmEngine } from "../src/modules/alarm/rules";
import { noticeContent } from "../src/platform/notify";
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
 * Alarms: the rules raise them (a pass over the terminals, moved
 * with the app's clock instead of waiting; the terminals' events over a real
 * socket), the responsible users are told, and the calls under
 * /a/api/abnormalAlarm list, detail, clear and export them inside the
 * caller's data range.
 */

let t: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
let admin: Client;
let aAdmin: Client;
let aViewer: Client;
let bAdmin: Client;
const office = { platform: 0, a: 0, aShop: 0, aOther: 0, b: 0 };
const user = {
  admin: 0,
  aAdmin: 0,
  aViewer: 0,
  aShop: 0,
  aOtherOnly: 0,
  aNoAlarm: 0,
  aDisabled: 0,
  bAdmin: 0,
};

const BASE = "/a/api/abnormalAlarm";
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  office.platform = ids.officeId;
  user.admin = ids.userId;
  const a = await addOffice(t, ids.officeId, "customer", "Customer A");
  const aShop = await addOffice(t, a.id, "institution", "A shop");
  const aOther = await addOffice(t, a.id, "institution", "A other");
  const b = await addOffice(t, ids.officeId, "customer", "Customer B");
  Object.assign(office, { a: a.id, aShop: aShop.id, aOther: aOther.id, b: b.id });
  const all = ["terminal:alarm:view", "terminal:alarm:clear", "terminal:alarm:export"] as const;
  const ua = await addUser(t, a.id, "aadmin", [...all, "terminal:device:view"]);
  const uv = await addUser(t, a.id, "aviewer", ["terminal:alarm:view"]);
  const us = await addUser(t, aShop.id, "ashop", ["terminal:alarm:view"]);
  const uo = await addUser(t, a.id, "aotheronly", ["terminal:alarm:view"], {
    dataRange: "offices",
    dataOffices: [aOther.id],
  });
  const un = await addUser(t, a.id, "anoalarm", ["terminal:device:view"]);
  const ud = await addUser(t, a.id, "adisabled", ["terminal:alarm:view"], { enabled: false });
  const ub = await addUser(t, b.id, "badmin", [...all]);
  Object.assign(user, {
    aAdmin: ua.id,
    aViewer: uv.id,
    aShop: us.id,
    aOtherOnly: uo.id,
    aNoAlarm: un.id,
    aDisabled: ud.id,
    bAdmin: ub.id,
  });
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  aAdmin = await signedIn(t, "aadmin", ua.password, "en");
  aViewer = await signedIn(t, "aviewer", uv.password, "en");
  bAdmin = await signedIn(t, "badmin", ub.password, "en");
  origin = await listening(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

/** A terminal straight in the table: authorised, online now (no rule fires), with a status. */
async function insertTerminal(
  officeId: number,
  name: string,
  over: Partial<typeof terminals.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(terminals)
    .values({
      officeId,
      name,
      deviceId: `device-${name}`,
      tokenHash: `hash-${name}`,
      enrolCode: `E${name.slice(-5).toUpperCase().padStart(5, "0")}`,
      state: "authorised",
      model: "Web player",
      version: "1.0.0",
      width: 1920,
      height: 1080,
      online: true,
      lastSeenAt: t.clock.now(),
      authorisedAt: t.clock.now(),
      status: sampleStatus(),
      ...over,
    })
    .returning();
  if (!row) throw new Error("no terminal");
  return row;
}

/** An alarm straight in the table (the list and export tests need several of known times). */
async function insertAlarm(
  terminalId: number,
  officeId: number,
  kind: (typeof alarms.$inferInsert)["kind"],
  at: Date,
  over: Partial<typeof alarms.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(alarms)
    .values({
      terminalId,
      officeId,
      kind,
      message: `${kind} of ${terminalId}`,
      raisedAt: at,
      lastAt: at,
      ...over,
    })
    .returning();
  if (!row) throw new Error("no alarm");
  return row;
}

const alarmsOf = (terminalId: number) =>
  t.database.db.select().from(alarms).where(eq(alarms.terminalId, terminalId)).orderBy(alarms.id);

/** The notices of each user since `sinceId`, English text. */
async function noticesSince(sinceId: number): Promise<Map<number, string[]>> {
  const rows = await t.database.db.select().from(notifications).orderBy(notifications.id);
  const out = new Map<number, string[]>();
  for (const n of rows.filter((r) => r.id > sinceId))
    out.set(n.userId, [...(out.get(n.userId) ?? []), n.contentEn]);
  return out;
}
async function lastNoticeId(): Promise<number> {
  const rows = await t.database.db.select({ id: notifications.id }).from(notifications);
  return Math.max(0, ...rows.map((r) => r.id));
}

/** Opens a registered terminal's socket, authorised into `officeId`, and waits until it is online. */
async function connectedTerminal(officeId: number) {
  const reg = await registerTerminal(t.app);
  await authorise(t.app, reg.terminalId, officeId);
  const socket = await openSocket(origin, reg.token);
  sockets.push(socket);
  await socket.hello();
  await waitFor(async () => (await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "online");
  return { reg, socket };
}

describe("the offline rule", () => {
  it("raises an alarm for a terminal offline too long, tells the responsible users, and clears it when it returns", async () => {
    const { reg, socket } = await connectedTerminal(office.aShop);
    await t.database.db.update(terminals).set({ name: "Lobby" }).where(eq(terminals.id, reg.terminalId));
    await socket.close();
    await waitFor(async () => !(await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "offline");
    const engine = alarmEngine(t.app);
    const before = await lastNoticeId();

    // Not yet: 9 minutes of the 10.
    t.clock.advance(9 * MINUTE);
    await engine.pass();
    expect(await alarmsOf(reg.terminalId)).toHaveLength(0);

    t.clock.advance(2 * MINUTE);
    await engine.pass();
    let rows = await alarmsOf(reg.terminalId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "offline", state: "open", count: 1, officeId: office.aShop });
    // A second pass neither raises again nor counts up.
    await engine.pass();
    rows = await alarmsOf(reg.terminalId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(1);

    // Told: the users of A's tenant with terminal:alarm:view whose range covers the shop; nobody else.
    const notices = await noticesSince(before);
    expect([...notices.keys()].sort()).toEqual([user.aAdmin, user.aViewer, user.aShop].sort());
    expect(notices.get(user.aShop)).toEqual(["Screens offline for more than 10 minutes (1): Lobby"]);
    for (const id of [user.admin, user.bAdmin, user.aNoAlarm, user.aDisabled, user.aOtherOnly])
      expect(notices.has(id)).toBe(false);

    // The listed alarm, for A's administrator.
    const list = (await aAdmin.get(`${BASE}/abnormalAlarmList`, { keyword: "Lobby" })).json();
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      terminalName: "Lobby",
      officeName: "A shop",
      kind: "offline",
      state: "open",
      detail: { minutes: 10 },
    });

    // Back online: the next pass clears it, as the rule (nobody cleared it by hand).
    const again = await openSocket(origin, reg.token);
    sockets.push(again);
    await again.hello();
    await waitFor(
      async () => (await terminalRow(t.app, reg.terminalId)).online,
      FLUSH_MS * 3,
      "online again",
    );
    await engine.pass();
    rows = await alarmsOf(reg.terminalId);
    expect(rows[0]).toMatchObject({ state: "cleared", clearedBy: null });
    expect(rows[0]?.clearedAt).not.toBeNull();
    await again.close();
    await waitFor(
      async () => !(await terminalRow(t.app, reg.terminalId)).online,
      FLUSH_MS * 3,
      "offline again",
    );
    t.clock.offsetMs = 0;
  });

  it("makes one notice per user for many terminals in one pass, and does not raise again an outage cleared by hand", async () => {
    const since = new Date(t.clock.now().getTime() - 30 * MINUTE);
    const made = [];
    for (let i = 1; i <= 12; i++)
      made.push(
        await insertTerminal(office.a, `Bulk${String(i).padStart(2, "0")}`, {
          online: false,
          lastSeenAt: since,
        }),
      );
    const before = await lastNoticeId();
    await alarmEngine(t.app).pass();
    const ids = made.map((m) => m.id);
    const raised = await t.database.db.select().from(alarms).where(inArray(alarms.terminalId, ids));
    expect(raised).toHaveLength(12);
    const notices = await noticesSince(before);
    // The shop's user sees none of these (they stand in A itself); A's administrator gets one notice for all twelve.
    expect(notices.has(user.aShop)).toBe(false);
    expect(notices.get(user.aAdmin)).toHaveLength(1);
    expect(notices.get(user.aAdmin)?.[0]).toMatch(
      /^Screens offline for more than 10 minutes \(12\): Bulk\d\d(, Bulk\d\d){9} and 2 more$/,
    );

    // Cleared by an operator: the same outage does not come back at the next pass.
    const res = await aAdmin.post(`${BASE}/abnormalAlarmCleanUp`, {
      ids: raised.map((r) => r.id),
      note: "known",
    });
    expect(res.json()).toMatchObject({ code: 0, cleared: 12 });
    await alarmEngine(t.app).pass();
    const open = await t.database.db
      .select()
      .from(alarms)
      .where(and(inArray(alarms.terminalId, ids), eq(alarms.state, "open")));
    expect(open).toHaveLength(0);
    await t.database.db.delete(terminals).where(inArray(terminals.id, ids));
  });
});

describe("the storage rule", () => {
  it("raises storageLow at the limit and clears it when storage is freed; no quota says nothing", async () => {
    const full = await insertTerminal(office.aShop, "Full", {
      status: sampleStatus({ storageUsed: 95, storageQuota: 100 }),
    });
    const unknown = await insertTerminal(office.aShop, "NoQuota", {
      status: sampleStatus({ storageUsed: 10_000, storageQuota: null }),
    });
    const engine = alarmEngine(t.app);
    await engine.pass();
    let rows = await alarmsOf(full.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "storageLow",
      state: "open",
      detail: { percent: 95, threshold: 90 },
    });
    expect(await alarmsOf(unknown.id)).toHaveLength(0);

    await t.database.db
      .update(terminals)
      .set({ status: sampleStatus({ storageUsed: 50, storageQuota: 100 }) })
      .where(eq(terminals.id, full.id));
    await engine.pass();
    rows = await alarmsOf(full.id);
    expect(rows[0]).toMatchObject({ state: "cleared", clearedBy: null });

    // A stricter rule (80 %) raises at 85 %; the rule turned off clears what it raised.
    await t.database.db
      .update(terminals)
      .set({ status: sampleStatus({ storageUsed: 85, storageQuota: 100 }) })
      .where(eq(terminals.id, full.id));
    const save = (value: unknown) => admin.post("/a/api/sysSetting/saveKey", { key: "alarmRules", value });
    expect((await save({ ...DEFAULT_ALARM_RULES, storageLowPercent: 80 })).statusCode).toBe(200);
    await engine.pass();
    expect((await alarmsOf(full.id)).filter((r) => r.state === "open")).toHaveLength(1);
    expect((await save({ ...DEFAULT_ALARM_RULES, storageLowPercent: 0 })).statusCode).toBe(200);
    await engine.pass();
    expect((await alarmsOf(full.id)).filter((r) => r.state === "open")).toHaveLength(0);
    // A rule out of bounds is refused at its field.
    const bad = await save({ ...DEFAULT_ALARM_RULES, storageLowPercent: 120 });
    expect(bad.statusCode).toBe(400);
    expect((await save(DEFAULT_ALARM_RULES)).statusCode).toBe(200);
    await t.database.db.delete(terminals).where(inArray(terminals.id, [full.id, unknown.id]));
  });
});

describe("events", () => {
  it("raise an alarm, count repeats up without a second notice, and 'fault cleared' clears the fault", async () => {
    const { reg, socket } = await connectedTerminal(office.aShop);
    const before = await lastNoticeId();
    const event = (kind: string, message: string) =>
      socket.send({ type: "event", kind, message, at: Date.now() });

    event("downloadFailed", "video.mp4: 404");
    await waitFor(async () => (await alarmsOf(reg.terminalId)).length === 1, 5000, "alarm");
    event("downloadFailed", "video.mp4: 503");
    await waitFor(async () => (await alarmsOf(reg.terminalId))[0]?.count === 2, 5000, "repeat");
    let rows = await alarmsOf(reg.terminalId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "downloadFailed", state: "open", message: "video.mp4: 503" });
    expect(rows[0]?.lastAt.getTime()).toBeGreaterThanOrEqual(rows[0]?.raisedAt.getTime() ?? 0);
    const notices = await noticesSince(before);
    expect(notices.get(user.aShop)).toHaveLength(1);
    expect(notices.get(user.aShop)?.[0]).toMatch(/^Download failed on screen .+: video\.mp4: 404$/);
    expect(notices.has(user.bAdmin)).toBe(false);

    event("fault", "panel overheated");
    await waitFor(
      async () => (await alarmsOf(reg.terminalId)).some((r) => r.kind === "fault"),
      5000,
      "fault",
    );
    event("info", "fault cleared");
    await waitFor(
      async () => (await alarmsOf(reg.terminalId)).find((r) => r.kind === "fault")?.state === "cleared",
      5000,
      "fault cleared",
    );
    // A new fault after that is a new alarm (the old one stays, cleared).
    event("fault", "panel overheated again");
    await waitFor(
      async () => (await alarmsOf(reg.terminalId)).filter((r) => r.kind === "fault").length === 2,
      5000,
      "second fault",
    );

    // Events the rules leave out raise nothing.
    await admin.post("/a/api/sysSetting/saveKey", {
      key: "alarmRules",
      value: { ...DEFAULT_ALARM_RULES, events: ["fault"] },
    });
    event("playbackError", "codec");
    event("fault", "third");
    await waitFor(
      async () =>
        (await alarmsOf(reg.terminalId)).find((r) => r.kind === "fault" && r.state === "open")?.count === 2,
      5000,
      "fault bumped",
    );
    rows = await alarmsOf(reg.terminalId);
    expect(rows.some((r) => r.kind === "playbackError")).toBe(false);
    await admin.post("/a/api/sysSetting/saveKey", { key: "alarmRules", value: DEFAULT_ALARM_RULES });
    await socket.close();
  });

  it("keep a coded message coded, and write it in the reader's language in the notice and the export", async () => {
    const { reg, socket } = await connectedTerminal(office.aShop);
    await t.database.db.update(terminals).set({ name: "Hall" }).where(eq(terminals.id, reg.terminalId));
    const before = await lastNoticeId();
    const values = { file: "m9.png", status: 404 };
    socket.send({
      type: "event",
      kind: "fault",
      message: "m9.png: HTTP 404",
      messageCode: "fileHttp",
      messageValues: values,
      at: Date.now(),
    });
    await waitFor(async () => (await alarmsOf(reg.terminalId)).length === 1, 5000, "alarm");
    const [alarm] = await alarmsOf(reg.terminalId);
    if (!alarm) throw new Error("no alarm");
    expect(alarm).toMatchObject({ kind: "fault", message: encodeReason("fileHttp", values) });

    // The notice, read in French (and filed with the English text the spec keeps).
    const notices = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, user.aShop))
    ).filter((n) => n.id > before);
    expect(notices.map((n) => noticeContent("fr", n))).toEqual([
      "Panne sur l'écran Hall : Fichier m9.png : HTTP 404",
    ]);
    expect(notices[0]?.contentEn).toBe("Fault on screen Hall: File m9.png: HTTP 404");

    // The export, asked in French.
    const fr = await signedIn(t, "aadmin", "aadminPass1", "fr");
    const res = await fr.request("POST", `${BASE}/onlyAbnormalAlarmExport`, { json: { ids: [alarm.id] } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const { deviceId } = await terminalRow(t.app, reg.terminalId);
    expect(row.slice(1, 7)).toEqual([
      "Panne",
      "Ouverte",
      "Hall",
      deviceId,
      "A shop",
      "Fichier m9.png : HTTP 404",
    ]);
    await socket.close();
  });
});

describe("each tenant's own rules", () => {
  it("apply to the terminals of that tenant only: limits, events and notices", async () => {
    // B's user who sets B's rules; A keeps none and follows the platform's (offline after 10 minutes).
    const rulesUser = await addUser(t, office.b, "brules", ["terminal:alarm:rules"]);
    const bRules = await signedIn(t, "brules", rulesUser.password, "en");
    const saveB = (value: unknown) => bRules.post("/a/api/sysSetting/saveKey", { key: "alarmRules", value });
    const bRuleSet = { ...DEFAULT_ALARM_RULES, offlineMinutes: 60, storageLowPercent: 50, events: ["fault"] };
    const saved = await saveB(bRuleSet);
    expect(saved.statusCode, saved.body).toBe(200);
    const engine = alarmEngine(t.app);

    const since = new Date(t.clock.now().getTime() - 30 * MINUTE);
    const aScreen = await insertTerminal(office.aShop, "RuleA", { online: false, lastSeenAt: since });
    const bScreen = await insertTerminal(office.b, "RuleB", { online: false, lastSeenAt: since });
    let before = await lastNoticeId();
    await engine.pass();
    // 30 minutes offline: past A's 10, not B's 60.
    const aRows = await alarmsOf(aScreen.id);
    expect(aRows).toHaveLength(1);
    expect(aRows[0]).toMatchObject({ kind: "offline", state: "open", detail: { minutes: 10 } });
    expect(await alarmsOf(bScreen.id)).toHaveLength(0);
    let notices = await noticesSince(before);
    expect(notices.get(user.aShop)).toEqual(["Screens offline for more than 10 minutes (1): RuleA"]);
    expect(notices.has(user.bAdmin)).toBe(false);

    // Half an hour later B's limit has passed too, and B's users are told with B's limit.
    t.clock.advance(31 * MINUTE);
    before = await lastNoticeId();
    await engine.pass();
    const bRows = await alarmsOf(bScreen.id);
    expect(bRows).toHaveLength(1);
    expect(bRows[0]).toMatchObject({ kind: "offline", detail: { minutes: 60 } });
    notices = await noticesSince(before);
    expect(notices.get(user.bAdmin)).toEqual(["Screens offline for more than 60 minutes (1): RuleB"]);
    // (A's earlier screens, offline for half an hour now, are A's users' business, not B's.)
    for (const text of notices.get(user.aShop) ?? []) expect(text).not.toContain("RuleB");
    t.clock.offsetMs = 0;

    // Storage 70 % full: past B's 50 %, not the platform's 90 %.
    const half = sampleStatus({ storageUsed: 70, storageQuota: 100 });
    const aDisk = await insertTerminal(office.aShop, "DiskA", { status: half });
    const bDisk = await insertTerminal(office.b, "DiskB", { status: half });
    await engine.pass();
    expect(await alarmsOf(aDisk.id)).toHaveLength(0);
    const disk = await alarmsOf(bDisk.id);
    expect(disk).toHaveLength(1);
    expect(disk[0]).toMatchObject({ kind: "storageLow", detail: { percent: 70, threshold: 50 } });

    // Events: B raises only faults; A every kind.
    const event = (terminalId: number, kind: string) =>
      engine.onEvent({ terminalId, kind, message: `${kind} here`, at: t.clock.now() });
    await event(aDisk.id, "playbackError");
    await event(bDisk.id, "playbackError");
    await event(bDisk.id, "fault");
    expect((await alarmsOf(aDisk.id)).map((r) => r.kind)).toEqual(["playbackError"]);
    expect((await alarmsOf(bDisk.id)).map((r) => r.kind)).toEqual(["storageLow", "fault"]);

    // B turns its notices off: its alarms are still raised, nobody of B is told; A's users still are.
    expect((await saveB({ ...bRuleSet, notify: false })).statusCode).toBe(200);
    const old = new Date(t.clock.now().getTime() - 120 * MINUTE);
    const aLate = await insertTerminal(office.aShop, "LateA", { online: false, lastSeenAt: old });
    const bLate = await insertTerminal(office.b, "LateB", { online: false, lastSeenAt: old });
    before = await lastNoticeId();
    await engine.pass();
    expect(await alarmsOf(aLate.id)).toHaveLength(1);
    expect(await alarmsOf(bLate.id)).toHaveLength(1);
    notices = await noticesSince(before);
    expect(notices.has(user.bAdmin)).toBe(false);
    expect(notices.get(user.aShop)).toEqual(["Screens offline for more than 10 minutes (1): LateA"]);

    // B's rule turned off clears what it raised; A's stay.
    expect((await saveB({ ...bRuleSet, offlineMinutes: 0, storageLowPercent: 0 })).statusCode).toBe(200);
    await engine.pass();
    for (const id of [bScreen.id, bLate.id, bDisk.id])
      expect(
        (await alarmsOf(id)).filter((r) => r.kind !== "fault" && r.state === "open"),
        `${id}`,
      ).toEqual([]);
    expect((await alarmsOf(aLate.id))[0]?.state).toBe("open");

    await t.database.db.delete(tenantSettings);
    await t.database.db
      .delete(terminals)
      .where(inArray(terminals.id, [aScreen.id, bScreen.id, aDisk.id, bDisk.id, aLate.id, bLate.id]));
  });
});

describe("the calls", () => {
  let shop: typeof terminals.$inferSelect;
  let head: typeof terminals.$inferSelect;
  let bScreen: typeof terminals.$inferSelect;
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 0, d, h));
  const made = { shopOffline: 0, shopDownload: 0, headFault: 0, bFault: 0 };

  beforeAll(async () => {
    // Known rows only: the alarms the rules raised above are not these tests' business.
    await t.database.db.delete(alarms);
    shop = await insertTerminal(office.aShop, "Window");
    head = await insertTerminal(office.a, "Head");
    bScreen = await insertTerminal(office.b, "Bee");
    made.shopOffline = (await insertAlarm(shop.id, office.aShop, "offline", day(1))).id;
    made.shopDownload = (
      await insertAlarm(shop.id, office.aShop, "downloadFailed", day(2), { count: 3, lastAt: day(4) })
    ).id;
    made.headFault = (
      await insertAlarm(head.id, office.a, "fault", day(5), {
        state: "cleared",
        clearedAt: day(6),
        clearedBy: user.aAdmin,
        clearNote: "replaced",
      })
    ).id;
    made.bFault = (await insertAlarm(bScreen.id, office.b, "fault", day(3))).id;
    await t.database.db.insert(terminalEvents).values([
      {
        terminalId: shop.id,
        officeId: office.aShop,
        kind: "downloadFailed",
        message: "before",
        at: day(1, 20),
      },
      { terminalId: shop.id, officeId: office.aShop, kind: "info", message: "long before", at: day(1, 1) },
    ]);
    await t.database.db.insert(terminalCommands).values({
      id: "alarm-cmd-1",
      terminalId: shop.id,
      officeId: office.aShop,
      name: "refresh",
      args: {},
      state: "done",
    });
  });

  const ids = (body: { list: Array<{ id: number }> }) => body.list.map((r) => r.id);
  const listOf = async (c: Client, q: Record<string, string | number | boolean> = {}) => {
    const res = await c.get(`${BASE}/abnormalAlarmList`, { pageSize: 100, ...q });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const mine = (list: number[]) => list.filter((id) => Object.values(made).includes(id));

  it("lists with filters, latest activity first, inside the caller's range", async () => {
    const all = await listOf(aAdmin);
    expect(mine(ids(all))).toEqual([made.headFault, made.shopDownload, made.shopOffline]);
    expect(mine(ids(await listOf(aAdmin, { state: "open" })))).toEqual([made.shopDownload, made.shopOffline]);
    expect(mine(ids(await listOf(aAdmin, { kind: "fault" })))).toEqual([made.headFault]);
    expect(mine(ids(await listOf(aAdmin, { keyword: "wind" })))).toEqual([
      made.shopDownload,
      made.shopOffline,
    ]);
    expect(mine(ids(await listOf(aAdmin, { keyword: "device-Head" })))).toEqual([made.headFault]);
    expect(mine(ids(await listOf(aAdmin, { officeId: office.aShop })))).toEqual([
      made.shopDownload,
      made.shopOffline,
    ]);
    expect(mine(ids(await listOf(aAdmin, { officeId: office.a, includeChildren: false })))).toEqual([
      made.headFault,
    ]);
    // Alive during 3–4 January: raised before its end, last seen after its start.
    const range = await listOf(aAdmin, {
      beginTime: day(3).toISOString(),
      endTime: day(4, 23).toISOString(),
    });
    expect(mine(ids(range))).toEqual([made.shopDownload]);
    const cleared = (await listOf(aAdmin, { kind: "fault" })).list[0];
    expect(cleared).toMatchObject({ state: "cleared", clearedByName: "aadmin", clearNote: "replaced" });
    // Paging on the server.
    const page = (
      await aAdmin.get(`${BASE}/abnormalAlarmList`, { pageSize: 1, pageNo: 2, officeId: office.a })
    ).json();
    expect(page).toMatchObject({ pageNo: 2, pageSize: 1, total: 3 });
    expect(page.list).toHaveLength(1);

    // Bad filters: 400 at the field; another tenant's office: 404 like a missing one.
    const backwards = await aAdmin.get(`${BASE}/abnormalAlarmList`, {
      beginTime: day(5).toISOString(),
      endTime: day(1).toISOString(),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].field).toBe("endTime");
    expect((await aAdmin.get(`${BASE}/abnormalAlarmList`, { kind: "meltdown" })).statusCode).toBe(400);
    expect((await aAdmin.get(`${BASE}/abnormalAlarmList`, { officeId: office.b })).statusCode).toBe(404);
  });

  it("keeps every tenant to its own alarms", async () => {
    expect(mine(ids(await listOf(bAdmin)))).toEqual([made.bFault]);
    expect(mine(ids(await listOf(admin)))).toEqual([
      made.headFault,
      made.shopDownload,
      made.bFault,
      made.shopOffline,
    ]);
    const outside = await bAdmin.get(`${BASE}/abnormalAlarmClearDeail`, { id: made.shopOffline });
    const missing = await bAdmin.get(`${BASE}/abnormalAlarmClearDeail`, { id: 999_999 });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().msg.replace(String(made.shopOffline), "N")).toBe(
      missing.json().msg.replace("999999", "N"),
    );
    const clear = await bAdmin.post(`${BASE}/abnormalAlarmCleanUp`, { ids: [made.bFault, made.shopOffline] });
    expect(clear.statusCode).toBe(404);
    // Nothing changed, not even B's own alarm of the same call.
    const [bRow] = await t.database.db.select().from(alarms).where(eq(alarms.id, made.bFault));
    expect(bRow?.state).toBe("open");
    expect(
      (await bAdmin.post(`${BASE}/onlyAbnormalAlarmExport`, { ids: [made.shopOffline] })).statusCode,
    ).toBe(404);
    const bAsk = (await bAdmin.get(`${BASE}/askIsHaveAbnormalAlarm`)).json();
    expect(bAsk.count).toBe(1);
    expect(bAsk.latest).toMatchObject({ id: made.bFault, kind: "fault", terminalName: "Bee" });
    const aAsk = (await aAdmin.get(`${BASE}/askIsHaveAbnormalAlarm`)).json();
    expect(aAsk.count).toBe(2);
    expect(aAsk.latest.id).toBe(made.shopDownload);
  });

  it("details the alarm with its terminal, the events around it and the recent commands", async () => {
    const res = await aAdmin.get(`${BASE}/abnormalAlarmClearDeail`, { id: made.shopDownload });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.alarm).toMatchObject({ id: made.shopDownload, count: 3, kind: "downloadFailed" });
    expect(body.terminal).toMatchObject({
      id: shop.id,
      name: "Window",
      officeName: "A shop",
      deviceId: "device-Window",
    });
    // From a day before it was raised: the event of 1 January 20:00, not the one of 01:00.
    expect(body.events.map((e: { message: string }) => e.message)).toEqual(["before"]);
    expect(body.commands.map((c: { id: string }) => c.id)).toEqual(["alarm-cmd-1"]);
    expect((await aAdmin.get(`${BASE}/abnormalAlarmClearDeail`, { id: "x" })).statusCode).toBe(400);
  });

  it("exports all (with the filters) and the chosen ones as .xlsx", async () => {
    const read = async (body: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(body as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error("no sheet");
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      const rows: unknown[][] = [];
      for (let n = 2; n <= sheet.rowCount; n++) rows.push(values(n));
      return { name: sheet.name, header: values(1), rows };
    };
    const res = await aAdmin.request("POST", `${BASE}/allAbnormalAlarmExport`, {
      json: { officeId: office.aShop, timezone: "Asia/Shanghai" },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="alarms-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = await read(res.rawPayload);
    expect(book.name).toBe("Alarms");
    expect(book.header).toEqual([
      "No.",
      "Kind",
      "State",
      "Terminal",
      "Device ID",
      "Institution",
      "Message",
      "Occurrences",
      "Raised (Asia/Shanghai)",
      "Last seen (Asia/Shanghai)",
      "Cleared (Asia/Shanghai)",
      "Cleared by",
      "Note",
    ]);
    const shopRows = book.rows.filter((r) => r[3] === "Window");
    expect(shopRows.map((r) => r[0])).toEqual([made.shopDownload, made.shopOffline]);
    expect(shopRows[0]?.slice(1, 8)).toEqual([
      "Download failed",
      "Open",
      "Window",
      "device-Window",
      "A shop",
      `downloadFailed of ${shop.id}`,
      3,
    ]);
    // Shanghai wall-clock time: 12:00 UTC is 20:00 there.
    expect((shopRows[0]?.[8] as Date | undefined)?.toISOString()).toBe("2026-01-02T20:00:00.000Z");

    const zh = await signedIn(t, "aadmin", "aadminPass1", "zh_CN");
    const chosen = await zh.request("POST", `${BASE}/onlyAbnormalAlarmExport`, {
      json: { ids: [made.headFault] },
    });
    expect(chosen.statusCode).toBe(200);
    const picked = await read(chosen.rawPayload);
    expect(picked.name).toBe("告警");
    expect(picked.header.slice(0, 3)).toEqual(["序号", "类型", "状态"]);
    expect(picked.rows).toHaveLength(1);
    expect(picked.rows[0]?.slice(0, 3)).toEqual([made.headFault, "故障", "已清除"]);
    expect(picked.rows[0]?.slice(11)).toEqual(["aadmin", "replaced"]);

    // Audited, and guarded by terminal:alarm:export.
    const audit = (
      await admin.get("/a/api/log/ajaxScrollLog", { action: "/a/api/abnormalAlarm/allAbnormalAlarmExport" })
    ).json();
    expect(audit.list[0]).toMatchObject({ target: "alarm:export", result: "ok" });
    const denied = await aViewer.request("POST", `${BASE}/allAbnormalAlarmExport`, { json: {} });
    expect(denied.statusCode).toBe(403);
    expect(
      (await aAdmin.request("POST", `${BASE}/onlyAbnormalAlarmExport`, { json: { ids: [] } })).statusCode,
    ).toBe(400);
  });

  it("clears the open ones of a selection with a note; cleared ones stay listed", async () => {
    const denied = await aViewer.post(`${BASE}/abnormalAlarmCleanUp`, { ids: [made.shopOffline] });
    expect(denied.statusCode).toBe(403);
    const res = await aAdmin.post(`${BASE}/abnormalAlarmCleanUp`, {
      ids: [made.shopOffline, made.headFault],
      note: "checked on site",
    });
    expect(res.json()).toMatchObject({ code: 0, cleared: 1 });
    const row = (await listOf(aAdmin, { keyword: "Window", kind: "offline" })).list[0];
    expect(row).toMatchObject({
      id: made.shopOffline,
      state: "cleared",
      clearedBy: user.aAdmin,
      clearNote: "checked on site",
    });
    // The one cleared before keeps its own note.
    const head = (await listOf(aAdmin, { kind: "fault", officeId: office.a, includeChildren: false }))
      .list[0];
    expect(head.clearNote).toBe("replaced");
    // Form-encoded, as a comma list.
    const form = await aAdmin.postForm(`${BASE}/abnormalAlarmCleanUp`, { ids: String(made.shopDownload) });
    expect(form.json()).toMatchObject({ code: 0, cleared: 1 });
    const audit = (
      await admin.get("/a/api/log/ajaxScrollLog", { action: "/a/api/abnormalAlarm/abnormalAlarmCleanUp" })
    ).json();
    expect(audit.list[0].target).toBe(`alarm:${made.shopDownload}`);
    expect((await aAdmin.get(`${BASE}/askIsHaveAbnormalAlarm`)).json().count).toBe(0);
    expect((await aAdmin.post(`${BASE}/abnormalAlarmCleanUp`, { ids: "x,y" })).statusCode).toBe(400);
  });
});
