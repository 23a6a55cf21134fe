import type { Permission, TerminalSummary, TerminalTreeNodeT } from "@marquee/contracts";
import { CLOSE_REFUSED } from "@marquee/terminal-protocol";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, programs, terminalCommands, terminalEvents, terminals } from "../src/db/schema";
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
import {
  insertTerminal,
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  waitFor,
} from "./terminal-helpers";

const ALL_TERMINAL: Permission[] = [
  "terminal:device:view",
  "terminal:device:edit",
  "terminal:device:delete",
  "terminal:device:authorize",
  "terminal:device:command",
  "terminal:device:screenshot",
  "terminal:group:edit",
  "content:program:view",
];

const STATUS = {
  version: "1.2.3",
  resolution: { width: 1920, height: 1080 },
  programId: null,
  programName: "Morning loop",
  storageUsed: 1000,
  storageQuota: null,
  uptimeSec: 60,
  network: "wifi",
  volume: 40,
  lastDownloadError: null,
  manifestVersion: "m1",
};

let t: TestApp;
let admin: Client;
let amy: Client; // every terminal right, customer C1
let zed: Client; // every terminal right, customer C2 (another tenant)
let vic: Client; // view only, C1
let shot: Client; // view and screenshot only, C1
const o = { platform: 0, c1: 0, shop: 0, c2: 0 };
const id = { lobby: 0, hall: 0, kiosk: 0, off: 0, shopScreen: 0, pending: 0, foreign: 0 };

let seq = 0;
/** Screens with codes Q00001, Q00002… (the keyword search finds them by code). */
const addTerminal = (officeId: number, extra: Parameters<typeof insertTerminal>[2] = {}) => {
  seq++;
  return insertTerminal(t.app, officeId, {
    name: `Screen ${seq}`,
    enrolCode: `Q${String(seq).padStart(5, "0")}`,
    ...extra,
  });
};

async function addProgram(officeId: number, name: string, state: "draft" | "approved" | "published") {
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId, name, width: 1920, height: 1080, state, doc: {} })
    .returning({ id: programs.id });
  if (!row) throw new Error("program not inserted");
  return row.id;
}

const list = async (c: Client, query: Record<string, string | number | boolean> = {}, name = "list") => {
  const res = await c.get(`/a/api/terminal/${name}`, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: TerminalSummary[]; total: number; pageNo: number; pageSize: number };
};
const names = (rows: TerminalSummary[]) => rows.map((r) => r.name).sort();
const ok = async (res: Awaited<ReturnType<Client["post"]>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  o.platform = officeId;
  const agent = await addOffice(t, officeId, "agent", "Agent");
  o.c1 = (await addOffice(t, agent.id, "customer", "Customer One")).id;
  o.shop = (await addOffice(t, o.c1, "institution", "Shop One")).id;
  o.c2 = (await addOffice(t, agent.id, "customer", "Customer Two")).id;
  await addUser(t, o.c1, "amy", ALL_TERMINAL);
  await addUser(t, o.c2, "zed", ALL_TERMINAL);
  await addUser(t, o.c1, "vic", ["terminal:device:view"]);
  await addUser(t, o.c1, "shot", ["terminal:device:view", "terminal:device:screenshot"]);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  amy = await signedIn(t, "amy", "amyPass1", "en");
  zed = await signedIn(t, "zed", "zedPass1", "en");
  vic = await signedIn(t, "vic", "vicPass1", "en");
  shot = await signedIn(t, "shot", "shotPass1", "en");

  const seen = new Date(Date.now() - 60_000);
  id.lobby = await addTerminal(o.c1, { name: "Lobby", online: true, lastSeenAt: seen, status: STATUS });
  id.hall = await addTerminal(o.c1, { name: "Hall", lastSeenAt: new Date(Date.now() - 3_600_000) });
  id.kiosk = await addTerminal(o.c1, { name: "Kiosk", online: true, fault: "disk full", lastSeenAt: seen });
  id.off = await addTerminal(o.c1, { name: "Old one", state: "disabled", authorisedAt: seen });
  id.shopScreen = await addTerminal(o.shop, {
    name: "Shop window",
    online: true,
    lastSeenAt: new Date(),
    screenshotMd5: "0123456789abcdef0123456789abcdef",
  });
  id.pending = await addTerminal(o.platform, { name: "New screen", state: "pending", enrolCode: "ABC234" });
  id.foreign = await addTerminal(o.c2, { name: "Foreign", online: true });
});
afterAll(async () => {
  await t?.close();
});

describe("the list", () => {
  it("shows the caller's range with the status derived and names filled in", async () => {
    const page = await list(amy, { pageSize: 50 });
    expect(page.total).toBe(5);
    const by = new Map(page.list.map((r) => [r.name, r]));
    expect(by.get("Lobby")).toMatchObject({
      status: "online",
      officeName: "Customer One",
      programName: "Morning loop",
      screenshotUrl: null,
      groupId: null,
    });
    expect(by.get("Hall")?.status).toBe("offline");
    expect(by.get("Kiosk")).toMatchObject({ status: "fault", fault: "disk full" });
    expect(by.get("Old one")?.status).toBe("disabled");
    expect(by.get("Shop window")).toMatchObject({
      status: "online",
      officeName: "Shop One",
      screenshotUrl: `/apm-web/a/api/terminal/screenshot?id=${id.shopScreen}&v=0123456789ab`,
    });
    // pending terminals wait in the platform office: only a platform-range operator lists them
    const all = await list(admin, { pageSize: 50 });
    expect(all.total).toBe(7);
    expect(all.list.find((r) => r.id === id.pending)).toMatchObject({
      status: "unauthorised",
      enrolCode: "ABC234",
    });
    const other = await list(zed, { pageSize: 50 });
    expect(names(other.list)).toEqual(["Foreign"]);
  });

  it("filters by status, keyword, office (with or without the offices below) and pages", async () => {
    expect(names((await list(amy, { status: "online" })).list)).toEqual(["Lobby", "Shop window"]);
    expect(names((await list(amy, { status: "offline" })).list)).toEqual(["Hall"]);
    expect(names((await list(amy, { status: "fault" })).list)).toEqual(["Kiosk"]);
    expect(names((await list(amy, { status: "disabled" })).list)).toEqual(["Old one"]);
    expect(names((await list(admin, { status: "unauthorised" })).list)).toEqual(["New screen"]);
    expect(names((await list(amy, { keyword: "window" })).list)).toEqual(["Shop window"]);
    expect(names((await list(amy, { keyword: "q0000" })).list).length).toBeGreaterThan(0);
    expect(names((await list(amy, { keyword: "100%" })).list)).toEqual([]);
    expect(names((await list(amy, { officeId: o.shop })).list)).toEqual(["Shop window"]);
    expect((await list(amy, { officeId: o.c1 })).total).toBe(5);
    expect((await list(amy, { officeId: o.c1, includeChildren: false })).total).toBe(4);
    // an office outside the range is not there
    expect((await amy.get("/a/api/terminal/list", { officeId: o.c2 })).statusCode).toBe(404);

    const p1 = await list(amy, { pageSize: 2, pageNo: 1, sort: "name" });
    const p2 = await list(amy, { pageSize: 2, pageNo: 2, sort: "name" });
    const p3 = await list(amy, { pageSize: 2, pageNo: 3, sort: "name" });
    expect(p1.total).toBe(5);
    expect([...p1.list, ...p2.list, ...p3.list].map((r) => r.name)).toEqual([
      "Hall",
      "Kiosk",
      "Lobby",
      "Old one",
      "Shop window",
    ]);
    const byStatus = await list(amy, { sort: "status", pageSize: 50 });
    expect(byStatus.list.map((r) => r.status)).toEqual(["online", "online", "fault", "offline", "disabled"]);
    const bySeen = await list(amy, { sort: "lastSeen", order: "desc", pageSize: 50 });
    expect(bySeen.list[0]?.name).toBe("Shop window");
    expect(bySeen.list.at(-1)?.name).toBe("Old one"); // never seen: last either way
  });

  it("answers the same page under every name the spec gives the list", async () => {
    const base = await list(amy, { status: "online" });
    for (const name of ["search", "screen", "baseList", "screenBaseList"])
      expect(await list(amy, { status: "online" }, name)).toEqual(base);
  });
});

describe("counts and live status", () => {
  it("counts each status in the range, an office or a group", async () => {
    const count = async (c: Client, q: Record<string, number> = {}) => {
      const res = await c.get("/a/api/terminal/terminalStatusCount", q);
      expect(res.statusCode, res.body).toBe(200);
      const { code: _c, msg: _m, ...rest } = res.json();
      return rest;
    };
    expect(await count(amy)).toEqual({
      total: 5,
      online: 2,
      offline: 1,
      fault: 1,
      unauthorised: 0,
      disabled: 1,
    });
    expect(await count(admin)).toMatchObject({ total: 7, online: 3, unauthorised: 1 });
    expect(await count(amy, { officeId: o.shop })).toMatchObject({ total: 1, online: 1 });
    expect((await amy.get("/a/api/terminal/terminalStatusCount", { officeId: o.c2 })).statusCode).toBe(404);
  });

  it("answers the live status of the rows on screen, leaving out what the caller may not see", async () => {
    const res = await amy.get("/a/api/terminal/findTerminalStatusArray", {
      ids: [id.lobby, id.kiosk, id.foreign, 999_999].join(","),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().list as Array<{ id: number; status: string; programName: string | null }>;
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([id.lobby, id.kiosk].sort((a, b) => a - b));
    expect(rows.find((r) => r.id === id.lobby)).toMatchObject({
      status: "online",
      programName: "Morning loop",
    });
    const one = await amy.get("/a/api/terminal/findTerminalStatus", { id: id.kiosk });
    expect(one.json().terminal).toMatchObject({ id: id.kiosk, status: "fault", online: true });
    expect((await amy.get("/a/api/terminal/findTerminalStatus", { id: id.foreign })).statusCode).toBe(404);
  });
});

describe("trees", () => {
  it("shows the offices of the range with counts that include the offices below", async () => {
    const res = await amy.get("/a/api/terminal/treeDataNew");
    expect(res.statusCode, res.body).toBe(200);
    const tree = res.json().tree as TerminalTreeNodeT[];
    expect(tree).toEqual([
      {
        id: o.c1,
        name: "Customer One",
        kind: "office",
        total: 5,
        online: 3, // connected: the faulty kiosk too
        children: [{ id: o.shop, name: "Shop One", kind: "office", total: 1, online: 1, children: [] }],
      },
    ]);
    const all = (await admin.get("/a/api/terminal/treeDataNew")).json().tree as TerminalTreeNodeT[];
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: o.platform, total: 7, online: 4 });
    expect(JSON.stringify((await zed.get("/a/api/terminal/treeDataNew")).json())).not.toContain(
      "Customer One",
    );
  });

  it("answers one level of children with findOfficeChild", async () => {
    const res = await admin.get("/a/api/terminal/findOfficeChild", { id: o.platform });
    const kids = res.json().tree as TerminalTreeNodeT[];
    expect(kids.map((k) => [k.name, k.total, k.hasChildren, k.children.length])).toEqual([
      ["Agent", 6, true, 0],
    ]);
    const c1 = (await amy.get("/a/api/terminal/findOfficeChild", { id: o.c1 })).json().tree;
    expect(c1).toEqual([
      { id: o.shop, name: "Shop One", kind: "office", total: 1, online: 1, children: [], hasChildren: false },
    ]);
    expect((await amy.get("/a/api/terminal/findOfficeChild", { id: o.platform })).statusCode).toBe(404);
  });
});

describe("groups", () => {
  let top = 0;
  let sub = 0;

  it("are saved as a tree per office, with names unique among siblings and no cycles", async () => {
    top = (await ok(await amy.post("/a/api/terminal/saveTerminalGroup", { officeId: o.c1, name: "Floor 1" })))
      .group.id;
    const s = await ok(
      await amy.post("/a/api/terminal/saveTerminalGroup", {
        officeId: o.c1,
        parentId: top,
        name: "Entrance",
      }),
    );
    sub = s.group.id;
    expect(s.group).toEqual({ id: sub, officeId: o.c1, parentId: top, name: "Entrance" });
    const twin = await amy.post("/a/api/terminal/saveTerminalGroup", {
      officeId: o.c1,
      parentId: top,
      name: "Entrance",
    });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().errors).toEqual([
      { field: "name", message: "A group named Entrance already exists at this place" },
    ]);
    const cycle = await amy.post("/a/api/terminal/saveTerminalGroup", {
      id: top,
      officeId: o.c1,
      parentId: sub,
      name: "Floor 1",
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0].field).toBe("parentId");
    const foreign = await amy.post("/a/api/terminal/saveTerminalGroup", { officeId: o.c2, name: "Mine now" });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: "officeId", message: `Institution ${o.c2} is outside your data range` },
    ]);
    const parentElsewhere = await amy.post("/a/api/terminal/saveTerminalGroup", {
      officeId: o.shop,
      parentId: top,
      name: "Shop group",
    });
    expect(parentElsewhere.statusCode).toBe(400);
    // rename keeps the place
    await ok(
      await amy.post("/a/api/terminal/saveTerminalGroup", { id: top, officeId: o.c1, name: "Ground floor" }),
    );
  });

  it("hold terminals of their own office only, and count them in the group tree", async () => {
    await ok(
      await amy.post("/a/api/terminal/updateTerminalGroup", { ids: [id.lobby, id.hall], groupId: sub }),
    );
    const stranger = await amy.post("/a/api/terminal/updateTerminalGroup", {
      ids: [id.shopScreen],
      groupId: top,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[0].message).toBe(
      "Terminal Shop window is not in the institution of group Ground floor; move it there first",
    );
    const tree = (await amy.get("/a/api/terminal/groupTree", { officeId: o.c1 })).json().tree;
    expect(tree).toEqual([
      {
        id: top,
        name: "Ground floor",
        kind: "group",
        total: 2,
        online: 1,
        children: [{ id: sub, name: "Entrance", kind: "group", total: 2, online: 1, children: [] }],
      },
    ]);
    expect(names((await list(amy, { groupId: top })).list)).toEqual(["Hall", "Lobby"]);
    expect((await list(amy, { groupId: top, includeChildren: false })).total).toBe(0);
    expect((await list(amy, { pageSize: 50 })).list.find((r) => r.id === id.lobby)?.groupName).toBe(
      "Entrance",
    );
    expect(
      await amy.get("/a/api/terminal/terminalStatusCount", { groupId: top }).then((r) => r.json()),
    ).toMatchObject({ total: 2, online: 1, offline: 1 });
    expect((await zed.get("/a/api/terminal/groupTree", { officeId: o.c1 })).statusCode).toBe(404);
  });

  it("are not deleted while they hold terminals or groups, and say why", async () => {
    const withKids = await amy.post("/a/api/terminal/deleteTerminalGroup", { id: top });
    expect(withKids.statusCode).toBe(409);
    expect(withKids.json().msg).toBe(
      "Group Ground floor still holds 0 terminal(s) and 1 subgroup(s); empty it first",
    );
    const withTerminals = await amy.post("/a/api/terminal/deleteTerminalGroup", { id: sub });
    expect(withTerminals.json().msg).toBe(
      "Group Entrance still holds 2 terminal(s) and 0 subgroup(s); empty it first",
    );
    expect((await zed.post("/a/api/terminal/deleteTerminalGroup", { id: sub })).statusCode).toBe(404);
    await ok(
      await amy.post("/a/api/terminal/updateTerminalGroup", { ids: [id.lobby, id.hall], groupId: null }),
    );
    await ok(await amy.post("/a/api/terminal/deleteTerminalGroup", { id: sub }));
    await ok(await amy.post("/a/api/terminal/deleteTerminalGroup", { id: top }));
    expect((await amy.get("/a/api/terminal/groupTree", { officeId: o.c1 })).json().tree).toEqual([]);
    expect(
      (await vic.post("/a/api/terminal/saveTerminalGroup", { officeId: o.c1, name: "x" })).statusCode,
    ).toBe(403);
  });
});

describe("authorising by the code on the screen", () => {
  let group = 0;
  beforeAll(async () => {
    group = (await ok(await amy.post("/a/api/terminal/saveTerminalGroup", { officeId: o.c1, name: "Doors" })))
      .group.id;
  });

  it("refuses a wrong code, an office outside the range and a group of another office", async () => {
    const wrong = await amy.post("/a/api/terminal/authorize", { enrolCode: "ZZZ999", officeId: o.c1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      {
        field: "enrolCode",
        message:
          "No terminal is waiting for authorisation with the code ZZZ999; check the code shown on the screen",
      },
    ]);
    // a terminal already authorised is not claimed again by its code
    const taken = await zed.post("/a/api/terminal/authorize", { enrolCode: "Q00001", officeId: o.c2 });
    expect(taken.statusCode).toBe(400);
    const outside = await amy.post("/a/api/terminal/authorize", { enrolCode: "ABC234", officeId: o.c2 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].field).toBe("officeId");
    const otherGroup = await amy.post("/a/api/terminal/authorize", {
      enrolCode: "ABC234",
      officeId: o.shop,
      groupId: group,
    });
    expect(otherGroup.statusCode).toBe(400);
    expect(otherGroup.json().errors).toEqual([
      { field: "groupId", message: `Group ${group} does not belong to institution ${o.shop}` },
    ]);
    expect(
      (await vic.post("/a/api/terminal/authorize", { enrolCode: "ABC234", officeId: o.c1 })).statusCode,
    ).toBe(403);
    const [row] = await t.database.db.select().from(terminals).where(eq(terminals.id, id.pending));
    expect(row?.state).toBe("pending");
  });

  it("claims a pending terminal from the platform office into the caller's office and group", async () => {
    const res = await ok(
      await amy.post("/a/api/terminal/authorize", {
        enrolCode: "abc234",
        officeId: o.c1,
        groupId: group,
        name: "Front door",
      }),
    );
    expect(res.terminal).toMatchObject({
      id: id.pending,
      name: "Front door",
      state: "authorised",
      status: "offline",
      officeId: o.c1,
      groupName: "Doors",
    });
    const [row] = await t.database.db.select().from(terminals).where(eq(terminals.id, id.pending));
    expect(row?.authorisedAt).toBeInstanceOf(Date);
    expect(row?.authorisedBy).not.toBeNull();
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.target, `terminal:${id.pending}`), eq(auditLogs.result, "ok")));
    expect(audit.map((a) => a.path)).toContain("/apm-web/a/api/terminal/authorize");
    // the same code a second time finds nothing waiting
    expect(
      (await zed.post("/a/api/terminal/authorize", { enrolCode: "ABC234", officeId: o.c2 })).statusCode,
    ).toBe(400);
    expect((await list(amy, { pageSize: 50 })).total).toBe(6);
  });
});

describe("moving, editing and deleting", () => {
  it("moves terminals to an office of the range, leaving their group behind", async () => {
    await ok(await amy.post("/a/api/terminal/updateTerminalOffice", { ids: [id.pending], officeId: o.shop }));
    const [row] = await t.database.db.select().from(terminals).where(eq(terminals.id, id.pending));
    expect(row).toMatchObject({ officeId: o.shop, groupId: null });
    const out = await amy.post("/a/api/terminal/updateTerminalOffice", { ids: [id.pending], officeId: o.c2 });
    expect(out.statusCode).toBe(400);
    expect(
      (await amy.post("/a/api/terminal/updateTerminalOffice", { ids: [id.foreign], officeId: o.c1 }))
        .statusCode,
    ).toBe(404);
    // a screen nobody authorised yet is authorised by its code, not moved
    const waiting = await addTerminal(o.platform, { name: "Waiting", state: "pending" });
    const refused = await admin.post("/a/api/terminal/updateTerminalOffice", {
      ids: [waiting],
      officeId: o.c1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      "Terminal Waiting is not authorised yet; authorise it with the code shown on its screen first",
    );
  });

  it("renames, disables and enables (a never-authorised screen goes back to waiting)", async () => {
    const renamed = await ok(await amy.post("/a/api/terminal/update", { id: id.hall, name: "Great hall" }));
    expect(renamed.terminal).toMatchObject({ name: "Great hall", state: "authorised" });
    const off = await ok(await amy.post("/a/api/terminal/update", { id: id.hall, disabled: true }));
    expect(off.terminal).toMatchObject({ state: "disabled", status: "disabled" });
    const on = await ok(await amy.post("/a/api/terminal/update", { id: id.hall, disabled: "false" }));
    expect(on.terminal.state).toBe("authorised");
    const fresh = await addTerminal(o.platform, { name: "Rogue", state: "pending" });
    await ok(await admin.post("/a/api/terminal/update", { id: fresh, disabled: true }));
    const back = await ok(await admin.post("/a/api/terminal/update", { id: fresh, disabled: false }));
    expect(back.terminal.state).toBe("pending");
    expect((await zed.post("/a/api/terminal/update", { id: id.hall, name: "Mine" })).statusCode).toBe(404);
    expect((await vic.post("/a/api/terminal/update", { id: id.hall, name: "x" })).statusCode).toBe(403);
  });

  it("deletes terminals of the range only", async () => {
    expect((await vic.post("/a/api/terminal/delete", { ids: [id.off] })).statusCode).toBe(403);
    expect((await zed.post("/a/api/terminal/delete", { ids: [id.off] })).statusCode).toBe(404);
    expect((await amy.post("/a/api/terminal/delete", { ids: [id.off, id.foreign] })).statusCode).toBe(404);
    await ok(await amy.post("/a/api/terminal/delete", { ids: [id.off] }));
    expect(await t.database.db.select().from(terminals).where(eq(terminals.id, id.off))).toEqual([]);
    expect(await t.database.db.select().from(terminals).where(eq(terminals.id, id.foreign))).toHaveLength(1);
  });
});

describe("programs and details", () => {
  it("sets programs of the caller's range that may be played", async () => {
    const mine = await addProgram(o.c1, "Welcome", "approved");
    const also = await addProgram(o.shop, "Offers", "published");
    const draft = await addProgram(o.c1, "Unfinished", "draft");
    const theirs = await addProgram(o.c2, "Not yours", "approved");
    const refused = await amy.post("/a/api/terminal/setPrograms", {
      ids: [id.lobby],
      programIds: [mine, theirs],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        field: "programIds",
        message: `These programs do not exist or are outside your data range: ${theirs}`,
      },
    ]);
    const unready = await amy.post("/a/api/terminal/setPrograms", { ids: [id.lobby], programIds: [draft] });
    expect(unready.json().errors[0].message).toBe(
      "Program Unfinished cannot be played yet (Draft); submit it and have it approved first",
    );
    await ok(
      await amy.post("/a/api/terminal/setPrograms", { ids: [id.lobby, id.kiosk], programIds: [also, mine] }),
    );
    const info = await ok(await amy.get("/a/api/terminal/programPublishInfo", { id: id.lobby }));
    expect(info.programs.map((p: { name: string }) => p.name)).toEqual(["Offers", "Welcome"]);
    expect(info).toMatchObject({
      terminalId: id.lobby,
      playing: { programName: "Morning loop" },
      manifestVersion: "m1",
    });
    expect((await zed.get("/a/api/terminal/programPublishInfo", { id: id.lobby })).statusCode).toBe(404);
    await ok(await amy.post("/a/api/terminal/setPrograms", { ids: [id.kiosk], programIds: [] }));
  });

  it("answers the details of one terminal: status, programs, recent commands and events", async () => {
    const db = t.database.db;
    await db.insert(terminalCommands).values(
      Array.from({ length: 25 }, (_, i) => ({
        id: `cmd-${i}`,
        terminalId: id.lobby,
        officeId: officeOfTerminal(id.lobby),
        name: "refresh",
        args: {},
        state: i % 2 ? ("done" as const) : ("timeout" as const),
        reason: i % 2 ? null : "timeout",
        createdAt: new Date(Date.now() - (25 - i) * 1000),
      })),
    );
    await db.insert(terminalEvents).values([
      {
        terminalId: id.lobby,
        officeId: officeOfTerminal(id.lobby),
        kind: "fault",
        message: "panel hot",
        at: new Date(Date.now() - 5000),
      },
      {
        terminalId: id.lobby,
        officeId: officeOfTerminal(id.lobby),
        kind: "info",
        message: "cleared",
        at: new Date(),
      },
    ]);
    const d = await ok(await amy.get("/a/api/terminal/terminalDetails", { id: id.lobby }));
    expect(d.terminal).toMatchObject({ id: id.lobby, name: "Lobby", status: "online" });
    expect(d.reported).toEqual(STATUS);
    expect(d.programs.map((p: { name: string; state: string }) => `${p.name}:${p.state}`)).toEqual([
      "Offers:published",
      "Welcome:approved",
    ]);
    expect(d.recentCommands).toHaveLength(20);
    expect(d.recentCommands[0]).toMatchObject({ id: "cmd-24", terminalName: "Lobby", state: "timeout" });
    expect(d.recentEvents.map((e: { message: string }) => e.message)).toEqual(["cleared", "panel hot"]);
    expect((await zed.get("/a/api/terminal/terminalDetails", { id: id.lobby })).statusCode).toBe(404);
  });
});

describe("tenant isolation", () => {
  it("shows another tenant's operator nothing of this tenant and refuses every change", async () => {
    const seen = JSON.stringify([
      (await zed.get("/a/api/terminal/list", { pageSize: 100 })).json(),
      (await zed.get("/a/api/terminal/treeDataNew")).json(),
      (await zed.get("/a/api/terminal/terminalStatusCount")).json(),
    ]);
    for (const name of ["Lobby", "Kiosk", "Customer One", "Shop One", "Shop window"])
      expect(seen).not.toContain(name);
    const before = await t.database.db.select().from(terminals).where(eq(terminals.id, id.lobby));
    const tries = [
      zed.post("/a/api/terminal/updateTerminalOffice", { ids: [id.lobby], officeId: o.c2 }),
      zed.post("/a/api/terminal/updateTerminalGroup", { ids: [id.lobby], groupId: null }),
      zed.post("/a/api/terminal/setPrograms", { ids: [id.lobby], programIds: [] }),
      zed.post("/a/api/terminal/command", { ids: [id.lobby], name: "refresh" }),
      zed.get("/a/api/terminal/screenshot", { id: id.shopScreen }),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(404);
    expect(await t.database.db.select().from(terminals).where(eq(terminals.id, id.lobby))).toEqual(before);
  });
});

describe("commands", () => {
  it("answers 'offline' at once for a terminal connected nowhere, and the results stay readable", async () => {
    const res = await ok(await amy.post("/a/api/terminal/command", { ids: [id.hall], name: "refresh" }));
    expect(res.list).toHaveLength(1);
    expect(res.list[0]).toMatchObject({ terminalId: id.hall, name: "refresh", state: "offline" });
    const cid = res.list[0].id as string;
    const again = await ok(await amy.get("/a/api/terminal/commandResults", { ids: cid }));
    expect(again.list.map((o: { id: string; state: string }) => [o.id, o.state])).toEqual([[cid, "offline"]]);
    // another tenant does not see the outcome
    expect((await zed.get("/a/api/terminal/commandResults", { ids: cid })).json().list).toEqual([]);
    expect((await amy.get("/a/api/terminal/commandResults", { ids: "bad id!" })).statusCode).toBe(400);
  });

  it("checks the arguments and the permission of each command", async () => {
    const bad = await amy.post("/a/api/terminal/command", {
      ids: [id.hall],
      name: "volume",
      args: { volume: 300 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("args.volume");
    const vol = await ok(
      await amy.post("/a/api/terminal/command", { ids: [id.hall], name: "volume", args: { volume: 30 } }),
    );
    expect(vol.list[0].state).toBe("offline");
    expect((await vic.post("/a/api/terminal/command", { ids: [id.hall], name: "refresh" })).statusCode).toBe(
      403,
    );
    const refresh = await shot.post("/a/api/terminal/command", { ids: [id.hall], name: "refresh" });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().msg).toBe("Request denied: you lack the permission terminal:device:command");
    expect(
      (await shot.post("/a/api/terminal/command", { ids: [id.hall], name: "screenshot" })).statusCode,
    ).toBe(200);
  });
});

describe("a terminal connected through the gateway", () => {
  it("enrols, is authorised by its code, obeys commands with outcomes and is cut off when disabled", async () => {
    const reg = await registerTerminal(t.app, { name: "Real player" });
    expect(reg.state).toBe("pending");
    const socket = await openSocket(await listening(t.app), reg.token);
    expect((await socket.hello(sampleStatus({ programName: "Idle" }))).state).toBe("pending");
    await t.app.services.hub.flushPresence();
    const waiting = (await list(admin, { status: "unauthorised", keyword: reg.enrolCode })).list;
    expect(waiting.map((r) => r.id)).toEqual([reg.terminalId]);

    await ok(await amy.post("/a/api/terminal/authorize", { enrolCode: reg.enrolCode, officeId: o.c1 }));
    expect((await socket.next("state")).state).toBe("authorised");
    const live = await ok(await amy.get("/a/api/terminal/findTerminalStatus", { id: reg.terminalId }));
    expect(live.terminal).toMatchObject({ status: "online", programName: "Idle" });

    // a command the terminal acknowledges
    const sent = await ok(
      await amy.post("/a/api/terminal/command", {
        ids: [reg.terminalId, id.hall],
        name: "volume",
        args: { volume: 20 },
      }),
    );
    const outcome = (tid: number) => sent.list.find((x: { terminalId: number }) => x.terminalId === tid);
    expect(outcome(reg.terminalId)).toMatchObject({ state: "sent", terminalName: "Real player" });
    expect(outcome(id.hall)).toMatchObject({ state: "offline" });
    const frame = await socket.next("command");
    expect(frame).toMatchObject({ id: outcome(reg.terminalId).id, name: "volume", args: { volume: 20 } });
    socket.send({ type: "ack", id: frame.id, ok: true });
    const stateOf = async (cid: string) =>
      (await amy.get("/a/api/terminal/commandResults", { ids: cid })).json().list[0]?.state;
    await waitFor(async () => (await stateOf(frame.id)) === "done", 5000, "the ack");

    // one that fails, with the terminal's reason
    const refresh = await ok(
      await amy.post("/a/api/terminal/command", { ids: [reg.terminalId], name: "refresh" }),
    );
    const second = await socket.next("command");
    socket.send({ type: "ack", id: second.id, ok: false, reason: "no network" });
    await waitFor(async () => (await stateOf(second.id)) === "failed", 5000, "the failure");
    const failed = await ok(await amy.get("/a/api/terminal/commandResults", { ids: refresh.list[0].id }));
    expect(failed.list[0]).toMatchObject({ state: "failed", reason: "no network" });

    // a screenshot it uploads is shown at the summary's address
    const shotCmd = await ok(
      await shot.post("/a/api/terminal/command", { ids: [reg.terminalId], name: "screenshot" }),
    );
    const third = await socket.next("command");
    const picture = await sharp({ create: { width: 32, height: 18, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: "POST",
      url: `/apm-web/t/screenshot?commandId=${third.id}`,
      headers: {
        authorization: `Bearer ${reg.token}`,
        "content-type": "image/png",
      },
      payload: picture,
    });
    expect(up.statusCode, up.body).toBe(200);
    socket.send({ type: "ack", id: third.id, ok: true });
    await waitFor(async () => (await stateOf(shotCmd.list[0].id)) === "done", 5000, "the screenshot ack");
    const details = await ok(await amy.get("/a/api/terminal/terminalDetails", { id: reg.terminalId }));
    const url = new URL(details.terminal.screenshotUrl, "http://x");
    const image = await amy.get(url.pathname.replace("/apm-web", ""), Object.fromEntries(url.searchParams));
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(picture)).toBe(true);
    expect(details.recentCommands.map((c: { name: string }) => c.name)).toEqual([
      "screenshot",
      "refresh",
      "volume",
    ]);

    // programs set: the terminal hears of its new manifest
    const program = await addProgram(o.c1, "Live loop", "approved");
    await ok(await amy.post("/a/api/terminal/setPrograms", { ids: [reg.terminalId], programIds: [program] }));
    expect((await socket.next("sync")).manifestVersion).toBeTruthy();

    // a program it plays changes state (edited back to draft, submitted again): it hears of it too
    await t.database.db.update(programs).set({ state: "draft" }).where(eq(programs.id, program));
    await ok(await admin.post("/a/api/program/submit", { ids: String(program) }));
    expect((await socket.next("sync")).manifestVersion).toBeTruthy();

    // disabled: the socket is closed as refused
    await ok(await amy.post("/a/api/terminal/update", { id: reg.terminalId, disabled: true }));
    expect((await socket.closed).code).toBe(CLOSE_REFUSED);
  });
});

describe("the API document", () => {
  it("describes every terminal call with its input and answer", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/apm-web/docs/json" });
    expect(doc.statusCode, doc.body.slice(0, 300)).toBe(200);
    const paths = doc.json().paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    const mine = Object.keys(paths).filter((p) => p.startsWith("/apm-web/a/api/terminal/"));
    expect(mine.length).toBeGreaterThanOrEqual(24);
    expect(paths["/apm-web/a/api/terminal/treeDataNew"]?.get?.responses?.["200"]).toBeDefined();
  });
});

describe("at 10,000 terminals", () => {
  it("answers a page quickly", async () => {
    const big = await addOffice(t, o.platform, "customer", "Big fleet");
    await addUser(t, big.id, "bigops", ["terminal:device:view"]);
    const ops = await signedIn(t, "bigops", "bigopsPass1");
    // One statement (a multi-row VALUES of 10,000 rows would pass PostgreSQL's 65,535 parameters).
    await t.database.pool.query(
      `insert into terminals (office_id, name, device_id, token_hash, enrol_code, state, model, version, width, height,
         online, fault, last_seen_at, status)
       select $1, 'Fleet ' || lpad(i::text, 5, '0'), 'fleet-device-' || i, 'fleet-hash-' || i,
         'F' || lpad(i::text, 5, '0'), 'authorised', 'Sim', '1.0.0', 1920, 1080,
         i % 3 <> 0, case when i % 97 = 0 then 'overheat' end, now() - i * interval '1 second',
         jsonb_set($2::jsonb, '{programName}', to_jsonb('Program ' || (i % 10)))
       from generate_series(0, 9999) i`,
      [big.id, JSON.stringify(STATUS)],
    );
    await t.database.pool.query("analyze terminals");
    await ops.get("/a/api/terminal/list"); // warm up
    const timings: Record<string, number> = {};
    const time = async (label: string, query: Record<string, string | number>) => {
      const start = performance.now();
      const res = await ops.get("/a/api/terminal/list", query);
      timings[label] = Math.round(performance.now() - start);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await time("first page by name", { pageSize: 50 });
    expect(first.total).toBe(10_000);
    expect(first.list).toHaveLength(50);
    const deep = await time("page 150 by last seen", {
      pageSize: 50,
      pageNo: 150,
      sort: "lastSeen",
      order: "desc",
    });
    expect(deep.list[0].name).toBe("Fleet 07450");
    const filtered = await time("online, keyword", { pageSize: 50, status: "online", keyword: "Fleet 09" });
    expect(filtered.total).toBeGreaterThan(0);
    const startCount = performance.now();
    const counts = (await ops.get("/a/api/terminal/terminalStatusCount")).json();
    timings.counts = Math.round(performance.now() - startCount);
    expect(counts.total).toBe(10_000);
    const startTree = performance.now();
    expect((await ops.get("/a/api/terminal/treeDataNew")).json().tree[0].total).toBe(10_000);
    timings.tree = Math.round(performance.now() - startTree);
    console.log("terminal list at 10,000 terminals (ms):", timings);
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(1500);
  }, 60_000);
});
