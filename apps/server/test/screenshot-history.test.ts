import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terminalGroups, terminalScreenshots } from "../src/db/schema";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { authorise, registerTerminal } from "./terminal-helpers";

/**
 * The screenshot history (spec §7 findScreenshotBytreeIdAndType): every
 * picture a screen uploads is filed with its kind, and is listed by node of
 * the terminal tree (office or group) and kind, within the caller's range.
 */

let t: TestApp;
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");
const png = (color: string) =>
  sharp({ create: { width: 16, height: 9, channels: 3, background: color } })
    .png()
    .toBuffer();

const ids = { a: 0, shop: 0, b: 0, groupA: 0, groupB: 0 };
const term = { a: { id: 0, token: "" }, shop: { id: 0, token: "" }, b: { id: 0, token: "" } };
const shots: Record<string, Buffer> = {};
let alice: Client;
let bob: Client;
const PATH = "/a/api/fileInfosa/findScreenshotBytreeIdAndType";

const upload = (token: string, body: Buffer, query = "") =>
  t.app.inject({
    method: "POST",
    url: `/apm-web/t/screenshot${query}`,
    headers: { authorization: `Bearer ${token}`, "content-type": "image/png" },
    payload: body,
  });

/** Asks the terminal for a screenshot (with these arguments) and uploads `body` as its answer. */
async function byCommand(terminal: { id: number; token: string }, body: Buffer, args = {}) {
  const [command] = await t.app.services.hub.command([terminal.id], "screenshot", args, null);
  const res = await upload(terminal.token, body, `?commandId=${command?.id}`);
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  const platform = (await initSystem(t)).officeId;
  const agent = await addOffice(t, platform, "agent", "Agent");
  ids.a = (await addOffice(t, agent.id, "customer", "Customer A")).id;
  ids.shop = (await addOffice(t, ids.a, "institution", "A shop")).id;
  ids.b = (await addOffice(t, agent.id, "customer", "Customer B")).id;
  await addUser(t, ids.a, "alice", ["terminal:device:view"]);
  await addUser(t, ids.b, "bob", ["terminal:device:view"]);
  const db = t.database.db;
  const [ga] = await db.insert(terminalGroups).values({ officeId: ids.a, name: "Lobby" }).returning();
  const [gb] = await db.insert(terminalGroups).values({ officeId: ids.b, name: "Hall" }).returning();
  ids.groupA = ga?.id ?? 0;
  ids.groupB = gb?.id ?? 0;
  for (const [key, office, group] of [
    ["a", ids.a, ids.groupA],
    ["shop", ids.shop, null],
    ["b", ids.b, ids.groupB],
  ] as const) {
    const reg = await registerTerminal(t.app, { name: `Screen ${key}` });
    await authorise(t.app, reg.terminalId, office, [], group);
    term[key] = { id: reg.terminalId, token: reg.token };
  }
  for (const [k, c] of Object.entries({
    manual: "#ff0000",
    monitor: "#00ff00",
    scheduled: "#0000ff",
    own: "#ffff00",
    shop: "#00ffff",
    b: "#ff00ff",
  }))
    shots[k] = await png(c);
  alice = await signedIn(t, "alice", "alicePass1", "fr");
  bob = await signedIn(t, "bob", "bobPass1");
});
afterAll(async () => {
  await t?.close();
});

describe("every screenshot a screen uploads", () => {
  it("is filed with its kind: the command's (manual when it names none), else the screen's own (scheduled by default)", async () => {
    await byCommand(term.a, shots.manual as Buffer);
    await byCommand(term.a, shots.monitor as Buffer, { kind: "monitor" });
    expect((await upload(term.a.token, shots.scheduled as Buffer)).statusCode).toBe(200);
    expect((await upload(term.a.token, shots.own as Buffer, "?kind=monitor")).statusCode).toBe(200);
    await byCommand(term.shop, shots.shop as Buffer);
    await byCommand(term.b, shots.b as Buffer);
    const rows = await t.database.db
      .select()
      .from(terminalScreenshots)
      .where(eq(terminalScreenshots.terminalId, term.a.id))
      .orderBy(terminalScreenshots.id);
    expect(rows.map((r) => [r.kind, r.md5, r.officeId])).toEqual([
      ["manual", md5(shots.manual as Buffer), ids.a],
      ["monitor", md5(shots.monitor as Buffer), ids.a],
      ["scheduled", md5(shots.scheduled as Buffer), ids.a],
      ["monitor", md5(shots.own as Buffer), ids.a],
    ]);
    // A kind a screen may not claim of its own accord is refused.
    expect((await upload(term.a.token, shots.own as Buffer, "?kind=manual")).statusCode).toBe(400);
  });
});

describe("findScreenshotBytreeIdAndType", () => {
  it("lists an office's screenshots and those of the offices below, newest first, in pages", async () => {
    const res = await alice.get(PATH, { treeId: ids.a });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, total: 5, pageNo: 1, pageSize: 10 });
    expect(body.list.map((s: { terminalId: number }) => s.terminalId)).toEqual([
      term.shop.id,
      term.a.id,
      term.a.id,
      term.a.id,
      term.a.id,
    ]);
    expect(body.list[0]).toMatchObject({ type: "manual", terminalName: "Screen shop" });
    const page2 = (await alice.get(PATH, { treeId: ids.a, pageNo: 2, pageSize: 2 })).json();
    expect(page2).toMatchObject({ total: 5, pageNo: 2, pageSize: 2 });
    expect(page2.list).toHaveLength(2);
    const only = (await alice.get(PATH, { treeId: ids.a, includeChildren: false })).json();
    expect(only.total).toBe(4);
  });

  it("keeps one kind, one screen, or a group's screens", async () => {
    const monitor = (await alice.get(PATH, { treeId: ids.a, type: "monitor" })).json();
    expect(monitor.list.map((s: { type: string }) => s.type)).toEqual(["monitor", "monitor"]);
    const scheduled = (await alice.get(PATH, { treeId: ids.a, type: "scheduled" })).json();
    expect(scheduled.total).toBe(1);
    const shop = (await alice.get(PATH, { treeId: ids.a, terminalId: term.shop.id })).json();
    expect(shop.list.map((s: { terminalId: number }) => s.terminalId)).toEqual([term.shop.id]);
    // A screen's own history needs no node.
    const screen = (await alice.get(PATH, { terminalId: term.a.id, type: "monitor" })).json();
    expect(screen.total).toBe(2);
    const group = (await alice.get(PATH, { treeId: ids.groupA, treeType: "group" })).json();
    expect(group.total).toBe(4);
    expect(new Set(group.list.map((s: { terminalId: number }) => s.terminalId))).toEqual(
      new Set([term.a.id]),
    );
  });

  it("serves each picture of the history at its address", async () => {
    const { list } = (await alice.get(PATH, { treeId: ids.a, type: "scheduled" })).json();
    const url = String(list[0].url).replace(/^\/apm-web/, "");
    const res = await alice.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.rawPayload.equals(shots.scheduled as Buffer)).toBe(true);
    // Another tenant's caller gets nothing of it.
    expect((await bob.get(url)).statusCode).toBe(404);
  });

  it("answers another tenant's office, group or screen like a missing one (404), and gives nothing of it", async () => {
    const foreign: Array<Record<string, string | number>> = [
      { treeId: ids.a },
      { treeId: ids.shop },
      { treeId: ids.groupA, treeType: "group" },
      { treeId: ids.b, terminalId: term.a.id },
      { terminalId: term.a.id },
    ];
    for (const q of foreign) {
      const res = await bob.get(PATH, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(404);
      expect(res.body).not.toContain(md5(shots.manual as Buffer).slice(0, 12));
    }
    const theirs: Array<Record<string, string | number>> = [
      { treeId: ids.b },
      { treeId: ids.groupB, treeType: "group" },
    ];
    for (const q of theirs) {
      expect((await alice.get(PATH, q)).statusCode).toBe(404);
    }
    const own = (await bob.get(PATH, { treeId: ids.b })).json();
    expect(own.list.map((s: { terminalId: number }) => s.terminalId)).toEqual([term.b.id]);
  });

  it("refuses a kind it does not know with a 400 in the caller's language", async () => {
    const res = await alice.get(PATH, { treeId: ids.a, type: "hourly" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors?.[0]?.field).toBe("type");
    expect(body.errors?.[0]?.message).toContain("doit être l'une des valeurs suivantes");
    expect((await alice.get(PATH, { treeId: ids.a, treeType: "shelf" })).statusCode).toBe(400);
    const bare = await alice.get(PATH, { type: "manual" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors?.[0]).toEqual({ field: "treeId", message: "est obligatoire" });
  });

  it("is in the API document", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/apm-web/docs/json" });
    expect(Object.keys(doc.json().paths)).toContain(`/apm-web${PATH}`);
  });
});

// Screen truth (issue 24): a screenshot against what the screen's manifest expected at its instant.
describe("GET /a/api/terminal/screenshotTruth", () => {
  const TRUTH = "/a/api/terminal/screenshotTruth";

  it("stores what the player said it showed and answers the verdict with its reason in the caller's language", async () => {
    const shownAt = Date.now() - 1000;
    const res = await upload(
      term.shop.token,
      shots.shop as Buffer,
      `?programId=5&sceneId=s1&shownAt=${shownAt}&screen=on`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const truth = await alice.get(TRUTH, { id: term.shop.id });
    expect(truth.statusCode, truth.body).toBe(200);
    const body = truth.json();
    // Nothing is published to this screen: a program on it differs.
    expect(body).toMatchObject({
      terminalId: term.shop.id,
      verdict: "differs",
      shownAt: new Date(shownAt).toISOString(),
      shown: { programId: 5, sceneId: "s1", screenOn: true },
      expected: { programIds: [], screenOn: true },
      program: null,
    });
    expect(body.reason).toBe("Rien n'était attendu à cette heure, affiche #5");
    expect(body.url).toMatch(new RegExp(`shot=${body.shotId}$`));
  });

  it("cannot check a picture from an older player that said nothing of what it showed", async () => {
    const { list } = (await alice.get(PATH, { terminalId: term.a.id, type: "manual" })).json();
    const truth = (await alice.get(TRUTH, { id: term.a.id, shot: list[0].id })).json();
    expect(truth).toMatchObject({ verdict: "unknown", shownAt: null, shown: { programId: null } });
    expect(truth.reason).toContain("ancien lecteur");
  });

  it("answers another tenant's screen like a missing one, and refuses a caller without terminal:device:view", async () => {
    expect((await bob.get(TRUTH, { id: term.shop.id })).statusCode).toBe(404);
    await addUser(t, ids.a, "carol", ["terminal:device:screenshot"]);
    const carol = await signedIn(t, "carol", "carolPass1");
    expect((await carol.get(TRUTH, { id: term.shop.id })).statusCode).toBe(403);
  });
});
