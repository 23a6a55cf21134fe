import type { Permission, StrategySummary } from "@marquee/contracts";
import type { Manifest } from "@marquee/terminal-protocol";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, strategies, terminals } from "../src/db/schema";
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
  fetchManifest,
  insertTerminal,
  listening,
  openSocket,
  registerTerminal,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

const ALL: Permission[] = [
  "terminal:strategy:view",
  "terminal:strategy:edit",
  "terminal:strategy:delete",
  "terminal:strategy:send",
  "terminal:device:view",
];

let t: TestApp;
let admin: Client;
let amy: Client; // every strategy right, customer C1
let zed: Client; // every strategy right, customer C2 (another tenant)
let vic: Client; // view only, C1
const o = { platform: 0, c1: 0, shop: 0, c2: 0 };
const term = { hall: 0, kiosk: 0, foreign: 0, pending: 0 };
let live = { id: 0, token: "" };
let socket: TestSocket;

type Res = Awaited<ReturnType<Client["post"]>>;
const ok = async (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const addTerminal = (officeId: number, extra: Parameters<typeof insertTerminal>[2] = {}) =>
  insertTerminal(t.app, officeId, extra);

const NIGHT = {
  timers: [{ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "22:00" }],
  volumes: [{ start: "12:00", end: "14:00", volume: 20 }],
  brightness: 80,
  volume: 60,
};

async function create(c: Client, body: Record<string, unknown>): Promise<StrategySummary> {
  return (await ok(await c.post("/a/api/strategy/saveStrategy", body))).strategy;
}
const detail = async (c: Client, id: number): Promise<StrategySummary> =>
  (await ok(await c.get("/a/api/strategy/strategyDetail", { id }))).strategy;
const strategyOf = async (id: number) => (await terminalRow(t.app, id)).strategyId;

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  o.platform = officeId;
  const agent = await addOffice(t, officeId, "agent", "Agent");
  o.c1 = (await addOffice(t, agent.id, "customer", "Customer One")).id;
  o.shop = (await addOffice(t, o.c1, "institution", "Shop One")).id;
  o.c2 = (await addOffice(t, agent.id, "customer", "Customer Two")).id;
  await addUser(t, o.c1, "amy", ALL);
  await addUser(t, o.c2, "zed", ALL);
  await addUser(t, o.c1, "vic", ["terminal:strategy:view"]);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  amy = await signedIn(t, "amy", "amyPass1", "en");
  zed = await signedIn(t, "zed", "zedPass1", "en");
  vic = await signedIn(t, "vic", "vicPass1", "en");
  term.hall = await addTerminal(o.c1, { name: "Hall" });
  term.kiosk = await addTerminal(o.shop, { name: "Kiosk", settings: { brightness: 30 } });
  term.foreign = await addTerminal(o.c2, { name: "Foreign" });
  term.pending = await addTerminal(o.c1, { name: "Waiting", state: "pending", authorisedAt: null });

  // A player connected through the gateway, authorised into C1.
  const reg = await registerTerminal(t.app, { name: "Live player" });
  live = { id: reg.terminalId, token: reg.token };
  socket = await openSocket(await listening(t.app), reg.token);
  await socket.hello();
  await authorise(t.app, live.id, o.c1);
  await socket.next("state");
  await t.app.services.hub.flushPresence();
});
afterAll(async () => {
  await socket?.close();
  await t?.close();
});

describe("saving and listing", () => {
  it("creates strategies, lists them with paging, search, office filter and related counts", async () => {
    const night = await create(amy, { officeId: o.c1, name: "Night", remarks: "Shops at night", doc: NIGHT });
    expect(night).toMatchObject({
      name: "Night",
      remarks: "Shops at night",
      officeId: o.c1,
      officeName: "Customer One",
      tenantId: o.c1,
      terminalCount: 0,
      creatorName: "amy",
      doc: NIGHT,
    });
    await create(amy, { officeId: o.shop, name: "Shop days" });
    await create(zed, { officeId: o.c2, name: "Night" }); // the same name in another tenant is fine

    const page = await ok(await amy.get("/a/api/strategy/list", { pageSize: 1, sort: "name", order: "asc" }));
    expect(page).toMatchObject({ total: 2, pageNo: 1, pageSize: 1 });
    expect(page.list.map((s: StrategySummary) => s.name)).toEqual(["Night"]);
    const second = await ok(
      await amy.get("/a/api/strategy/list", { pageSize: 1, pageNo: 2, sort: "name", order: "asc" }),
    );
    expect(second.list.map((s: StrategySummary) => s.name)).toEqual(["Shop days"]);
    const found = await ok(await amy.get("/a/api/strategy/list", { name: "shop" }));
    expect(found.list.map((s: StrategySummary) => s.name)).toEqual(["Shop days"]);
    const inShop = await ok(await amy.get("/a/api/strategy/list", { officeId: o.shop }));
    expect(inShop.list.map((s: StrategySummary) => s.name)).toEqual(["Shop days"]);
    const onlyC1 = await ok(
      await amy.get("/a/api/strategy/list", { officeId: o.c1, includeChildren: false }),
    );
    expect(onlyC1.list.map((s: StrategySummary) => s.name)).toEqual(["Night"]);
    // the platform sees every tenant's
    expect((await ok(await admin.get("/a/api/strategy/list", {}))).total).toBe(3);
    expect((await amy.get("/a/api/strategy/list", { officeId: o.c2 })).statusCode).toBe(404);
  });

  it("refuses a name taken in the tenant (case aside) with 409 on the name field", async () => {
    const res = await amy.post("/a/api/strategy/saveStrategy", { officeId: o.shop, name: "night" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { field: "name", message: "A strategy named night already exists in this tenant" },
    ]);
    const fr = await signedIn(t, "amy", "amyPass1", "fr");
    const again = await fr.post("/a/api/strategy/saveStrategy", { officeId: o.c1, name: "NIGHT" });
    expect(again.json().msg).toContain("Une stratégie nommée NIGHT existe déjà");
    // renaming onto another's name is refused too; keeping one's own name is not
    const shop = (await ok(await amy.get("/a/api/strategy/list", { name: "Shop" })))
      .list[0] as StrategySummary;
    expect(
      (await amy.post("/a/api/strategy/saveStrategy", { id: shop.id, officeId: o.shop, name: "Night" }))
        .statusCode,
    ).toBe(409);
    const kept = await create(amy, { id: shop.id, officeId: o.c1, name: "Shop days", remarks: "moved up" });
    expect(kept).toMatchObject({ id: shop.id, officeId: o.c1, remarks: "moved up" });
  });

  it("keeps a strategy in its tenant and its office in the caller's range", async () => {
    const shop = (await ok(await amy.get("/a/api/strategy/list", { name: "Shop" })))
      .list[0] as StrategySummary;
    const moved = await admin.post("/a/api/strategy/saveStrategy", {
      id: shop.id,
      officeId: o.c2,
      name: "Shop days",
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors[0].field).toBe("officeId");
    const outside = await amy.post("/a/api/strategy/saveStrategy", { officeId: o.c2, name: "Elsewhere" });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].field).toBe("officeId");
  });

  it("validates the document and writes nothing when it is wrong", async () => {
    const before = await t.database.db.select().from(strategies);
    const bad = async (doc: unknown, field: string) => {
      const res = await amy.post("/a/api/strategy/saveStrategy", { officeId: o.c1, name: "Broken", doc });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      return res.json().errors as Array<{ field: string; message: string }>;
    };
    await bad({ timers: [{ weekdays: [1], on: "25:00", off: "08:00" }] }, "doc.timers.0.on");
    await bad({ timers: [{ weekdays: [8], on: "07:00", off: "08:00" }] }, "doc.timers.0.weekdays.0");
    await bad({ timers: [{ weekdays: [], on: "07:00", off: "08:00" }] }, "doc.timers.0.weekdays");
    await bad({ timers: [{ weekdays: [1], on: "24:00", off: "08:00" }] }, "doc.timers.0.on");
    await bad({ brightness: 101 }, "doc.brightness");
    await bad({ rotation: 90 }, "doc");
    const overlap = await bad(
      {
        volumes: [
          { start: "22:00", end: "02:00", volume: 10 },
          { start: "01:00", end: "03:00", volume: 30 },
        ],
      },
      "doc.volumes.1",
    );
    expect(overlap[0]?.message).toContain("overlaps an earlier volume rule");
    expect(await t.database.db.select().from(strategies)).toEqual(before);
  });

  it("asks for the right permission", async () => {
    expect(
      (await vic.post("/a/api/strategy/saveStrategy", { officeId: o.c1, name: "Mine" })).statusCode,
    ).toBe(403);
    expect((await ok(await vic.get("/a/api/strategy/list", {}))).total).toBe(2);
  });
});

describe("details", () => {
  it("reads and writes the whole document and each part of it", async () => {
    const s = await create(amy, { officeId: o.c1, name: "Parts" });
    expect((await detail(amy, s.id)).doc).toEqual({});
    const whole = await ok(await amy.post("/a/api/strategy/saveStrategyDetails", { id: s.id, doc: NIGHT }));
    expect(whole.strategy.doc).toEqual(NIGHT);
    const part = (body: Record<string, unknown>) =>
      amy.post("/a/api/strategy/saveStrategyDetail", { id: s.id, ...body });
    await ok(await part({ part: "brightness", value: 55 }));
    await ok(await part({ part: "timers", value: [{ weekdays: [6, 7], on: "20:00", off: "02:00" }] }));
    await ok(await part({ part: "volume", value: null }));
    await ok(await part({ part: "volumes", value: [] }));
    expect((await detail(amy, s.id)).doc).toEqual({
      brightness: 55,
      timers: [{ weekdays: [6, 7], on: "20:00", off: "02:00" }],
    });
    expect((await part({ part: "brightness", value: 300 })).statusCode).toBe(400);
    expect((await part({ part: "colour", value: 1 })).statusCode).toBe(400);
    expect(
      (await part({ part: "volumes", value: [{ start: "10:00", end: "11:00", volume: 120 }] })).statusCode,
    ).toBe(400);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "/a/api/strategy/saveStrategyDetail"), eq(auditLogs.result, "ok")))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ target: `strategy:${s.id}`, detail: { part: "volumes", value: [] } });
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another tenant's strategy and terminals, as for a missing one", async () => {
    const mine = await create(amy, { officeId: o.c1, name: "Private" });
    const calls: Array<() => Promise<Res>> = [
      () => zed.get("/a/api/strategy/strategyDetail", { id: mine.id }),
      () => zed.get("/a/api/strategy/findRelationTerminals", { id: mine.id }),
      () => zed.post("/a/api/strategy/saveStrategy", { id: mine.id, officeId: o.c2, name: "Taken over" }),
      () => zed.post("/a/api/strategy/saveStrategyDetails", { id: mine.id, doc: {} }),
      () => zed.post("/a/api/strategy/saveStrategyDetail", { id: mine.id, part: "volume", value: 1 }),
      () => zed.post("/a/api/strategy/relationTerminals", { id: mine.id, terminalIds: [term.foreign] }),
      () => zed.post("/a/api/strategy/disassociateTerminals", { id: mine.id, terminalIds: [term.foreign] }),
      () => zed.post("/a/api/strategy/sendStrategy", { id: mine.id }),
      () => zed.post("/a/api/strategy/deleteStrategy", { ids: [mine.id] }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toBe(`strategy ${mine.id} does not exist`);
    }
    expect((await zed.get("/a/api/strategy/strategyDetail", { id: 999_999 })).json().msg).toBe(
      "strategy 999999 does not exist",
    );
    // a terminal of another tenant: missing for amy; for the platform (which sees it), not of the strategy's tenant
    const outside = await amy.post("/a/api/strategy/relationTerminals", {
      id: mine.id,
      terminalIds: [term.foreign],
    });
    expect(outside.statusCode).toBe(404);
    const platform = await create(admin, { officeId: o.platform, name: "Platform wide" });
    const cross = await admin.post("/a/api/strategy/relationTerminals", {
      id: platform.id,
      terminalIds: [term.hall],
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().msg).toBe(`terminal ${term.hall} does not exist`);
    expect(await strategyOf(term.hall)).toBeNull();
    expect(await strategyOf(term.foreign)).toBeNull();
    expect(await t.database.db.select().from(strategies).where(eq(strategies.id, mine.id))).toHaveLength(1);
  });

  it("refuses a terminal waiting for authorisation", async () => {
    const s = await create(amy, { officeId: o.c1, name: "For pending" });
    const res = await amy.post("/a/api/strategy/relationTerminals", {
      id: s.id,
      terminalIds: [term.pending],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe("Terminal Waiting is waiting for authorisation; authorise it first");
  });
});

describe("related terminals", () => {
  it("relates, moves a terminal between strategies, lists with online state and disassociates", async () => {
    const day = await create(amy, { officeId: o.c1, name: "Day", doc: { brightness: 90, volume: 40 } });
    const eve = await create(amy, { officeId: o.c1, name: "Evening", doc: { volume: 10 } });
    const first = await ok(
      await amy.post("/a/api/strategy/relationTerminals", {
        id: day.id,
        terminalIds: [term.hall, term.kiosk, live.id],
      }),
    );
    expect(first).toMatchObject({ related: 3, moved: 0 });
    expect((await detail(amy, day.id)).terminalCount).toBe(3);

    const related = await ok(
      await amy.get("/a/api/strategy/findRelationTerminals", { id: day.id, pageSize: 10 }),
    );
    expect(related.total).toBe(3);
    const by = new Map(related.list.map((r: { name: string }) => [r.name, r]));
    expect(by.get("Live player")).toMatchObject({ online: true, status: "online", overrides: [] });
    expect(by.get("Hall")).toMatchObject({ online: false, status: "offline" });
    // the kiosk's own brightness wins over the strategy's
    expect(by.get("Kiosk")).toMatchObject({ overrides: ["brightness"] });
    const paged = await ok(
      await amy.get("/a/api/strategy/findRelationTerminals", { id: day.id, pageSize: 2, pageNo: 2 }),
    );
    expect(paged.list).toHaveLength(1);
    const searched = await ok(
      await amy.get("/a/api/strategy/findRelationTerminals", { id: day.id, keyword: "kio" }),
    );
    expect(searched.list.map((r: { name: string }) => r.name)).toEqual(["Kiosk"]);

    // relating to another strategy moves the terminal
    const moved = await ok(
      await amy.post("/a/api/strategy/relationTerminals", { id: eve.id, terminalIds: [term.hall] }),
    );
    expect(moved).toMatchObject({ related: 1, moved: 1 });
    expect(await strategyOf(term.hall)).toBe(eve.id);
    expect((await detail(amy, day.id)).terminalCount).toBe(2);
    expect((await detail(amy, eve.id)).terminalCount).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "/a/api/strategy/relationTerminals"), eq(auditLogs.result, "ok")))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ target: `strategy:${eve.id}` });
    expect(audit?.detail).toMatchObject({ movedFrom: [{ terminalId: term.hall, strategyId: day.id }] });

    // disassociating leaves terminals of other strategies alone
    const off = await ok(
      await amy.post("/a/api/strategy/disassociateTerminals", {
        id: day.id,
        terminalIds: [term.kiosk, term.hall],
      }),
    );
    expect(off.released).toBe(1);
    expect(await strategyOf(term.kiosk)).toBeNull();
    expect(await strategyOf(term.hall)).toBe(eve.id);
  });

  it("carries the strategy merged under the terminal's own settings in the manifest, updated on a change", async () => {
    const s = await create(amy, { officeId: o.c1, name: "Manifest", doc: { brightness: 70, volume: 35 } });
    await t.database.db
      .update(terminals)
      .set({ settings: { volume: 80 } })
      .where(eq(terminals.id, live.id));
    socket.queue.length = 0;
    await ok(await amy.post("/a/api/strategy/relationTerminals", { id: s.id, terminalIds: [live.id] }));
    await socket.next("sync");
    const manifest = (await fetchManifest(t.app, live.token)).json() as Manifest;
    // The manifest's settings are built with the terminal settings (manifest.ts).
    expect(manifest.settings).toEqual({ brightness: 70, volume: 80 });

    // a document change reaches the manifest at once
    await ok(
      await amy.post("/a/api/strategy/saveStrategyDetail", { id: s.id, part: "brightness", value: 20 }),
    );
    await socket.next("sync");
    const after = (await fetchManifest(t.app, live.token)).json() as Manifest;
    expect(after.settings).toEqual({ brightness: 20, volume: 80 });
    await t.database.db.update(terminals).set({ settings: {} }).where(eq(terminals.id, live.id));
  });
});

describe("sending", () => {
  it("gives one outcome per terminal: sent then done for the online one, offline for the other", async () => {
    const s = await create(amy, { officeId: o.c1, name: "Send me", doc: { brightness: 50, volume: 25 } });
    await ok(
      await amy.post("/a/api/strategy/relationTerminals", { id: s.id, terminalIds: [term.hall, live.id] }),
    );
    socket.queue.length = 0;
    const sent = await ok(await amy.post("/a/api/strategy/sendStrategy", { id: s.id }));
    const outcome = (id: number) => sent.list.find((x: { terminalId: number }) => x.terminalId === id);
    expect(sent.list).toHaveLength(2);
    expect(outcome(term.hall)).toMatchObject({ state: "offline", name: "settings", terminalName: "Hall" });
    expect(outcome(live.id)).toMatchObject({ state: "sent", name: "settings", terminalName: "Live player" });
    const frame = await socket.next("command");
    expect(frame).toMatchObject({ name: "settings", args: { settings: { brightness: 50, volume: 25 } } });
    socket.send({ type: "ack", id: frame.id, ok: true });
    await waitFor(
      async () =>
        (await amy.get("/a/api/terminal/commandResults", { ids: frame.id })).json().list?.[0]?.state ===
        "done",
      5000,
      "the ack",
    );

    // a chosen terminal must follow the strategy
    const one = await ok(
      await amy.post("/a/api/strategy/sendStrategy", { id: s.id, terminalIds: [term.hall] }),
    );
    expect(one.list.map((x: { terminalId: number }) => x.terminalId)).toEqual([term.hall]);
    const stranger = await amy.post("/a/api/strategy/sendStrategy", { id: s.id, terminalIds: [term.kiosk] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[0]).toEqual({
      field: "terminalIds",
      message: "Terminal Kiosk does not follow this strategy",
    });
    const empty = await create(amy, { officeId: o.c1, name: "Nobody" });
    expect((await amy.post("/a/api/strategy/sendStrategy", { id: empty.id })).statusCode).toBe(409);
    expect((await vic.post("/a/api/strategy/sendStrategy", { id: s.id })).statusCode).toBe(403);
  });

  it("deletes strategies, releasing their terminals and telling them", async () => {
    const s = await create(amy, { officeId: o.c1, name: "Doomed", doc: { brightness: 10 } });
    await ok(
      await amy.post("/a/api/strategy/relationTerminals", { id: s.id, terminalIds: [term.kiosk, live.id] }),
    );
    socket.queue.length = 0;
    const res = await ok(await amy.post("/a/api/strategy/deleteStrategy", { ids: [s.id] }));
    expect(res.list.map((x: { terminalId: number }) => x.terminalId).sort()).toEqual(
      [term.kiosk, live.id].sort(),
    );
    expect(res.list.find((x: { terminalId: number }) => x.terminalId === term.kiosk)?.state).toBe("offline");
    // the kiosk falls back to its own settings
    const frame = await socket.next("command");
    expect(frame.name).toBe("settings");
    expect(await strategyOf(term.kiosk)).toBeNull();
    expect(await strategyOf(live.id)).toBeNull();
    expect((await amy.get("/a/api/strategy/strategyDetail", { id: s.id })).statusCode).toBe(404);
    expect((await amy.post("/a/api/strategy/deleteStrategy", { ids: [s.id] })).statusCode).toBe(404);
    expect((await vic.post("/a/api/strategy/deleteStrategy", { ids: [s.id] })).statusCode).toBe(403);
  });
});

describe("a terminal moving to another tenant", () => {
  it("leaves the old tenant's strategy and play-now behind", async () => {
    const s = await create(amy, { officeId: o.c1, name: "Stays home", doc: { brightness: 15 } });
    const mover = await addTerminal(o.c1, {
      name: "Mover",
      playNow: { programId: 1, until: null, startAt: null },
    });
    const sibling = await addTerminal(o.c1, { name: "Sibling" });
    await ok(
      await amy.post("/a/api/strategy/relationTerminals", { id: s.id, terminalIds: [mover, sibling] }),
    );
    // Within the tenant (customer -> its institution) nothing is lost.
    await ok(await admin.post("/a/api/terminal/updateTerminalOffice", { ids: [sibling], officeId: o.shop }));
    expect(await strategyOf(sibling)).toBe(s.id);
    // To another customer: the strategy and the play-now stay with their tenant.
    await ok(await admin.post("/a/api/terminal/updateTerminalOffice", { ids: [mover], officeId: o.c2 }));
    const row = await terminalRow(t.app, mover);
    expect(row.strategyId).toBeNull();
    expect(row.playNow).toBeNull();
    expect((await detail(amy, s.id)).terminalCount).toBe(1);
  });
});
