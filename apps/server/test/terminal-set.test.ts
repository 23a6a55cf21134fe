import { createHash, randomBytes } from "node:crypto";
import type { CommandOutcome, Permission } from "@marquee/contracts";
import { DEFAULT_MESSAGE } from "@marquee/schedule";
import { CLOSE_REFUSED, type Manifest } from "@marquee/terminal-protocol";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLogs,
  programs,
  publications,
  publicationTargets,
  publishMessages,
  terminalCommands,
  terminals,
} from "../src/db/schema";
import { COMMAND_REASONS } from "../src/terminal/commands";
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
  sampleStatus,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

const ALL: Permission[] = [
  "terminal:device:view",
  "terminal:device:delete",
  "terminal:device:authorize",
  "terminal:device:command",
  "terminal:device:settings",
  "terminal:device:screenshot",
  "terminal:device:upgrade",
];

let t: TestApp;
let origin: string;
let admin: Client;
let amy: Client; // every terminal right, customer C1
let zed: Client; // every terminal right, customer C2 (another tenant)
let vic: Client; // view only, C1
const o = { platform: 0, c1: 0, c2: 0 };

interface Screen {
  id: number;
  token: string;
  sock: TestSocket;
}
const open: TestSocket[] = [];

/** A registered terminal, authorised into `officeId`, with its socket said hello. */
async function screen(officeId: number, name: string): Promise<Screen> {
  const reg = await registerTerminal(t.app, { name });
  await authorise(t.app, reg.terminalId, officeId);
  const sock = await openSocket(origin, reg.token);
  open.push(sock);
  await sock.hello(sampleStatus());
  await waitFor(() => t.app.services.hub.holds(reg.terminalId), 5000, "the socket to be held");
  return { id: reg.terminalId, token: reg.token, sock };
}

/** A terminal that is authorised but never connected (offline). */
async function offlineScreen(officeId: number, name: string): Promise<number> {
  const reg = await registerTerminal(t.app, { name });
  await authorise(t.app, reg.terminalId, officeId);
  return reg.terminalId;
}

const ok = async (res: Awaited<ReturnType<Client["post"]>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = (c: Client, path: string, json: unknown) =>
  c.request("POST", `/a/api/terminalSet/${path}`, { json });
const get = (c: Client, path: string, query: Record<string, string | number>) =>
  c.get(`/a/api/terminalSet/${path}`, query);

/** The outcomes of these commands as GET terminal/commandResults shows them. */
async function results(c: Client, ids: string[]): Promise<CommandOutcome[]> {
  const res = await c.get("/a/api/terminal/commandResults", { ids: ids.join(",") });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { list: CommandOutcome[] }).list;
}
/** Waits until none of these commands is still queued or sent; answers them by terminal. */
async function settled(c: Client, ids: string[]): Promise<Map<number, CommandOutcome>> {
  let last: CommandOutcome[] = [];
  await waitFor(
    async () => {
      last = await results(c, ids);
      return last.length === ids.length && last.every((o) => o.state !== "queued" && o.state !== "sent");
    },
    10_000,
    "the commands to settle",
  );
  return new Map(last.map((o) => [o.terminalId, o]));
}

/** Takes the next command frame of a socket (checking its name) and acks it. */
async function answer(
  s: Screen,
  name: string,
  ack: { ok: boolean; reason?: string; data?: Record<string, unknown> } = { ok: true },
) {
  const cmd = await s.sock.next("command");
  expect(cmd.name).toBe(name);
  s.sock.send({ type: "ack", id: cmd.id, ...ack });
  return cmd;
}

async function manifestOf(token: string): Promise<Manifest> {
  const res = await fetchManifest(t.app, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Manifest;
}

const commandCount = async () =>
  Number((await t.database.db.select({ n: count() }).from(terminalCommands))[0]?.n ?? 0);

async function addProgram(officeId: number, name: string, state: "pending" | "approved" | "published") {
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId, name, width: 1920, height: 1080, state, doc: {} })
    .returning({ id: programs.id });
  if (!row) throw new Error("program not inserted");
  return row.id;
}

async function addMessage(officeId: number, name: string) {
  const [row] = await t.database.db
    .insert(publishMessages)
    .values({
      officeId,
      name,
      state: "approved",
      doc: { ...DEFAULT_MESSAGE, text: `${name} text` },
      kind: "scroll",
      priority: "normal",
    })
    .returning({ id: publishMessages.id });
  if (!row) throw new Error("message not inserted");
  return row.id;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

let A: Screen; // C1, online
let B: Screen; // C1, online
let C = 0; // C1, offline
let F: Screen; // C2, online (another tenant)
let pending = 0; // waiting for authorisation
let disabled = 0;

beforeAll(async () => {
  t = await createTestApp();
  origin = await listening(t.app);
  const { officeId } = await initSystem(t);
  o.platform = officeId;
  const agent = await addOffice(t, officeId, "agent", "Agent");
  o.c1 = (await addOffice(t, agent.id, "customer", "Customer One")).id;
  o.c2 = (await addOffice(t, agent.id, "customer", "Customer Two")).id;
  await addUser(t, o.c1, "amy", ALL);
  await addUser(t, o.c2, "zed", ALL);
  await addUser(t, o.c1, "vic", ["terminal:device:view"]);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  amy = await signedIn(t, "amy", "amyPass1", "en");
  zed = await signedIn(t, "zed", "zedPass1", "en");
  vic = await signedIn(t, "vic", "vicPass1", "en");
  A = await screen(o.c1, "Alpha");
  B = await screen(o.c1, "Bravo");
  C = await offlineScreen(o.c1, "Charlie");
  F = await screen(o.c2, "Foxtrot");
  pending = (await registerTerminal(t.app, { name: "Waiting" })).terminalId;
  disabled = await offlineScreen(o.c1, "Delta");
  await t.database.db.update(terminals).set({ state: "disabled" }).where(eq(terminals.id, disabled));
}, 60_000);

afterAll(async () => {
  for (const s of open) await s.close();
  await t?.close();
});

describe("terminalSet", () => {
  it("merges settings, sends each terminal what it obeys, and the manifest carries them", async () => {
    const before = await manifestOf(A.token);
    const res = await ok(
      await post(amy, "terminalSet", {
        ids: [A.id, B.id],
        settings: {
          volume: 30,
          timers: [{ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "20:00" }],
          heartbeatSec: 60,
        },
      }),
    );
    const list = res.list as CommandOutcome[];
    expect(list.map((o) => [o.terminalId, o.name, o.state]).sort()).toEqual(
      [
        [A.id, "settings", "sent"],
        [B.id, "settings", "sent"],
      ].sort(),
    );
    const a = await answer(A, "settings");
    expect(a.args).toEqual({
      settings: {
        volume: 30,
        timers: [{ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "20:00" }],
        heartbeatSec: 60,
      },
    });
    await answer(B, "settings", { ok: false, reason: "the screen has no volume control" });
    const done = await settled(
      amy,
      list.map((o) => o.id),
    );
    expect(done.get(A.id)?.state).toBe("done");
    expect(done.get(B.id)).toMatchObject({ state: "failed", reason: "the screen has no volume control" });

    const after = await manifestOf(A.token);
    expect(after.settings).toMatchObject({ volume: 30, heartbeatSec: 60 });
    expect(after.version).not.toBe(before.version);

    // null clears one field and leaves the others.
    const again = await ok(await post(amy, "terminalSet", { ids: [A.id], settings: { volume: null } }));
    await answer(A, "settings");
    await settled(
      amy,
      (again.list as CommandOutcome[]).map((o) => o.id),
    );
    expect((await terminalRow(t.app, A.id)).settings).toEqual({
      timers: [{ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "20:00" }],
      heartbeatSec: 60,
    });
    expect((await manifestOf(A.token)).settings.volume).toBeUndefined();
  });

  it("tells a reconnecting terminal its own heartbeat interval", async () => {
    const sock = await openSocket(origin, A.token);
    open.push(sock);
    const welcome = await sock.hello(sampleStatus());
    expect(welcome.heartbeatSec).toBe(60);
    A.sock = sock;
    await waitFor(() => t.app.services.hub.holds(A.id), 5000, "the new socket");
  });

  it("refuses an empty patch and values out of range", async () => {
    const empty = await post(amy, "terminalSet", { ids: [A.id], settings: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/at least one setting/);
    const bad = await post(amy, "terminalSet", { ids: [A.id], settings: { volume: 101 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("settings.volume");
    // View only: no settings.
    expect((await post(vic, "terminalSet", { ids: [A.id], settings: { volume: 1 } })).statusCode).toBe(403);
  });

  it("lets an operator with the settings right alone follow the results of what they sent", async () => {
    await addUser(t, o.c1, "sol", ["terminal:device:view", "terminal:device:settings"]);
    const sol = await signedIn(t, "sol", "solPass1", "en");
    // A screen with no socket (the connected ones' frames belong to the tests below).
    const away = await insertTerminal(t.app, o.c1);
    const sent = await post(sol, "terminalSet", { ids: [away], settings: { brightness: 70 } });
    expect(sent.statusCode, sent.body).toBe(200);
    const ids = (sent.json() as { list: CommandOutcome[] }).list.map((x) => x.id);
    expect((await results(sol, ids)).map((x) => [x.terminalId, x.state])).toEqual([[away, "offline"]]);
    // Without any right to send, nobody reads results.
    expect((await vic.get("/a/api/terminal/commandResults", { ids: ids.join(",") })).statusCode).toBe(403);
  });
});

describe("commands with a result per terminal", () => {
  let failedIds: string[] = [];

  it("reports done, failed with the terminal's reason, offline, not authorised and disabled", async () => {
    const res = await ok(await post(admin, "reboot", { ids: [A.id, B.id, C, pending, disabled] }));
    const list = res.list as CommandOutcome[];
    const by = new Map(list.map((o) => [o.terminalId, o]));
    expect(by.get(C)).toMatchObject({ state: "offline", reason: COMMAND_REASONS.offline });
    expect(by.get(pending)).toMatchObject({ state: "failed", reason: COMMAND_REASONS.pending });
    expect(by.get(disabled)).toMatchObject({ state: "failed", reason: COMMAND_REASONS.disabled });
    await answer(A, "reboot");
    await answer(B, "reboot", { ok: false, reason: "kiosk mode forbids restarts" });
    const done = await settled(
      admin,
      list.map((o) => o.id),
    );
    expect(done.get(A.id)?.state).toBe("done");
    expect(done.get(B.id)).toMatchObject({ state: "failed", reason: "kiosk mode forbids restarts" });
    failedIds = [...done.values()].filter((o) => o.state !== "done").map((o) => o.id);
    expect(failedIds).toHaveLength(4);
  });

  it("retries the failed ones only, with the same command", async () => {
    const doneId = (await results(admin, failedIds)).length; // sanity: all visible
    expect(doneId).toBe(4);
    const res = await ok(await post(admin, "retry", { commandIds: failedIds }));
    const list = res.list as CommandOutcome[];
    expect(list.every((o) => o.name === "reboot" && !failedIds.includes(o.id))).toBe(true);
    const by = new Map(list.map((o) => [o.terminalId, o]));
    expect(by.get(B.id)?.state).toBe("sent");
    expect(by.get(C)?.state).toBe("offline");
    await answer(B, "reboot");
    expect((await settled(admin, [by.get(B.id)?.id as string])).get(B.id)?.state).toBe("done");
    // A command that was done is not sent again.
    const doneCmd = (
      await t.database.db.select().from(terminalCommands).where(eq(terminalCommands.state, "done"))
    )[0];
    const again = await ok(await post(admin, "retry", { commandIds: [doneCmd?.id as string] }));
    expect(again.list).toEqual([]);
    expect((await post(admin, "retry", { commandIds: ["nope-not-a-command"] })).statusCode).toBe(404);
  });

  it("retries a command that timed out", async () => {
    const [first] = await t.app.services.hub.command([A.id], "programs", {}, null, 1000);
    await A.sock.next("command");
    const out = await settled(admin, [first?.id as string]);
    expect(out.get(A.id)).toMatchObject({ state: "timeout", reason: COMMAND_REASONS.timeout(1000) });
    const res = await ok(await post(admin, "retry", { commandIds: [first?.id] }));
    await answer(A, "programs", { ok: true, data: { programs: [], current: null } });
    expect((await settled(admin, [(res.list as CommandOutcome[])[0]?.id as string])).get(A.id)?.state).toBe(
      "done",
    );
  });

  it("sends refresh, programs, deleteFiles and screenshot batches", async () => {
    for (const [path, name, body] of [
      ["refreshTerminalPrograms", "refresh", { ids: [A.id] }],
      ["getRltPrograms", "programs", { ids: [A.id] }],
      [
        "deleteFileByTerminalIds",
        "deleteFiles",
        { ids: [A.id], hashes: ["0123456789abcdef0123456789abcdef"] },
      ],
      ["screenShoot", "screenshot", { ids: [A.id] }],
    ] as const) {
      const res = await ok(await post(amy, path, body));
      const cmd = await answer(A, name);
      if (name === "deleteFiles") expect(cmd.args).toEqual({ hashes: ["0123456789abcdef0123456789abcdef"] });
      expect((await settled(amy, [(res.list as CommandOutcome[])[0]?.id as string])).get(A.id)?.state).toBe(
        "done",
      );
    }
    expect((await post(vic, "reboot", { ids: [A.id] })).statusCode).toBe(403);
  });
});

describe("screenshots", () => {
  it("asks one terminal and waits for its picture, then keeps it", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } })
      .png()
      .toBuffer();
    const asking = amy.get("/a/api/terminalSet/getRltScreenShoot", { id: A.id });
    const cmd = await A.sock.next("command");
    expect(cmd.name).toBe("screenshot");
    const up = await t.app.inject({
      method: "POST",
      url: `/apm-web/t/screenshot?commandId=${cmd.id}`,
      headers: { authorization: `Bearer ${A.token}`, "content-type": "image/png" },
      payload: png,
    });
    expect(up.statusCode, up.body).toBe(200);
    A.sock.send({ type: "ack", id: cmd.id, ok: true, data: { screenshotMd5: up.json().md5 } });
    const res = await ok(await asking);
    expect(res.outcome.state).toBe("done");
    expect(res.screenshot.url).toContain(`id=${A.id}`);
    const stored = await ok(await get(amy, "onlyScreenShoot", { id: A.id }));
    expect(stored.screenshot.url).toBe(res.screenshot.url);
    expect((await ok(await get(amy, "onlyScreenShoot", { id: B.id }))).screenshot).toBeNull();
  });

  it("answers the outcome with its reason when no picture comes", async () => {
    const res = await ok(await get(amy, "getRltScreenShoot", { id: C }));
    expect(res.screenshot).toBeNull();
    expect(res.outcome).toMatchObject({ state: "offline", reason: COMMAND_REASONS.offline });
  });
});

describe("monitor and what plays", () => {
  it("shows reported status, effective settings and what they make of now", async () => {
    await t.app.services.hub.flushPresence();
    const res = await ok(await post(amy, "getRltMonitor", { ids: [A.id, C] }));
    expect(res.truncated).toBe(false);
    const [a, c] = res.list;
    expect(a).toMatchObject({
      id: A.id,
      online: true,
      status: "online",
      reported: { version: "1.0.0", volume: 50 },
    });
    expect(a.settings).toMatchObject({ heartbeatSec: 60 });
    expect(typeof a.now.screenOn).toBe("boolean");
    expect(a.now.nextChangeAt).not.toBeNull(); // the weekday timer switches some time
    expect(c).toMatchObject({
      id: C,
      online: false,
      reported: null,
      now: { screenOn: true, nextChangeAt: null },
    });
    const office = await ok(await post(amy, "getRltMonitor", { officeId: o.c1 }));
    expect(office.list.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([A.id, B.id, C, disabled]),
    );
    expect(office.list.map((r: { id: number }) => r.id)).not.toContain(F.id);
    expect((await post(amy, "getRltMonitor", {})).statusCode).toBe(400);
  });

  it("compares the programs a terminal reports with those it should hold", async () => {
    const p1 = await addProgram(o.c1, "Held program", "approved");
    const p2 = await addProgram(o.c1, "Missing program", "approved");
    await t.database.db
      .update(terminals)
      .set({ programIds: [p1, p2] })
      .where(eq(terminals.id, A.id));
    await t.app.services.hub.notifySync([A.id]);
    const res = await ok(await post(amy, "getRltPrograms", { ids: [A.id] }));
    await answer(A, "programs", {
      ok: true,
      data: { programs: [{ id: p1, name: "Held program", version: 1, ready: true }], current: p1 },
    });
    await settled(amy, [(res.list as CommandOutcome[])[0]?.id as string]);
    const view = await ok(await get(amy, "onlyProgramList", { id: A.id }));
    expect(view.current).toBe(p1);
    expect(view.reportedAt).not.toBeNull();
    const by = new Map(view.list.map((r: { id: number }) => [r.id, r]));
    expect(by.get(p1)).toMatchObject({ expected: true, held: true, missing: false });
    expect(by.get(p2)).toMatchObject({ expected: true, held: false, missing: true });

    const cur = await ok(await post(amy, "getCurTerminalProgram", { ids: [A.id] }));
    expect(cur.list[0]).toMatchObject({
      terminalId: A.id,
      expected: { source: "schedule", programIds: expect.arrayContaining([p1]) },
    });
  });
});

describe("play now", () => {
  let program = 0;

  it("plays a program now: the manifest carries it and its version changes", async () => {
    program = await addProgram(o.c1, "Breaking news", "approved");
    const before = await manifestOf(B.token);
    const res = await ok(
      await post(amy, "doProgramPlayNow", { ids: [B.id], programId: program, minutes: 30 }),
    );
    const cmd = await answer(B, "playProgram");
    expect(cmd.args).toMatchObject({ programId: program });
    expect(cmd.timeoutMs).toBe(300_000);
    await settled(amy, [(res.list as CommandOutcome[])[0]?.id as string]);
    const m = await manifestOf(B.token);
    expect(m.version).not.toBe(before.version);
    expect(m.playNow).toMatchObject({ programId: program, startAt: null });
    expect(Date.parse(m.playNow?.until as string)).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(m.programs.map((p) => p.id)).toContain(program);

    const set = await ok(await get(amy, "doProgramPlaySet", { ids: `${B.id},${A.id}` }));
    expect(set.list[0]).toMatchObject({ terminalId: B.id, program: { id: program, name: "Breaking news" } });
    expect(set.list[1]).toMatchObject({ terminalId: A.id, program: null });
    expect(set.programs.map((p: { id: number }) => p.id)).toContain(program);

    const cur = await ok(await post(amy, "getCurTerminalProgram", { ids: [B.id] }));
    expect(cur.list[0].expected).toMatchObject({ source: "playNow", programIds: [program] });
    // Past its 30 minutes it no longer counts, though the manifest still names it until it is stopped.
    t.clock.advance(31 * 60_000);
    try {
      const later = await ok(await post(amy, "getCurTerminalProgram", { ids: [B.id] }));
      expect(later.list[0].expected.source).not.toBe("playNow");
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it("refuses a program that is not playable or not the caller's", async () => {
    // Waiting for review: not on screens whether review is on or off.
    const waiting = await addProgram(o.c1, "Unfinished", "pending");
    const res = await post(amy, "doProgramPlayNow", { ids: [B.id], programId: waiting });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("programId");
    const other = await addProgram(o.c2, "Theirs", "approved");
    expect((await post(amy, "doProgramPlayNow", { ids: [B.id], programId: other })).statusCode).toBe(404);
  });

  it("stops playing now", async () => {
    const res = await ok(await post(amy, "doProgramPlayNow", { ids: [B.id], programId: null }));
    await answer(B, "refresh");
    await settled(amy, [(res.list as CommandOutcome[])[0]?.id as string]);
    expect((await manifestOf(B.token)).playNow).toBeNull();
    expect((await terminalRow(t.app, B.id)).playNow).toBeNull();
  });

  it("shows a message now, lists it, and takes it off the terminal", async () => {
    const messageId = await addMessage(o.c1, "Fire drill");
    const res = await ok(await post(amy, "doMessagePlayNow", { ids: [B.id], messageId, minutes: 5 }));
    await answer(B, "playMessage");
    await settled(amy, [(res.list as CommandOutcome[])[0]?.id as string]);
    const m = await manifestOf(B.token);
    expect(m.messages).toContainEqual(expect.objectContaining({ id: messageId, publicationId: null }));
    const cur = await ok(await post(amy, "getCurTerminalMessage", { id: B.id }));
    expect(cur.list).toContainEqual(
      expect.objectContaining({ id: messageId, playNow: true, name: "Fire drill" }),
    );
    const set = await ok(await get(amy, "doProgramPlaySet", { ids: `${B.id}` }));
    expect(set.list[0].messages).toEqual([expect.objectContaining({ id: messageId, name: "Fire drill" })]);

    const del = await ok(await post(amy, "deleteTerminalMessage", { id: B.id, messageId }));
    expect(del.removed).toEqual({ playNow: true, publicationIds: [] });
    expect((await manifestOf(B.token)).messages.map((x) => x.id)).not.toContain(messageId);
    expect((await post(amy, "deleteTerminalMessage", { id: B.id, messageId })).statusCode).toBe(404);
  });

  it("takes a published message off one terminal by withdrawing that terminal only", async () => {
    const messageId = await addMessage(o.c1, "Opening hours");
    const [pub] = await t.database.db
      .insert(publications)
      .values({
        officeId: o.c1,
        kind: "message",
        contentId: messageId,
        name: "Hours publication",
        tenantId: o.c1,
        state: "active",
        activatedAt: new Date(),
        targetCount: 2,
      })
      .returning();
    if (!pub) throw new Error("no publication");
    await t.database.db.insert(publicationTargets).values([
      { publicationId: pub.id, terminalId: A.id, state: "playing" },
      { publicationId: pub.id, terminalId: C, state: "offline" },
    ]);
    await t.database.db
      .update(terminals)
      .set({ publicationIds: [pub.id] })
      .where(eq(terminals.id, A.id));
    await t.app.services.hub.notifySync([A.id]);
    const cur = await ok(await post(amy, "getCurTerminalMessage", { id: A.id }));
    expect(cur.list).toContainEqual(
      expect.objectContaining({ id: messageId, publicationId: pub.id, playNow: false }),
    );
    const del = await ok(await post(amy, "deleteTerminalMessage", { id: A.id, messageId }));
    expect(del.removed).toEqual({ playNow: false, publicationIds: [pub.id] });
    expect((await terminalRow(t.app, A.id)).publicationIds).toEqual([]);
    const targets = await t.database.db
      .select()
      .from(publicationTargets)
      .where(eq(publicationTargets.publicationId, pub.id));
    expect(new Map(targets.map((x) => [x.terminalId, x.state]))).toEqual(
      new Map([
        [A.id, "withdrawn"],
        [C, "offline"],
      ]),
    );
    // The publication goes on for the other terminal.
    const [still] = await t.database.db.select().from(publications).where(eq(publications.id, pub.id));
    expect(still?.state).toBe("active");
  });
});

describe("clearing a terminal", () => {
  it("empties its programs and play-now, withdraws it from its publications, and sends clear", async () => {
    const program = await addProgram(o.c1, "Published loop", "published");
    const [pub] = await t.database.db
      .insert(publications)
      .values({
        officeId: o.c1,
        kind: "program",
        contentId: program,
        name: "Loop publication",
        tenantId: o.c1,
        state: "active",
        activatedAt: new Date(),
        targetCount: 1,
      })
      .returning();
    if (!pub) throw new Error("no publication");
    await t.database.db
      .insert(publicationTargets)
      .values({ publicationId: pub.id, terminalId: B.id, state: "playing" });
    await t.database.db
      .update(terminals)
      .set({ publicationIds: [pub.id], programIds: [program] })
      .where(eq(terminals.id, B.id));
    await t.app.services.hub.notifySync([B.id]);
    expect((await manifestOf(B.token)).programs.map((p) => p.id)).toContain(program);

    const res = await ok(await post(amy, "doClearProgram", { ids: [B.id] }));
    await answer(B, "clear");
    await settled(amy, [(res.list as CommandOutcome[])[0]?.id as string]);
    const row = await terminalRow(t.app, B.id);
    expect(row.programIds).toEqual([]);
    expect(row.publicationIds).toEqual([]);
    const [target] = await t.database.db
      .select()
      .from(publicationTargets)
      .where(eq(publicationTargets.publicationId, pub.id));
    expect(target?.state).toBe("withdrawn");
    const [after] = await t.database.db.select().from(publications).where(eq(publications.id, pub.id));
    expect(after?.state).toBe("withdrawn");
    expect((await manifestOf(B.token)).programs).toEqual([]);
  });
});

describe("update packages", () => {
  const bytes = Buffer.concat([
    randomBytes(100_000),
    Buffer.from("\r\n--not-the-boundary\r\n"),
    randomBytes(50_000),
  ]);
  let packageId = 0;
  let commandId = "";

  it("stores an uploaded package and pushes it to terminals", async () => {
    const body = multipart(
      { version: "2.0.0", model: "web", notes: "Faster start", ids: `${A.id}` },
      {
        name: "player-2.0.0.zip",
        bytes,
      },
    );
    const res = await ok(await amy.request("POST", "/a/api/terminalSet/sendDedicatedApk", body));
    expect(res.package).toMatchObject({
      name: "player-2.0.0.zip",
      version: "2.0.0",
      model: "web",
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      md5: createHash("md5").update(bytes).digest("hex"),
    });
    packageId = res.package.id;
    const cmd = await A.sock.next("command");
    expect(cmd).toMatchObject({ name: "update", timeoutMs: 30 * 60_000 });
    expect(cmd.args).toMatchObject({ packageId, version: "2.0.0", url: `/apm-web/t/package/${packageId}` });
    commandId = cmd.id;

    // The terminal downloads it with its token; a terminal of another tenant cannot.
    const dl = await t.app.inject({
      method: "GET",
      url: `/apm-web/t/package/${packageId}`,
      headers: { authorization: `Bearer ${A.token}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(Buffer.compare(dl.rawPayload, bytes)).toBe(0);
    const foreign = await t.app.inject({
      method: "GET",
      url: `/apm-web/t/package/${packageId}`,
      headers: { authorization: `Bearer ${F.token}` },
    });
    expect(foreign.statusCode).toBe(404);

    A.sock.send({ type: "progress", id: cmd.id, done: 50, total: 100, note: "downloading" });
    await waitFor(async () => {
      const info = await ok(await get(amy, "getApkUpdateInfo", { packageId }));
      return info.list[0]?.progress?.done === 50;
    });
    const info = await ok(await get(amy, "getApkUpdateInfo", { packageId }));
    expect(info.list).toEqual([
      expect.objectContaining({
        terminalId: A.id,
        commandId,
        state: "sent",
        targetVersion: "2.0.0",
        progress: { done: 50, total: 100, note: "downloading" },
      }),
    ]);
    expect(info.packages.map((p: { id: number }) => p.id)).toEqual([packageId]);
    A.sock.send({ type: "ack", id: cmd.id, ok: true, data: { version: "2.0.0" } });
    await settled(amy, [commandId]);
    const byCommand = await ok(await get(amy, "getApkUpdateInfo", { commandIds: commandId }));
    expect(byCommand.list[0]).toMatchObject({ state: "done", terminalId: A.id });
  });

  it("refuses a body without a file, JSON, and another tenant's package", async () => {
    const noFile = await amy.request(
      "POST",
      "/a/api/terminalSet/sendDedicatedApk",
      multipart({ version: "1" }),
    );
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0].field).toBe("file");
    const json = await amy.request("POST", "/a/api/terminalSet/sendDedicatedApk", { json: { version: "1" } });
    expect(json.statusCode).toBe(415);
    const badVersion = await amy.request(
      "POST",
      "/a/api/terminalSet/sendDedicatedApk",
      multipart({ version: "" }, { name: "x.zip", bytes: Buffer.from("x") }),
    );
    expect(badVersion.statusCode).toBe(400);
    expect((await ok(await get(zed, "getApkUpdateInfo", {}))).packages).toEqual([]);
    expect((await get(zed, "getApkUpdateInfo", { packageId })).statusCode).toBe(404);
  });

  it("pushes a package uploaded before to more terminals, audited", async () => {
    const G = await screen(o.c1, "Golf");
    const res = await ok(await post(amy, "pushDedicatedApk", { packageId, ids: [G.id, C] }));
    expect(res.package).toMatchObject({ id: packageId, version: "2.0.0", name: "player-2.0.0.zip" });
    const list = res.list as CommandOutcome[];
    expect(list.map((o) => [o.terminalId, o.name, o.state]).sort()).toEqual(
      [
        [G.id, "update", "sent"],
        [C, "update", "offline"],
      ].sort(),
    );
    // The same command as the upload's push: the package's url, hash and version, 30 minutes.
    const cmd = await G.sock.next("command");
    expect(cmd).toMatchObject({ name: "update", timeoutMs: 30 * 60_000 });
    expect(cmd.args).toEqual({
      packageId,
      version: "2.0.0",
      url: `/apm-web/t/package/${packageId}`,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      size: bytes.length,
    });
    G.sock.send({ type: "ack", id: cmd.id, ok: true, data: { version: "2.0.0" } });
    await settled(amy, [cmd.id]);
    // The package's progress now shows the new terminal beside the first one.
    const info = await ok(await get(amy, "getApkUpdateInfo", { packageId }));
    expect(info.list.map((r: { terminalId: number; state: string }) => [r.terminalId, r.state])).toEqual(
      expect.arrayContaining([
        [A.id, "done"],
        [G.id, "done"],
      ]),
    );
    await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, "/a/api/terminalSet/pushDedicatedApk"), eq(auditLogs.result, "ok")));
      return rows.some((r) => r.target === `package:${packageId} terminal:${G.id},${C}`);
    });
  });

  it("refuses another tenant's package, a terminal outside the range, and a user without the right", async () => {
    const commands = await commandCount();
    // Another tenant's package answers like a missing one.
    const foreign = await post(zed, "pushDedicatedApk", { packageId, ids: [F.id] });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await post(amy, "pushDedicatedApk", { packageId: 999_999, ids: [A.id] })).statusCode).toBe(404);
    // One terminal outside the caller's range: 404, and nothing goes to the others either.
    const outside = await post(amy, "pushDedicatedApk", { packageId, ids: [A.id, F.id] });
    expect(outside.statusCode, outside.body).toBe(404);
    const denied = await post(vic, "pushDedicatedApk", { packageId, ids: [A.id] });
    expect(denied.statusCode).toBe(403);
    const bad = await post(amy, "pushDedicatedApk", { packageId: "x", ids: [A.id] });
    expect(bad.statusCode).toBe(400);
    expect(await commandCount()).toBe(commands);
    expect(A.sock.queue.filter((f) => f.type === "command")).toEqual([]);
  });
});

describe("scanning for waiting terminals", () => {
  it("finds pending terminals: all for the platform, those on the caller's network for others", async () => {
    const near = await registerTerminal(t.app, { name: "New near" });
    const sock = await openSocket(origin, near.token);
    open.push(sock);
    await sock.hello(sampleStatus());
    await t.app.services.hub.flushPresence();
    const far = (await registerTerminal(t.app, { name: "New far" })).terminalId;
    await t.database.db.update(terminals).set({ ip: "203.0.113.9" }).where(eq(terminals.id, far));
    const scan = await ok(await post(admin, "autoScanTerminal", {}));
    expect(scan.list.map((r: { id: number }) => r.id)).toContain(near.terminalId);
    const info = await ok(await get(admin, "getAutoScanTerminalInfo", { scanId: scan.scanId }));
    expect(info.list.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([near.terminalId]));
    // The far one registered before the scan and is not connected: an earlier scan finds it.
    const earlier = await ok(await get(admin, "getAutoScanTerminalInfo", { scanId: "s0" }));
    expect(earlier.list.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([near.terminalId, far]),
    );
    // A customer's user sees those connecting from their own address only (inject comes from 127.0.0.1).
    const mine = await ok(await get(amy, "getAutoScanTerminalInfo", { scanId: "s0" }));
    const ids = mine.list.map((r: { id: number }) => r.id);
    expect(ids).toContain(near.terminalId);
    expect(ids).not.toContain(far);
    expect(mine.list.find((r: { id: number }) => r.id === near.terminalId)).toMatchObject({ online: true });
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another tenant's terminals and sends nothing", async () => {
    const messageId = await addMessage(o.c1, "Ours");
    const [cmd] = await t.database.db
      .select()
      .from(terminalCommands)
      .where(eq(terminalCommands.terminalId, A.id));
    const row = await terminalRow(t.app, A.id);
    const commands = await commandCount();
    const calls: Array<[string, () => ReturnType<Client["get"]>]> = [
      ["terminalSet", () => post(zed, "terminalSet", { ids: [A.id], settings: { volume: 5 } })],
      ["reboot", () => post(zed, "reboot", { ids: [F.id, A.id] })],
      ["refreshTerminalPrograms", () => post(zed, "refreshTerminalPrograms", { ids: [A.id] })],
      ["screenShoot", () => post(zed, "screenShoot", { ids: [A.id] })],
      ["getRltPrograms", () => post(zed, "getRltPrograms", { ids: [A.id] })],
      ["doClearProgram", () => post(zed, "doClearProgram", { ids: [A.id] })],
      ["removeTerminals", () => post(zed, "removeTerminals", { ids: [A.id] })],
      ["deleteFileByTerminalIds", () => post(zed, "deleteFileByTerminalIds", { ids: [A.id] })],
      ["onlyScreenShoot", () => get(zed, "onlyScreenShoot", { id: A.id })],
      ["getRltScreenShoot", () => get(zed, "getRltScreenShoot", { id: A.id })],
      ["getRltMonitor", () => post(zed, "getRltMonitor", { ids: [A.id] })],
      ["getRltMonitor office", () => post(zed, "getRltMonitor", { officeId: o.c1 })],
      ["onlyProgramList", () => get(zed, "onlyProgramList", { id: A.id })],
      ["getCurTerminalProgram", () => post(zed, "getCurTerminalProgram", { ids: [A.id] })],
      ["getCurTerminalMessage", () => post(zed, "getCurTerminalMessage", { id: A.id })],
      ["deleteTerminalMessage", () => post(zed, "deleteTerminalMessage", { id: A.id, messageId })],
      ["doProgramPlayNow", () => post(zed, "doProgramPlayNow", { ids: [A.id], programId: null })],
      ["doMessagePlayNow", () => post(zed, "doMessagePlayNow", { ids: [A.id], messageId })],
      ["doProgramPlaySet", () => get(zed, "doProgramPlaySet", { ids: `${A.id}` })],
      ["retry", () => post(zed, "retry", { commandIds: [cmd?.id] })],
      ["pushDedicatedApk", () => post(zed, "pushDedicatedApk", { packageId: 1, ids: [A.id] })],
      [
        "sendDedicatedApk",
        () =>
          zed.request(
            "POST",
            "/a/api/terminalSet/sendDedicatedApk",
            multipart({ version: "9", ids: `${A.id}` }, { name: "p.zip", bytes: Buffer.from("pkg") }),
          ),
      ],
    ];
    for (const [label, call] of calls) {
      const res = await call();
      expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
    }
    expect(await commandCount()).toBe(commands);
    const after = await terminalRow(t.app, A.id);
    expect(after.settings).toEqual(row.settings);
    expect(after.playNow).toEqual(row.playNow);
    // Its own terminal still answers.
    expect((await post(zed, "getRltMonitor", { ids: [F.id] })).statusCode).toBe(200);
  });
});

describe("removing terminals", () => {
  it("deletes them and closes their sockets refused", async () => {
    const res = await ok(await post(amy, "removeTerminals", { ids: [B.id] }));
    expect(res.removed).toBe(1);
    expect((await B.sock.closed).code).toBe(CLOSE_REFUSED);
    const [gone] = await t.database.db.select().from(terminals).where(eq(terminals.id, B.id));
    expect(gone).toBeUndefined();
  });
});
