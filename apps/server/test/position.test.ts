import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CommandOutcome, MapTerminal, Permission } from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyReportedPositions } from "../src/modules/position/repo";
import { SUGGEST_USER_AGENT } from "../src/modules/position/suggest";
import {
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
  insertTerminal,
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

const MAP_RIGHTS: Permission[] = [
  "terminal:map:view",
  "terminal:device:view",
  "terminal:device:edit",
  "terminal:device:command",
  "terminal:device:settings",
];

let t: TestApp;
let origin: string;
let amy: Client; // every map right, customer C1
let zed: Client; // every map right, customer C2 (another tenant)
let vic: Client; // the map only, C1
let amyZh: Client; // amy in Chinese
const o = { c1: 0, shop: 0, c2: 0 };
const id = { lobby: 0, hall: 0, shopScreen: 0, foreign: 0, unplaced: 0 };
const sockets: TestSocket[] = [];

const addTerminal = (officeId: number, extra: Parameters<typeof insertTerminal>[2] = {}) =>
  insertTerminal(t.app, officeId, extra);

/** A registered terminal authorised into `officeId`, its socket open and welcomed. */
async function onlineTerminal(officeId: number) {
  const reg = await registerTerminal(t.app);
  await authorise(t.app, reg.terminalId, officeId);
  const socket = await openSocket(origin, reg.token);
  sockets.push(socket);
  await socket.hello();
  await t.app.services.hub.flushPresence();
  return { ...reg, socket };
}

const ok = async (res: Awaited<ReturnType<Client["post"]>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const mapOf = async (c: Client, query: Record<string, string | number | boolean> = {}) =>
  (await ok(await c.get("/a/api/terminal/mapTerminals", query))) as {
    list: MapTerminal[];
    total: number;
    config: { tileUrl: string; attribution: string; suggest: boolean };
  };
/** Resolves once the command-done listeners saw this command (the module's listener, registered first, has run). */
function doneSeen(commandId: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = t.app.services.hub.onCommandDone(async (done) => {
      if (!done.some((d) => d.id === commandId)) return;
      stop();
      resolve();
    });
  });
}
const names = (list: MapTerminal[]) => list.map((r) => r.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  const agent = await addOffice(t, officeId, "agent", "Agent");
  o.c1 = (await addOffice(t, agent.id, "customer", "Customer One")).id;
  o.shop = (await addOffice(t, o.c1, "institution", "Shop One")).id;
  o.c2 = (await addOffice(t, agent.id, "customer", "Customer Two")).id;
  await addUser(t, o.c1, "amy", MAP_RIGHTS);
  await addUser(t, o.c2, "zed", MAP_RIGHTS);
  await addUser(t, o.c1, "vic", ["terminal:map:view"]);
  amy = await signedIn(t, "amy", "amyPass1", "en");
  amyZh = await signedIn(t, "amy", "amyPass1", "zh_CN");
  zed = await signedIn(t, "zed", "zedPass1", "en");
  vic = await signedIn(t, "vic", "vicPass1", "en");
  origin = await listening(t.app);

  const seen = new Date(Date.now() - 60_000);
  id.lobby = await addTerminal(o.c1, {
    name: "Lobby",
    online: true,
    lastSeenAt: seen,
    status: sampleStatus({ programName: "Morning loop" }),
    latitude: 45.46,
    longitude: 9.19,
    address: "Piazza del Duomo, Milano",
    positionSource: "manual",
    positionAt: seen,
  });
  id.hall = await addTerminal(o.c1, {
    name: "Hall",
    latitude: 48.85,
    longitude: 2.35,
    positionSource: "device",
  });
  id.shopScreen = await addTerminal(o.shop, { name: "Shop window", latitude: 41.9, longitude: 12.5 });
  id.unplaced = await addTerminal(o.c1, { name: "Unplaced" });
  id.foreign = await addTerminal(o.c2, { name: "Foreign", latitude: 51.5, longitude: -0.12 });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

describe("mapTerminals", () => {
  it("lists the caller's terminals with their positions, status and the map configuration", async () => {
    const map = await mapOf(amy);
    expect(names(map.list)).toEqual(["Hall", "Lobby", "Shop window", "Unplaced"]);
    expect(map.total).toBe(4);
    const lobby = map.list.find((r) => r.id === id.lobby);
    expect(lobby).toMatchObject({
      name: "Lobby",
      officeName: "Customer One",
      status: "online",
      lat: 45.46,
      lng: 9.19,
      address: "Piazza del Duomo, Milano",
      source: "manual",
      programName: "Morning loop",
      autoPosition: false,
    });
    expect(lobby?.lastSeenAt).not.toBeNull();
    expect(map.list.find((r) => r.id === id.unplaced)).toMatchObject({ lat: null, lng: null, source: null });
    expect(map.list.find((r) => r.id === id.hall)).toMatchObject({ status: "offline", source: "device" });
    expect(map.config).toEqual({
      tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
      // The tests leave address search unset (helpers.ts): no public service is asked.
      suggest: false,
    });
    // The other tenant sees only its own, and a user with the map alone may read it.
    expect(names((await mapOf(zed)).list)).toEqual(["Foreign"]);
    expect(names((await mapOf(vic)).list)).toContain("Lobby");
  });

  it("filters by office, status and keyword (name or address), and refuses another tenant's office", async () => {
    expect(names((await mapOf(amy, { officeId: o.shop })).list)).toEqual(["Shop window"]);
    expect(names((await mapOf(amy, { officeId: o.c1, includeChildren: false })).list)).toEqual([
      "Hall",
      "Lobby",
      "Unplaced",
    ]);
    expect(names((await mapOf(amy, { status: "online" })).list)).toEqual(["Lobby"]);
    expect(names((await mapOf(amy, { keyword: "duomo" })).list)).toEqual(["Lobby"]);
    expect(names((await mapOf(amy, { keyword: "window" })).list)).toEqual(["Shop window"]);
    expect((await amy.get("/a/api/terminal/mapTerminals", { officeId: o.c2 })).statusCode).toBe(404);
    expect((await amy.get("/a/api/terminal/mapTerminals", { status: "sleeping" })).statusCode).toBe(400);
  });

  it("answers the tile settings as the system settings hold them", async () => {
    await t.app.services.settings.set("mapTileUrl", "", null);
    await t.app.services.settings.set("mapSuggestUrl", "", null);
    try {
      expect((await mapOf(amy)).config).toMatchObject({ tileUrl: "", suggest: false });
    } finally {
      await t.app.services.settings.set("mapTileUrl", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", null);
      await t.app.services.settings.set("mapSuggestUrl", "", null);
    }
  });
});

describe("manual placement", () => {
  it("places a terminal by hand with its address and clears it again", async () => {
    const res = await ok(
      await amy.post("/a/api/terminal/savePosition", {
        id: id.unplaced,
        lat: 40.4168,
        lng: -3.7038,
        address: " Madrid ",
      }),
    );
    expect(res.terminal).toMatchObject({
      id: id.unplaced,
      lat: 40.4168,
      lng: -3.7038,
      address: "Madrid",
      source: "manual",
    });
    expect(res.autoPositionOff).toBe(false);
    const row = await terminalRow(t.app, id.unplaced);
    expect(row).toMatchObject({ latitude: 40.4168, longitude: -3.7038, positionSource: "manual" });
    expect(row.positionAt).not.toBeNull();

    // Dragging the marker elsewhere drops the old address; coordinates may come form-encoded.
    const moved = await amy.postForm("/a/api/terminal/savePosition", {
      id: String(id.unplaced),
      lat: "40.5",
      lng: "-3.5",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().terminal).toMatchObject({ lat: 40.5, lng: -3.5, address: null });

    const cleared = await ok(await amy.post("/a/api/terminal/clearPosition", { ids: [id.unplaced] }));
    expect(cleared.cleared).toBe(1);
    expect(await terminalRow(t.app, id.unplaced)).toMatchObject({
      latitude: null,
      longitude: null,
      address: null,
      positionSource: null,
      positionAt: null,
    });
  });

  it("refuses coordinates off the globe, missing or of the wrong type, writing nothing", async () => {
    for (const body of [
      { id: id.hall, lat: 91, lng: 0 },
      { id: id.hall, lat: 0, lng: -180.5 },
      { id: id.hall, lat: null, lng: 0 },
      { id: id.hall, lat: "", lng: 0 },
      { id: id.hall, lat: "north", lng: 0 },
      { id: id.hall, lng: 0 },
      { id: id.hall, lat: 1, lng: 1, address: "x".repeat(301) },
      { id: id.hall, lat: 1, lng: 1, extra: true },
    ]) {
      const res = await amy.post("/a/api/terminal/savePosition", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await terminalRow(t.app, id.hall)).toMatchObject({ latitude: 48.85, longitude: 2.35 });
    expect((await amy.post("/a/api/terminal/clearPosition", { ids: "a,b" })).statusCode).toBe(400);
    expect((await amy.get("/a/api/terminal/addressSuggest", { q: "x" })).statusCode).toBe(400);
  });

  it("keeps other tenants' terminals out: 404 as for a missing one, and nothing moves", async () => {
    const res = await zed.post("/a/api/terminal/savePosition", { id: id.lobby, lat: 1, lng: 1 });
    expect(res.statusCode).toBe(404);
    expect((await zed.post("/a/api/terminal/savePosition", { id: 999_999, lat: 1, lng: 1 })).statusCode).toBe(
      404,
    );
    // One foreign id in a batch refuses the whole batch.
    expect((await amy.post("/a/api/terminal/clearPosition", { ids: [id.hall, id.foreign] })).statusCode).toBe(
      404,
    );
    expect((await terminalRow(t.app, id.hall)).latitude).toBe(48.85);
    expect((await terminalRow(t.app, id.foreign)).latitude).toBe(51.5);
    expect((await zed.post("/a/api/terminal/sendGetPositionOrder", { ids: [id.lobby] })).statusCode).toBe(
      404,
    );
    expect(
      (await zed.post("/a/api/terminal/autoGetPosition", { ids: [id.lobby], enabled: true })).statusCode,
    ).toBe(404);
    expect((await terminalRow(t.app, id.lobby)).settings).toEqual({});
  });

  it("needs the edit right to place and the command right to ask", async () => {
    expect(
      (await vic.post("/a/api/terminal/savePosition", { id: id.lobby, lat: 1, lng: 1 })).statusCode,
    ).toBe(403);
    expect((await vic.post("/a/api/terminal/clearPosition", { ids: [id.lobby] })).statusCode).toBe(403);
    expect((await vic.post("/a/api/terminal/sendGetPositionOrder", { ids: [id.lobby] })).statusCode).toBe(
      403,
    );
    expect(
      (await vic.post("/a/api/terminal/autoGetPosition", { ids: [id.lobby], enabled: true })).statusCode,
    ).toBe(403);
    expect((await terminalRow(t.app, id.lobby)).latitude).toBe(45.46);
  });
});

describe("positions from the terminals", () => {
  it("stores the position a terminal answers to the position command", async () => {
    const { socket, terminalId } = await onlineTerminal(o.shop);
    const res = await ok(
      await amy.post("/a/api/terminal/sendGetPositionOrder", { ids: [terminalId, id.hall] }),
    );
    const outcomes = res.list as CommandOutcome[];
    expect(outcomes.find((x) => x.terminalId === terminalId)?.state).toBe("sent");
    expect(outcomes.find((x) => x.terminalId === id.hall)?.state).toBe("offline");
    const frame = await socket.next("command");
    expect(frame).toMatchObject({ name: "position", args: {} });
    socket.send({ type: "ack", id: frame.id, ok: true, data: { lat: 43.7696, lng: 11.2558, accuracy: 25 } });
    await waitFor(
      async () => (await terminalRow(t.app, terminalId)).latitude !== null,
      10_000,
      "stored position",
    );
    const row = await terminalRow(t.app, terminalId);
    expect(row).toMatchObject({ latitude: 43.7696, longitude: 11.2558, positionSource: "device" });
    const marker = (await mapOf(amy)).list.find((r) => r.id === terminalId);
    expect(marker).toMatchObject({ lat: 43.7696, lng: 11.2558, source: "device", status: "online" });
    const [result] = await t.app.services.hub.results([frame.id]);
    expect(result).toMatchObject({ state: "done", data: { lat: 43.7696, lng: 11.2558, accuracy: 25 } });

    // A failed answer (no geolocation) leaves the position as it was.
    await amy.post("/a/api/terminal/sendGetPositionOrder", { ids: [terminalId] });
    const again = await socket.next("command");
    socket.send({ type: "ack", id: again.id, ok: false, reason: "geolocation denied by the user" });
    await waitFor(async () => (await t.app.services.hub.results([again.id]))[0]?.state === "failed");
    expect((await terminalRow(t.app, terminalId)).latitude).toBe(43.7696);
  });

  it("keeps a manual placement made after the position command was sent", async () => {
    const { socket, terminalId } = await onlineTerminal(o.shop);
    await ok(await amy.post("/a/api/terminal/sendGetPositionOrder", { ids: [terminalId] }));
    const frame = await socket.next("command");
    await ok(await amy.post("/a/api/terminal/savePosition", { id: terminalId, lat: 10, lng: 20 }));
    const seen = doneSeen(frame.id);
    socket.send({ type: "ack", id: frame.id, ok: true, data: { lat: 43, lng: 11, accuracy: 5 } });
    await seen;
    expect((await t.app.services.hub.results([frame.id]))[0]?.state).toBe("done");
    expect(await terminalRow(t.app, terminalId)).toMatchObject({
      latitude: 10,
      longitude: 20,
      positionSource: "manual",
    });
  });

  it("turns automatic positioning on: the settings reach the terminal, its reported positions are copied", async () => {
    const { socket, terminalId } = await onlineTerminal(o.c1);
    const res = await ok(
      await amy.post("/a/api/terminal/autoGetPosition", { ids: [terminalId], enabled: true }),
    );
    expect((res.list as CommandOutcome[]).map((x) => [x.terminalId, x.name, x.state])).toEqual([
      [terminalId, "settings", "sent"],
    ]);
    expect((await terminalRow(t.app, terminalId)).settings).toMatchObject({ autoPosition: true });
    const frame = await socket.next("command");
    expect(frame).toMatchObject({ name: "settings", args: { settings: { autoPosition: true } } });
    socket.send({ type: "ack", id: frame.id, ok: true });

    // The player now reports where it is with its heartbeats; the pass copies it.
    socket.send({
      type: "heartbeat",
      status: sampleStatus({ position: { lat: 52.52, lng: 13.405, accuracy: 30 } }),
    });
    await waitFor(
      async () => {
        await t.app.services.hub.flushPresence();
        return (await terminalRow(t.app, terminalId)).status?.position?.lat === 52.52;
      },
      10_000,
      "reported status",
    );
    expect(await copyReportedPositions(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await terminalRow(t.app, terminalId)).toMatchObject({
      latitude: 52.52,
      longitude: 13.405,
      positionSource: "device",
    });
    expect((await mapOf(amy)).list.find((r) => r.id === terminalId)?.autoPosition).toBe(true);
    // Nothing changed: the next pass writes nothing.
    expect(await copyReportedPositions(t.database.db, [terminalId])).toBe(0);

    // Placing it by hand turns its reporting off, so its next heartbeat does not move it back.
    const placed = await ok(
      await amy.post("/a/api/terminal/savePosition", { id: terminalId, lat: 1.5, lng: 2.5 }),
    );
    expect(placed.autoPositionOff).toBe(true);
    expect((await terminalRow(t.app, terminalId)).settings).toMatchObject({ autoPosition: false });
    const off = await socket.next("command");
    expect(off).toMatchObject({ name: "settings", args: { settings: { autoPosition: false } } });
    socket.send({
      type: "heartbeat",
      status: sampleStatus({ position: { lat: 52.52, lng: 13.405, accuracy: 30 } }),
    });
    await t.app.services.hub.flushPresence();
    await copyReportedPositions(t.database.db);
    expect(await terminalRow(t.app, terminalId)).toMatchObject({
      latitude: 1.5,
      longitude: 2.5,
      positionSource: "manual",
    });
  });

  it("never copies a reported position over a manual placement made after the report", async () => {
    const reported = new Date(Date.now() - 3_600_000);
    const placedAt = new Date(Date.now() - 60_000);
    const stale = await addTerminal(o.c1, {
      name: "Stale report",
      settings: { autoPosition: true },
      status: sampleStatus({ position: { lat: 30, lng: 30 } }),
      lastSeenAt: reported,
      latitude: 35,
      longitude: 35,
      positionSource: "manual",
      positionAt: placedAt,
    });
    const fresh = await addTerminal(o.c1, {
      name: "Fresh report",
      settings: { autoPosition: true },
      status: sampleStatus({ position: { lat: 31, lng: 31 } }),
      lastSeenAt: new Date(),
      latitude: 36,
      longitude: 36,
      positionSource: "manual",
      positionAt: placedAt,
    });
    const notAsked = await addTerminal(o.c1, {
      name: "Not reporting",
      status: sampleStatus({ position: { lat: 32, lng: 32 } }),
      lastSeenAt: new Date(),
    });
    await copyReportedPositions(t.database.db, [stale, fresh, notAsked]);
    expect(await terminalRow(t.app, stale)).toMatchObject({ latitude: 35, positionSource: "manual" });
    expect(await terminalRow(t.app, fresh)).toMatchObject({ latitude: 31, positionSource: "device" });
    expect(await terminalRow(t.app, notAsked)).toMatchObject({ latitude: null });
  });

  it("turns it off again and answers offline for a terminal connected nowhere", async () => {
    const res = await ok(
      await amy.post("/a/api/terminal/autoGetPosition", { ids: `${id.hall}`, enabled: "false" }),
    );
    expect((res.list as CommandOutcome[])[0]).toMatchObject({
      terminalId: id.hall,
      name: "settings",
      state: "offline",
    });
    expect((await terminalRow(t.app, id.hall)).settings).toEqual({ autoPosition: false });
  });
});

describe("address suggestions", () => {
  let stand: Server;
  let base: string;
  let mode: "ok" | "error" | "junk" | "shape" = "ok";
  const seen: Array<{ url: URL; headers: IncomingHttpHeaders }> = [];

  beforeAll(async () => {
    // A local stand-in for a Nominatim-compatible search service.
    stand = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      seen.push({ url, headers: req.headers });
      if (mode === "error") {
        res.writeHead(500, { "content-type": "text/plain" }).end("overloaded");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (mode === "junk") return void res.end("<html>not json</html>");
      if (mode === "shape") return void res.end(JSON.stringify({ error: "Unable to geocode" }));
      res.end(
        JSON.stringify([
          {
            place_id: 1,
            display_name: `${url.searchParams.get("q")}, Roma, Italia`,
            lat: "41.9028",
            lon: "12.4964",
          },
          { place_id: 2, display_name: "Nowhere", lat: "999", lon: "0" },
          { place_id: 3, display_name: "Numbers", lat: 45.1, lon: 7.6 },
        ]),
      );
    });
    await new Promise<void>((resolve) => stand.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(stand.address() as AddressInfo).port}/search?countrycodes=it`;
    await t.app.services.settings.set("mapSuggestUrl", base, null);
  });
  afterAll(async () => {
    await new Promise((resolve) => stand.close(resolve));
  });

  it("asks the configured service properly and answers labels with coordinates", async () => {
    mode = "ok";
    const res = await ok(await amy.get("/a/api/terminal/addressSuggest", { q: "Via del Corso 1" }));
    expect(res.list).toEqual([
      { label: "Via del Corso 1, Roma, Italia", lat: 41.9028, lng: 12.4964 },
      { label: "Numbers", lat: 45.1, lng: 7.6 },
    ]);
    const asked = seen.at(-1);
    expect(asked?.url.pathname).toBe("/search");
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({
      countrycodes: "it",
      format: "json",
      q: "Via del Corso 1",
      limit: "5",
      "accept-language": "en",
    });
    expect(asked?.headers["user-agent"]).toBe(SUGGEST_USER_AGENT);
    // The same question again is answered from memory.
    const count = seen.length;
    await ok(await amy.get("/a/api/terminal/addressSuggest", { q: "Via del Corso 1" }));
    expect(seen.length).toBe(count);
  });

  it("answers 502 with a translated message when the service fails or answers junk", async () => {
    mode = "error";
    const failed = await amy.get("/a/api/terminal/addressSuggest", { q: "Piazza Navona" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().msg).toContain("address search service 127.0.0.1");
    expect(failed.json().msg).toContain("HTTP 500");
    mode = "junk";
    expect((await amy.get("/a/api/terminal/addressSuggest", { q: "Campo de' Fiori" })).statusCode).toBe(502);
    mode = "shape";
    const shape = await amyZh.get("/a/api/terminal/addressSuggest", { q: "Trastevere" });
    expect(shape.statusCode).toBe(502);
    expect(shape.json().msg).toContain("地址搜索服务");
  });

  it("answers 503 when the service cannot be reached, and 409 when none is configured", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await t.app.services.settings.set("mapSuggestUrl", `http://127.0.0.1:${port}/search`, null);
    const res = await amy.get("/a/api/terminal/addressSuggest", { q: "Colosseo" });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toContain("cannot be reached");

    await t.app.services.settings.set("mapSuggestUrl", "", null);
    const none = await amy.get("/a/api/terminal/addressSuggest", { q: "Colosseo" });
    expect(none.statusCode).toBe(409);
    expect(none.json().msg).toContain("not configured");
    expect((await vic.get("/a/api/terminal/addressSuggest", { q: "Colosseo" })).statusCode).toBe(403);
    await t.app.services.settings.set("mapSuggestUrl", base, null);
  });
});
