import { hostname } from "node:os";
import type { Permission } from "@marquee/contracts";
import { createProgram } from "@marquee/program";
import type { PlanDoc } from "@marquee/schedule";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { playPlans, programs, webhookDeliveries } from "../src/db/schema";
import { emitWebhookEvent } from "../src/platform/webhooks";
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
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  type TestSocket,
  waitFor,
} from "./terminal-helpers";
import { type Received, Receiver, verified } from "./webhook-receiver";

/**
 * Signed webhooks end to end: real endpoints (an HTTP server on 127.0.0.1), real screens on sockets, the
 * worker of the server under test. The receiver checks every signature the way docs/webhooks.md tells.
 */

const RIGHTS: Permission[] = [
  "sys:webhook:view",
  "sys:webhook:edit",
  "content:playPlan:view",
  "content:playPlan:edit",
  "content:playPlan:publish",
  "terminal:device:view",
];

let t: TestApp;
let origin: string;
const receiver = new Receiver();
let alice: Client;
let bob: Client;
let carol: Client;
let dave: Client;
const office = { a1: 0, shopA: 0, b1: 0, shopB: 0 };
const endpoint = { a: { id: 0, secret: "" }, b: { id: 0, secret: "" } };
const sockets: TestSocket[] = [];
/** How long a screen stays offline here before `terminal.offline` is sent. */
const GRACE_S = 2;

const deliveriesOf = async (c: Client, endpointId: number) => {
  const res = await c.post("/a/api/webhook/deliveries", { endpointId, pageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as Array<{
    id: number;
    eventId: string;
    type: string;
    state: string;
    attempts: number;
    lastStatus: number | null;
  }>;
};

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_RETRY_SECONDS: "1", WEBHOOK_OFFLINE_GRACE_SECONDS: String(GRACE_S) });
  await receiver.start();
  const platform = (await initSystem(t)).officeId;
  const agentA = await addOffice(t, platform, "agent", "Agent A");
  office.a1 = (await addOffice(t, agentA.id, "customer", "Customer A1")).id;
  office.shopA = (await addOffice(t, office.a1, "institution", "Shop A")).id;
  const agentB = await addOffice(t, platform, "agent", "Agent B");
  office.b1 = (await addOffice(t, agentB.id, "customer", "Customer B1")).id;
  office.shopB = (await addOffice(t, office.b1, "institution", "Shop B")).id;
  await addUser(t, office.a1, "alice", RIGHTS);
  await addUser(t, office.b1, "bob", RIGHTS);
  await addUser(t, office.a1, "carol", ["content:playPlan:view"]);
  await addUser(t, office.a1, "dave", ["content:playPlan:view", "content:playPlan:review"]);
  alice = await signedIn(t, "alice", "alicePass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
  carol = await signedIn(t, "carol", "carolPass1", "en");
  dave = await signedIn(t, "dave", "davePass1", "en");
  origin = await listening(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await receiver.stop();
  await t?.close();
});

describe("endpoints", () => {
  it("refuses private addresses while the platform's setting is off, and metadata addresses always", async () => {
    const saved = await alice.post("/a/api/webhook/save", {
      url: receiver.url("/a"),
      events: ["publication.delivered"],
    });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json().msg).toContain("the private address 127.0.0.1 is not allowed");
    await t.app.services.settings.set("webhooksPrivateAddresses", true, null);
    const metadata = await alice.post("/a/api/webhook/save", {
      url: "http://169.254.169.254/latest",
      events: ["publication.delivered"],
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().msg).toContain("169.254.169.254 is not allowed");
  });

  it("answers 400 or 404, never 500, to bad input, and 403 without the permission", async () => {
    const bad = [
      { url: "ftp://example.com/x", events: ["publication.delivered"] },
      { url: "http://user:pw@example.com/", events: ["publication.delivered"] },
      { url: receiver.url("/a"), events: ["publication.exploded"] },
      { url: receiver.url("/a"), events: [] },
      { url: receiver.url("/a"), events: ["order.paid"], secret: "with spaces in it!!" },
      { url: "x".repeat(600), events: ["order.paid"] },
      { id: "one", url: receiver.url("/a"), events: ["order.paid"] },
      { url: receiver.url("/a"), events: ["order.paid"], extra: true },
    ];
    for (const body of bad) {
      const res = await alice.post("/a/api/webhook/save", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await alice.post("/a/api/webhook/delete", { id: 999_999 })).statusCode).toBe(404);
    expect((await alice.post("/a/api/webhook/redeliver", { id: 999_999 })).statusCode).toBe(404);
    expect((await alice.post("/a/api/webhook/test", { id: -1 })).statusCode).toBe(400);
    expect((await alice.post("/a/api/webhook/deliveries", { endpointId: 999_999 })).statusCode).toBe(404);
    expect((await carol.get("/a/api/webhook/list")).statusCode).toBe(403);
    expect(
      (await carol.post("/a/api/webhook/save", { url: receiver.url("/a"), events: ["order.paid"] }))
        .statusCode,
    ).toBe(403);
  });

  it("saves an endpoint per tenant with a generated secret, shown to its administrators only", async () => {
    const a = await alice.post("/a/api/webhook/save", {
      url: receiver.url("/a"),
      description: "A1 integration",
      events: ["publication.delivered", "publication.failed", "terminal.online"],
    });
    expect(a.statusCode, a.body).toBe(200);
    endpoint.a = { id: a.json().item.id, secret: a.json().item.secret };
    expect(endpoint.a.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const b = await bob.post("/a/api/webhook/save", {
      url: receiver.url("/b"),
      events: ["publication.delivered", "publication.failed", "terminal.online", "terminal.offline"],
    });
    expect(b.statusCode, b.body).toBe(200);
    endpoint.b = { id: b.json().item.id, secret: b.json().item.secret };
    const list = (await alice.get("/a/api/webhook/list")).json();
    expect(list.list.map((e: { id: number }) => e.id)).toEqual([endpoint.a.id]);
    expect(list.list[0]).toMatchObject({ url: receiver.url("/a"), secret: endpoint.a.secret, enabled: true });
    expect(list.events.publication).toEqual(["publication.delivered", "publication.failed"]);
  });

  it("sends a signed test ping at once and answers the result", async () => {
    const res = await alice.post("/a/api/webhook/test", { id: endpoint.a.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status: 204, item: { type: "ping", state: "delivered" } });
    const [ping] = receiver.at("/a", "ping");
    expect(ping).toBeDefined();
    expect(verified(ping as Received, endpoint.a.secret)).toBe(true);
    expect(verified(ping as Received, endpoint.b.secret)).toBe(false);
    expect(ping?.json.tenant).toEqual({ id: office.a1, name: "Customer A1" });
  });
});

describe("events", () => {
  let screenA: { id: number; token: string };
  let socketA: TestSocket;
  let publicationId = 0;
  let version = "";

  it("tells a screen online to its tenant's endpoint, never another tenant's", async () => {
    const regA = await registerTerminal(t.app, { name: "Lobby A" });
    await authorise(t.app, regA.terminalId, office.shopA);
    screenA = { id: regA.terminalId, token: regA.token };
    const regB = await registerTerminal(t.app, { name: "Lobby B" });
    await authorise(t.app, regB.terminalId, office.shopB);
    socketA = await openSocket(origin, screenA.token);
    sockets.push(socketA);
    await socketA.hello(sampleStatus());
    const socketB = await openSocket(origin, regB.token);
    sockets.push(socketB);
    await socketB.hello(sampleStatus());
    await t.app.services.hub.flushPresence();
    await waitFor(() => receiver.at("/a", "terminal.online").length === 1, 10_000, "A1's online event");
    await waitFor(() => receiver.at("/b", "terminal.online").length === 1, 10_000, "B1's online event");
    const [onA] = receiver.at("/a", "terminal.online");
    expect(onA?.json.data).toEqual({ terminal: { id: screenA.id, name: "Lobby A" } });
    expect(verified(onA as Received, endpoint.a.secret)).toBe(true);
    // B1's events never reach A1's endpoint.
    for (const r of receiver.at("/a")) expect(r.json.tenant.id).toBe(office.a1);
    for (const r of receiver.at("/b")) expect(r.json.tenant.id).toBe(office.b1);
    expect(JSON.stringify(receiver.at("/a"))).not.toContain("Lobby B");
  });

  it("sends a signed publication.delivered when a screen reports a plan a script published with a token playing", async () => {
    const doc = createProgram({ width: 1920, height: 1080 }, "Main");
    const [program] = await t.database.db
      .insert(programs)
      .values({ officeId: office.shopA, name: "Menu", width: 1920, height: 1080, state: "approved", doc })
      .returning();
    const plan: PlanDoc = {
      items: [
        {
          id: "all-day",
          programId: program?.id ?? 0,
          startDate: "2020-01-01",
          endDate: null,
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          windows: [{ start: "00:00", end: "24:00" }],
          mode: { kind: "loop" },
          tier: "normal",
        },
      ],
      defaultProgramId: null,
    };
    const [row] = await t.database.db
      .insert(playPlans)
      .values({ officeId: office.shopA, name: "Week plan", state: "approved", doc: plan, itemCount: 1 })
      .returning();
    // A script publishes it with an API token (no browser, no session), as the integrations do.
    const made = await alice.post("/a/api/token/save", { name: "publisher", expiresInDays: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const res = await t.app.inject({
      method: "POST",
      url: "/apm-web/a/api/playPlan/saveTerminals",
      headers: { authorization: `Bearer ${made.json().token}`, "content-type": "application/json" },
      payload: { id: row?.id, terminalIds: [screenA.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    publicationId = res.json().publicationId;
    version = (await socketA.next("sync")).manifestVersion;
    socketA.send({
      type: "delivery",
      manifestVersion: version,
      items: [{ publicationId, state: "playing" }],
    });
    await waitFor(() => receiver.at("/a", "publication.delivered").length === 1, 10_000, "delivered");
    const [hook] = receiver.at("/a", "publication.delivered");
    expect(verified(hook as Received, endpoint.a.secret)).toBe(true);
    expect(hook?.json).toMatchObject({
      type: "publication.delivered",
      tenant: { id: office.a1, name: "Customer A1" },
      data: {
        publication: { id: publicationId, kind: "plan" },
        terminal: { id: screenA.id, name: "Lobby A" },
        state: "playing",
      },
    });
    // Another report of the same state is no new event.
    socketA.send({
      type: "delivery",
      manifestVersion: version,
      items: [{ publicationId, state: "playing" }],
    });
    await t.app.services.hub.delivery.flush();
    await t.app.services.webhookWorker.settled();
    expect(receiver.at("/a", "publication.delivered")).toHaveLength(1);
  });

  it("retries a delivery answered 500, then records it delivered", async () => {
    receiver.fail.set("/a", 1);
    socketA.send({
      type: "delivery",
      manifestVersion: version,
      items: [{ publicationId, state: "failed", reason: "disk full" }],
    });
    await waitFor(() => receiver.at("/a", "publication.failed").length === 2, 10_000, "the retry");
    const [first, second] = receiver.at("/a", "publication.failed");
    expect(first?.json.id).toBe(second?.json.id);
    expect(verified(second as Received, endpoint.a.secret)).toBe(true);
    expect(second?.json.data).toMatchObject({ reason: "disk full", terminal: { id: screenA.id } });
    await waitFor(
      async () =>
        (await deliveriesOf(alice, endpoint.a.id)).some(
          (d) => d.type === "publication.failed" && d.state === "delivered",
        ),
      5_000,
      "recorded delivered",
    );
    const failed = (await deliveriesOf(alice, endpoint.a.id)).find((d) => d.type === "publication.failed");
    expect(failed).toMatchObject({ attempts: 2, lastStatus: 204 });
  });

  it("redelivers an event on demand, with the same event id", async () => {
    const [delivered] = (await deliveriesOf(alice, endpoint.a.id)).filter(
      (d) => d.type === "publication.delivered",
    );
    const before = receiver.at("/a", "publication.delivered").length;
    const res = await alice.post("/a/api/webhook/redeliver", { id: delivered?.id });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(
      () => receiver.at("/a", "publication.delivered").length === before + 1,
      10_000,
      "redelivery",
    );
    const again = receiver.at("/a", "publication.delivered").at(-1);
    expect(again?.json.id).toBe(delivered?.eventId);
    expect(verified(again as Received, endpoint.a.secret)).toBe(true);
  });

  it("keeps another tenant's endpoints and deliveries out of reach", async () => {
    const bDeliveries = await deliveriesOf(bob, endpoint.b.id);
    expect(bDeliveries.length).toBeGreaterThan(0);
    const bDelivery = bDeliveries[0]?.id;
    expect((await alice.post("/a/api/webhook/redeliver", { id: bDelivery })).statusCode).toBe(404);
    expect((await alice.post("/a/api/webhook/delete", { id: endpoint.b.id })).statusCode).toBe(404);
    expect((await alice.post("/a/api/webhook/test", { id: endpoint.b.id })).statusCode).toBe(404);
    expect((await alice.post("/a/api/webhook/deliveries", { endpointId: endpoint.b.id })).statusCode).toBe(
      404,
    );
    expect(
      (
        await alice.post("/a/api/webhook/save", {
          id: endpoint.b.id,
          url: receiver.url("/stolen"),
          events: ["order.paid"],
        })
      ).statusCode,
    ).toBe(404);
    const bList = (await bob.get("/a/api/webhook/list")).json().list;
    expect(bList).toEqual([expect.objectContaining({ id: endpoint.b.id, url: receiver.url("/b") })]);
    // Every delivery ever queued for A1's endpoint is A1's.
    const rows = await t.database.db
      .select({ office: webhookDeliveries.officeId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.a.id));
    expect(new Set(rows.map((r) => r.office))).toEqual(new Set([office.a1]));
  });

  it("tells alarms raised and cleared, and reviews requested and decided", async () => {
    const other = await alice.post("/a/api/webhook/save", {
      url: receiver.url("/a2"),
      events: ["alarm.raised", "alarm.cleared", "review.requested", "review.decided"],
    });
    expect(other.statusCode, other.body).toBe(200);
    const secret = other.json().item.secret as string;
    socketA.send({ type: "event", kind: "fault", message: "panel overheated", at: Date.now() });
    await waitFor(() => receiver.at("/a2", "alarm.raised").length === 1, 10_000, "alarm raised");
    socketA.send({ type: "event", kind: "info", message: "fault cleared", at: Date.now() });
    await waitFor(() => receiver.at("/a2", "alarm.cleared").length === 1, 10_000, "alarm cleared");
    const [raised] = receiver.at("/a2", "alarm.raised");
    expect(raised?.json.data).toMatchObject({
      alarm: { kind: "fault" },
      terminal: { id: screenA.id, name: "Lobby A" },
    });
    expect(receiver.at("/a2", "alarm.cleared")[0]?.json.data).toMatchObject({ clearedBy: null });
    expect(verified(raised as Received, secret)).toBe(true);

    await t.app.services.settings.set("audit", true, null);
    try {
      const saved = await alice.post("/a/api/playPlan/save", {
        name: "Reviewed plan",
        doc: { items: [], defaultProgramId: null },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const id = saved.json().id as number;
      expect((await alice.post("/a/api/playPlan/submit", { ids: String(id) })).statusCode).toBe(200);
      await waitFor(() => receiver.at("/a2", "review.requested").length === 1, 10_000, "review requested");
      const decided = await dave.post("/a/api/playPlan/submitResult", {
        ids: String(id),
        result: "rejected",
        note: "too dark",
      });
      expect(decided.statusCode, decided.body).toBe(200);
      await waitFor(() => receiver.at("/a2", "review.decided").length === 1, 10_000, "review decided");
      expect(receiver.at("/a2", "review.requested")[0]?.json.data).toMatchObject({
        item: { kind: "plan", id, name: "Reviewed plan" },
        by: { name: "alice" },
      });
      expect(receiver.at("/a2", "review.decided")[0]?.json.data).toMatchObject({
        item: { kind: "plan", id },
        result: "rejected",
        note: "too dark",
        by: { name: "dave" },
      });
    } finally {
      await t.app.services.settings.set("audit", false, null);
    }
    // Nothing of these reached the endpoint that does not want them, nor B1's.
    expect(receiver.at("/a").filter((r) => r.json.type.startsWith("review."))).toHaveLength(0);
    expect(receiver.at("/b").filter((r) => /^(review|alarm)\./.test(r.json.type))).toHaveLength(0);
  });

  it("takes a bearer token in place of the session", async () => {
    const made = await alice.post("/a/api/token/save", { name: "hooks", expiresInDays: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const res = await t.app.inject({
      method: "GET",
      url: "/apm-web/a/api/webhook/list",
      headers: { authorization: `Bearer ${made.json().token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().list).toHaveLength(2);
  });
});

describe("presence", () => {
  const told = (type: "terminal.online" | "terminal.offline", id: number) =>
    receiver.at("/b", type).filter((r) => (r.json.data.terminal as { id: number }).id === id);
  /** The deliveries of `type` queued for B1's endpoint about screen `id`, sent or not. */
  const queued = async (type: "terminal.online" | "terminal.offline", id: number) =>
    Number(
      (
        await t.database.pool.query(
          `select count(*) as n from webhook_deliveries
            where endpoint_id = $1 and type = $2 and (payload #>> '{data,terminal,id}')::int = $3`,
          [endpoint.b.id, type, id],
        )
      ).rows[0].n,
    );
  const online = async (token: string) => {
    const socket = await openSocket(origin, token);
    sockets.push(socket);
    await socket.hello(sampleStatus());
    await t.app.services.hub.flushPresence();
    return socket;
  };
  const offline = async (socket: TestSocket, id: number) => {
    await socket.close();
    await waitFor(async () => (await queued("terminal.offline", id)) > 0, 10_000, "the offline event queued");
  };

  it("takes back the offline event of a screen back within the grace: a short drop tells nothing", async () => {
    const reg = await registerTerminal(t.app, { name: "Kiosk B" });
    await authorise(t.app, reg.terminalId, office.shopB);
    const first = await online(reg.token);
    await waitFor(() => told("terminal.online", reg.terminalId).length === 1, 10_000, "online");
    await offline(first, reg.terminalId);
    // Queued, not sent: it waits for the grace.
    expect(told("terminal.offline", reg.terminalId)).toHaveLength(0);
    await online(reg.token);
    // Taken back in the write that saw the screen back, and no second "online" queued.
    expect(await queued("terminal.offline", reg.terminalId)).toBe(0);
    expect(await queued("terminal.online", reg.terminalId)).toBe(1);
    await new Promise((r) => setTimeout(r, GRACE_S * 1000 + 500));
    expect(told("terminal.offline", reg.terminalId)).toHaveLength(0);
    expect(told("terminal.online", reg.terminalId)).toHaveLength(1);
  });

  it("waits the grace for the screens of a server process that died, and takes it back as they reconnect", async () => {
    const reg = await registerTerminal(t.app, { name: "Door B" });
    await authorise(t.app, reg.terminalId, office.shopB);
    await online(reg.token);
    await waitFor(() => told("terminal.online", reg.terminalId).length === 1, 10_000, "online");
    // Its row says another process holds it, and that process is dead (no such process on this host).
    const dead = "00000000-0000-4000-8000-00000000dead";
    await t.database.pool.query(
      "insert into server_processes (id, host, pid, role) values ($1, $2, 999999, 'web')",
      [dead, hostname()],
    );
    await t.database.pool.query("update terminals set held_by = $1 where id = $2", [dead, reg.terminalId]);
    expect(await t.app.services.processes.reap()).toContain(dead);
    expect(await queued("terminal.offline", reg.terminalId)).toBe(1);
    // Not due before the grace has passed.
    const due = await t.database.pool.query(
      `select next_attempt_at > now() + make_interval(secs => $2 - 1) as later from webhook_deliveries
        where type = 'terminal.offline' and (payload #>> '{data,terminal,id}')::int = $1`,
      [reg.terminalId, GRACE_S],
    );
    expect(due.rows).toEqual([{ later: true }]);
    expect(told("terminal.offline", reg.terminalId)).toHaveLength(0);
    // It reconnects (through another node, in a cluster) within the grace: neither event is sent.
    await online(reg.token);
    expect(await queued("terminal.offline", reg.terminalId)).toBe(0);
    expect(await queued("terminal.online", reg.terminalId)).toBe(1);
  });

  it("tells a screen offline once it stayed away past the grace, stamped when it dropped, then online when back", async () => {
    const reg = await registerTerminal(t.app, { name: "Window B" });
    await authorise(t.app, reg.terminalId, office.shopB);
    const socket = await online(reg.token);
    await waitFor(() => told("terminal.online", reg.terminalId).length === 1, 10_000, "online");
    const dropped = Date.now();
    await offline(socket, reg.terminalId);
    await waitFor(() => told("terminal.offline", reg.terminalId).length === 1, 20_000, "the offline event");
    const [event] = told("terminal.offline", reg.terminalId);
    expect(verified(event as Received, endpoint.b.secret)).toBe(true);
    expect(event?.json.data).toEqual({ terminal: { id: reg.terminalId, name: "Window B" } });
    // Sent after the grace, stamped with the time the screen dropped.
    expect((event?.receivedAt ?? 0) - dropped).toBeGreaterThanOrEqual(GRACE_S * 1000);
    expect(Math.abs(Date.parse(event?.json.time ?? "") - dropped)).toBeLessThan(GRACE_S * 1000);
    await online(reg.token);
    await waitFor(() => told("terminal.online", reg.terminalId).length === 2, 10_000, "online again");
    expect(told("terminal.offline", reg.terminalId)).toHaveLength(1);
  });
});

describe("a restart", () => {
  it("sends what was queued while no server ran", async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t.app.close();
    const before = receiver.at("/a", "publication.delivered").length;
    // Queued in the database by a change while nothing sends.
    await t.database.db.transaction((tx) =>
      emitWebhookEvent(tx, office.a1, "publication.delivered", { note: "queued during the restart" }),
    );
    t.app = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    await t.app.ready();
    alice.app = t.app;
    await waitFor(
      () => receiver.at("/a", "publication.delivered").length === before + 1,
      15_000,
      "after restart",
    );
    const last = receiver.at("/a", "publication.delivered").at(-1);
    expect(last?.json.data).toEqual({ note: "queued during the restart" });
    expect(verified(last as Received, endpoint.a.secret)).toBe(true);
  });

  it("refuses to send to a private address once the setting is off again (checked at every send)", async () => {
    await t.app.services.settings.set("webhooksPrivateAddresses", false, null);
    const res = await alice.post("/a/api/webhook/test", { id: endpoint.a.id });
    // The session survived the restart (sessions live in the database).
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, status: null });
    expect(res.json().error).toContain("private address 127.0.0.1 is not allowed");
    expect(receiver.at("/a", "ping")).toHaveLength(1);
  });
});
