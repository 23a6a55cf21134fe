import { createProgram } from "@marquee/program";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { programs } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  secondProcess,
  signedIn,
  type TestApp,
} from "./helpers";
import {
  authorise,
  fetchManifest,
  listening,
  openSocket,
  registerTerminal,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

/**
 * Video walls: a wall of screens saved in a grid, a program published to it
 * (each screen's manifest carries its crop, the bezels compensated), the
 * refusals (a cell twice, a terminal of another wall or tenant), the
 * permissions, and the skew computed from the screens' reports, whichever
 * server processes hold the screens (a second process on the same database).
 */

let t: TestApp;
let second: { app: FastifyInstance; database: Database };
let origin: string;
let origin2: string;
let admin: Client;
let platformId: number;
let shopId: number;
let otherShopId: number;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
  shopId = (await addOffice(t, platformId, "customer", "Wall shop")).id;
  otherShopId = (await addOffice(t, platformId, "customer", "Other wall shop")).id;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  origin = await listening(t.app);
  second = await secondProcess(t);
  origin2 = await listening(second.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await second?.app.close();
  await second?.database.close();
  await t?.close();
});

async function addProgram(officeId: number, name: string, width = 3840, height = 2160) {
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId, name, width, height, state: "approved", doc: createProgram({ width, height }) })
    .returning({ id: programs.id });
  if (!row) throw new Error("program not inserted");
  return row.id;
}

/** A terminal of `officeId`, connected (to the first process, or the second) when `online`. */
async function terminal(officeId: number, online: boolean | "second" = false) {
  const reg = await registerTerminal(t.app);
  await authorise(t.app, reg.terminalId, officeId);
  let socket: TestSocket | null = null;
  if (online) {
    socket = await openSocket(online === "second" ? origin2 : origin, reg.token);
    sockets.push(socket);
    await socket.hello();
  }
  return { id: reg.terminalId, token: reg.token, socket };
}

const ok = async (res: Awaited<ReturnType<Client["post"]>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A 2 × 2 wall of 1000 × 500 mm screens with 10 mm bezels on every side (20 mm between two pictures). */
const geometry = {
  rows: 2,
  cols: 2,
  bezelMm: { top: 10, right: 10, bottom: 10, left: 10 },
  screenWidthMm: 1000,
  screenHeightMm: 500,
  width: 3840,
  height: 2160,
};

describe("a video wall", () => {
  it("is saved in a grid, and a program published to it gives each screen its crop, bezels skipped", async () => {
    const screens = await Promise.all([0, 1, 2, 3].map(() => terminal(shopId)));
    const cells = screens.map((s, i) => ({ terminalId: s.id, row: Math.floor(i / 2), col: i % 2 }));
    const saved = await ok(
      await admin.post("/a/api/wall/save", { name: "Lobby", ...geometry, screens: cells }),
    );
    expect(saved.wall).toMatchObject({ name: "Lobby", officeId: shopId, rows: 2, cols: 2, programId: null });
    expect(saved.wall.screens).toHaveLength(4);
    const listed = await ok(await admin.get("/a/api/wall/list"));
    expect(listed.list.map((w: { id: number }) => w.id)).toContain(saved.wall.id);

    const programId = await addProgram(shopId, "Across");
    const before = Date.now();
    const published = await ok(
      await admin.post("/a/api/wall/publish", { id: saved.wall.id, programId, leadSeconds: 5 }),
    );
    const startAt: number = published.wall.startAtMs;
    expect(startAt).toBeGreaterThanOrEqual(before + 5000);

    // The wall spans 2 × 1000 + 20 mm across and 2 × 500 + 20 mm down; 3840 × 2160 px on it.
    const sx = 3840 / 2020;
    const sy = 2160 / 1020;
    const expected = [
      { x: 0, y: 0 },
      { x: 1020 * sx, y: 0 },
      { x: 0, y: 520 * sy },
      { x: 1020 * sx, y: 520 * sy },
    ];
    for (const [i, s] of screens.entries()) {
      const res = await fetchManifest(t.app, s.token);
      expect(res.statusCode).toBe(200);
      const playNow = res.json().playNow;
      expect(playNow).toMatchObject({ programId, startAt, wall: { wallId: saved.wall.id } });
      const crop = playNow.wall.crop;
      expect(crop.x).toBeCloseTo(expected[i]?.x ?? -1, 6);
      expect(crop.y).toBeCloseTo(expected[i]?.y ?? -1, 6);
      expect(crop.width).toBeCloseTo(1000 * sx, 6);
      expect(crop.height).toBeCloseTo(500 * sy, 6);
    }
    // The right column starts 20 mm of picture after the left one ends: those pixels are behind the bezels.
    expect(expected[1]?.x ?? 0).toBeGreaterThan(1000 * sx + 37);

    // Stopping clears what the screens play; deleting frees the terminals for another wall.
    await ok(await admin.post("/a/api/wall/stop", { id: saved.wall.id }));
    expect((await terminalRow(t.app, screens[0]?.id ?? 0)).playNow).toBeNull();
    await ok(await admin.post("/a/api/wall/delete", { id: saved.wall.id }));
    await ok(
      await admin.post("/a/api/wall/save", {
        name: "Again",
        ...geometry,
        rows: 1,
        cols: 1,
        screens: [{ terminalId: screens[0]?.id, row: 0, col: 0 }],
      }),
    );
  });

  it("refuses a cell twice, a cell outside the grid, a terminal of another wall or another tenant", async () => {
    const [a, b, c] = await Promise.all([terminal(shopId), terminal(shopId), terminal(shopId)]);
    const fr = await signedIn(t, ADMIN.username, ADMIN.password, "fr");
    const cell = (id: number | undefined, row: number, col: number) => ({ terminalId: id, row, col });
    const twice = await fr.post("/a/api/wall/save", {
      name: "Bad",
      ...geometry,
      screens: [cell(a?.id, 0, 0), cell(b?.id, 0, 0)],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toContain("ligne 1, colonne 1");
    const outside = await admin.post("/a/api/wall/save", {
      name: "Bad",
      ...geometry,
      screens: [cell(a?.id, 2, 0)],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toContain("outside the 2 × 2 grid");

    await ok(
      await admin.post("/a/api/wall/save", { name: "First", ...geometry, screens: [cell(a?.id, 0, 0)] }),
    );
    const taken = await fr.post("/a/api/wall/save", {
      name: "Second",
      ...geometry,
      screens: [cell(b?.id, 0, 0), cell(a?.id, 0, 1)],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toContain("appartient déjà à un autre mur d'images");

    const theirs = await terminal(otherShopId);
    const mixed = await admin.post("/a/api/wall/save", {
      name: "Mixed",
      ...geometry,
      screens: [cell(c?.id, 0, 0), cell(theirs.id, 0, 1)],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().msg).toContain("another customer");

    // Another tenant's user: the shop's terminal and wall do not exist for them.
    await addUser(t, otherShopId, "otherwall", ["terminal:wall:view", "terminal:wall:edit"]);
    const other = await signedIn(t, "otherwall", "otherwallPass1", "en");
    const foreign = await other.post("/a/api/wall/save", {
      name: "Steal",
      ...geometry,
      screens: [cell(c?.id, 0, 0)],
    });
    expect(foreign.statusCode).toBe(404);
    const mine = await ok(await admin.get("/a/api/wall/list"));
    const shopWall = mine.list.find((w: { name: string }) => w.name === "First");
    expect((await other.get("/a/api/wall/list")).json().list).toEqual([]);
    expect((await other.get("/a/api/wall/skew", { id: shopWall.id })).statusCode).toBe(404);
    const theirProgram = await addProgram(otherShopId, "Theirs");
    expect(
      (await other.post("/a/api/wall/publish", { id: shopWall.id, programId: theirProgram })).statusCode,
    ).toBe(404);
    expect((await other.post("/a/api/wall/delete", { id: shopWall.id })).statusCode).toBe(404);

    // Seeing walls is not editing them.
    await addUser(t, shopId, "wallviewer", ["terminal:wall:view"]);
    const viewer = await signedIn(t, "wallviewer", "wallviewerPass1", "en");
    expect((await viewer.get("/a/api/wall/list")).statusCode).toBe(200);
    expect((await viewer.post("/a/api/wall/delete", { id: shopWall.id })).statusCode).toBe(403);
    expect(
      (await viewer.post("/a/api/wall/save", { name: "No", ...geometry, screens: [cell(c?.id, 0, 0)] }))
        .statusCode,
    ).toBe(403);
  });

  it("computes the skew between its screens from their reports, on every server process", async () => {
    // a's socket is held by the first process, b's by the second: each passes its screen's reports on.
    const [a, b] = await Promise.all([terminal(shopId, true), terminal(shopId, "second")]);
    const saved = await ok(
      await admin.post("/a/api/wall/save", {
        name: "Skew",
        ...geometry,
        rows: 1,
        screens: [
          { terminalId: a.id, row: 0, col: 0 },
          { terminalId: b.id, row: 0, col: 1 },
        ],
      }),
    );
    const programId = await addProgram(shopId, "Skewed");
    const published = await ok(await admin.post("/a/api/wall/publish", { id: saved.wall.id, programId }));
    const startAt: number = published.wall.startAtMs;
    const wallId: number = saved.wall.id;
    // a changes scene 1 at startAt + 10000 on its clock, 5 ms ahead of the server; b 12 ms later with no offset.
    a.socket?.send({
      type: "wall",
      wallId,
      startAt,
      offsetMs: 5,
      samples: [
        { kind: "scene", cycle: 0, index: 1, at: startAt + 10_005 },
        { kind: "video", cycle: 0, index: 1, at: startAt + 10_505, posMs: 500, durMs: 8000 },
      ],
    });
    b.socket?.send({
      type: "wall",
      wallId,
      startAt,
      offsetMs: 0,
      samples: [
        { kind: "scene", cycle: 0, index: 1, at: startAt + 10_012 },
        { kind: "video", cycle: 0, index: 1, at: startAt + 10_600, posMs: 580, durMs: 8000 },
      ],
    });
    const admin2 = await signedIn({ ...t, app: second.app }, ADMIN.username, ADMIN.password, "en");
    for (const [name, client] of [
      ["first", admin],
      ["second", admin2],
    ] as const) {
      let skew: Record<string, { samples: number; maxMs: number | null }> = {};
      await waitFor(
        async () => {
          skew = await ok(await client.get("/a/api/wall/skew", { id: wallId }));
          return (skew.scene?.samples ?? 0) > 0 && (skew.video?.samples ?? 0) > 0;
        },
        8000,
        `the skew on the ${name} process`,
      );
      expect(skew).toMatchObject({ targetMs: 33 });
      // Server clock: a at startAt + 10000, b at + 10012; device clocks: 10005 and 10012.
      expect(skew.scene?.maxMs).toBe(12);
      expect(skew.sceneDevice?.maxMs).toBe(7);
      // Position less server time: a 500 − 10500, b 580 − 10600: 20 ms apart.
      expect(skew.video?.maxMs).toBe(20);
    }
  });
});
