import { createHash } from "node:crypto";
import type { Permission, PublicationTarget } from "@marquee/contracts";
import { createProgram, createWidget, type ProgramDoc, type Scene } from "@marquee/program";
import { DEFAULT_MESSAGE, type PlanDoc } from "@marquee/schedule";
import { Manifest } from "@marquee/terminal-protocol";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentHistory,
  materials,
  playPlans,
  programs,
  publications,
  publishMessages,
  terminalGroups,
  terminals,
} from "../src/db/schema";
import { MediaStorage } from "../src/platform/storage";
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
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

/**
 * Publishing and delivery through the real API and real terminal
 * sockets: a program to a group with an offline terminal that catches up,
 * failures reported and retried, withdrawal, review rules, timed
 * publications, tenant walls, "what plays and why", and messages.
 */

let t: TestApp;
let origin: string;
let storage: MediaStorage;
let alice: Client;
let bob: Client;
let admin: Client;
const ids = { shopA: 0, shopB: 0, group: 0, prog: 0, prog2: 0, progB: 0, media: "" };
type Term = { id: number; token: string };
const term = { on: {} as Term, off: {} as Term, disabled: {} as Term, third: {} as Term, b: {} as Term };
const sockets: TestSocket[] = [];
let onSocket: TestSocket;

const RIGHTS: Permission[] = [
  "content:program:view",
  "content:program:publish",
  "content:playPlan:view",
  "content:playPlan:publish",
  "content:message:view",
  "content:message:publish",
  "terminal:device:view",
];

const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");

async function program(
  officeId: number,
  name: string,
  state: "approved" | "draft" | "pending",
  materialId?: number,
) {
  const size = { width: 1920, height: 1080 };
  const doc: ProgramDoc = createProgram(size, "Main");
  if (materialId)
    (doc.scenes[0] as Scene).widgets = [createWidget("image", size, { defaults: { materialId } })];
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId, name, width: 1920, height: 1080, state, doc })
    .returning();
  if (!row) throw new Error("no program");
  return row.id;
}

async function connect(token: string, timezone?: string) {
  const s = await openSocket(origin, token);
  sockets.push(s);
  const welcome = await s.hello(sampleStatus(timezone ? { timezone } : {}));
  return { socket: s, welcome };
}

async function targetsOf(
  c: Client,
  publicationId: number,
  url = "/a/api/publishProgram/getPublishProgramDetails",
) {
  await t.app.services.hub.delivery.flush();
  const res = await c.get(url, { id: publicationId, pageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    publication: { state: string; counts: Record<string, number> };
    list: PublicationTarget[];
  };
}

async function stateOn(publicationId: number, terminalId: number) {
  const d = await targetsOf(alice, publicationId);
  return d.list.find((x) => x.terminalId === terminalId);
}

async function manifestOf(token: string) {
  const res = await fetchManifest(t.app, token);
  expect(res.statusCode, res.body).toBe(200);
  return Manifest.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  storage = new MediaStorage(t.config.dataDir);
  const platform = (await initSystem(t)).officeId;
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  ids.shopA = (await addOffice(t, a.id, "institution", "Shop A")).id;
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  ids.shopB = (await addOffice(t, b.id, "institution", "Shop B")).id;
  await addUser(t, a.id, "alice", RIGHTS);
  await addUser(t, b.id, "bob", RIGHTS);
  alice = await signedIn(t, "alice", "alicePass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  origin = await listening(t.app);

  const file = await sharp({ create: { width: 32, height: 18, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  ids.media = await storage.putBuffer(file);
  expect(ids.media).toBe(md5(file));
  const [m] = await t.database.db
    .insert(materials)
    .values({
      officeId: ids.shopA,
      name: "red.png",
      type: "image",
      md5: ids.media,
      size: file.length,
      mime: "image/png",
      width: 32,
      height: 18,
    })
    .returning();
  ids.prog = await program(ids.shopA, "Morning news", "approved", m?.id);
  ids.prog2 = await program(ids.shopA, "Promotions", "approved");
  ids.progB = await program(ids.shopB, "B program", "approved");
  const [g] = await t.database.db
    .insert(terminalGroups)
    .values({ officeId: ids.shopA, name: "Lobby screens" })
    .returning();
  ids.group = g?.id ?? 0;

  for (const key of ["on", "off", "disabled"] as const) {
    const reg = await registerTerminal(t.app, { name: `Screen ${key}` });
    await authorise(t.app, reg.terminalId, ids.shopA, [], ids.group);
    term[key] = { id: reg.terminalId, token: reg.token };
  }
  await t.database.db.update(terminals).set({ state: "disabled" }).where(eq(terminals.id, term.disabled.id));
  const third = await registerTerminal(t.app, { name: "Screen third" });
  await authorise(t.app, third.terminalId, ids.shopA);
  term.third = { id: third.terminalId, token: third.token };
  const tb = await registerTerminal(t.app, { name: "Screen B" });
  await authorise(t.app, tb.terminalId, ids.shopB);
  term.b = { id: tb.terminalId, token: tb.token };

  onSocket = (await connect(term.on.token, "Europe/Rome")).socket;
  await t.app.services.hub.flushPresence();
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

describe("choosing terminals", () => {
  it("counts what a selection reaches before confirming: online, offline and skipped", async () => {
    const res = await alice.get("/a/api/publishProgram/publishTerminalSaveCount", {
      groupIds: String(ids.group),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, count: 2, online: 1, offline: 1, skipped: 1 });
    const less = await alice.get("/a/api/playPlan/publishTerminalSaveCount", {
      officeIds: String(ids.shopA),
      excludeIds: String(term.off.id),
    });
    expect(less.json()).toMatchObject({ count: 2, online: 1, offline: 1, skipped: 1 });
    const none = await alice.get("/a/api/publishMessage/publishTerminalSaveCount", {});
    expect(none.statusCode).toBe(400);
    // A terminal waiting for authorisation is counted as skipped, and cannot be published to.
    const pending = await registerTerminal(t.app);
    const waiting = await admin.get("/a/api/publishProgram/publishTerminalSaveCount", {
      terminalIds: String(pending.terminalId),
    });
    expect(waiting.json()).toMatchObject({ count: 0, online: 0, offline: 0, skipped: 1 });
    const refused = await admin.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog,
      terminalIds: [pending.terminalId],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe("The selection reaches no authorised terminal in your data range");
  });

  it("shows trees, pages and searches with authorised terminals counted", async () => {
    const tree = (await alice.get("/a/api/publishProgram/officeTreeMap")).json().tree;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ name: "Customer A", total: 3, online: 1 });
    const groups = (await alice.get("/a/api/publishProgram/groupTreeMap")).json().tree;
    expect(groups).toEqual([
      expect.objectContaining({
        kind: "office",
        name: "Shop A",
        total: 2,
        children: [expect.objectContaining({ kind: "group", name: "Lobby screens", total: 2, online: 1 })],
      }),
    ]);
    const page = (await alice.get("/a/api/publishProgram/pageOfficeTreeMap")).json();
    expect(page.list).toEqual([
      expect.objectContaining({ name: "Customer A", terminalCount: 3, onlineCount: 1, hasChildren: true }),
    ]);
    const found = (await alice.get("/a/api/playPlan/searchOffice", { name: "shop" })).json().list;
    expect(found.map((o: { name: string }) => o.name)).toEqual(["Shop A"]);
    const select = (
      await alice.get("/a/api/publishProgram/terminalSelect", { groupId: ids.group, pageSize: 50 })
    ).json();
    expect(select.list.map((x: { id: number }) => x.id).sort()).toEqual([term.on.id, term.off.id].sort());
    const inGroups = (
      await alice.get("/a/api/publishMessage/groupsterminals", { groupIds: String(ids.group) })
    ).json();
    expect(inGroups.total).toBe(2);
  });
});

describe("a program published to a group", () => {
  let pubId = 0;
  let pubName = "";
  let version = "";

  it("records every terminal: the online one notified, the offline one waiting", async () => {
    const res = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog,
      groupIds: [ids.group],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, state: "active", targetCount: 2 });
    expect(body.name).toMatch(/^Morning news \d{4}-\d\d-\d\d \d\d:\d\d$/);
    pubId = body.publicationId;
    pubName = body.name;
    version = (await onSocket.next("sync")).manifestVersion;
    await waitFor(async () => (await stateOn(pubId, term.on.id))?.state === "notified", 5000, "notified");
    expect((await stateOn(pubId, term.off.id))?.state).toBe("offline");
    // The content is published, with the event in its history.
    const [p] = await t.database.db.select().from(programs).where(eq(programs.id, ids.prog));
    expect(p?.state).toBe("published");
    const history = await t.database.db
      .select()
      .from(contentHistory)
      .where(and(eq(contentHistory.kind, "program"), eq(contentHistory.contentId, ids.prog)));
    expect(history).toContainEqual(
      expect.objectContaining({
        event: "publish",
        fromState: "approved",
        toState: "published",
        note: pubName,
      }),
    );
    expect((await terminalRow(t.app, term.on.id)).publicationIds).toEqual([pubId]);
    expect((await terminalRow(t.app, term.disabled.id)).publicationIds).toEqual([]);
  });

  it("gives the online terminal a manifest that carries it, and records the fetch", async () => {
    const m = await manifestOf(term.on.token);
    expect(m.version).toBe(version);
    expect(m.timezone).toBe("Europe/Rome");
    expect(m.schedule).toEqual([
      expect.objectContaining({
        source: "program",
        planId: ids.prog,
        publicationId: pubId,
        items: [expect.objectContaining({ programId: ids.prog, tier: "normal", mode: { kind: "loop" } })],
      }),
    ]);
    expect(m.programs.map((p) => p.id)).toEqual([ids.prog]);
    expect(m.media.map((x) => x.hash)).toEqual([ids.media]);
    expect(m.publications).toEqual([
      { id: pubId, kind: "program", contentId: ids.prog, name: pubName, hashes: [ids.media] },
    ]);
    await waitFor(async () => (await stateOn(pubId, term.on.id))?.state === "fetched", 5000, "fetched");
  });

  it("catches the offline terminal up when it connects", async () => {
    const { welcome } = await connect(term.off.token);
    expect(welcome.manifestVersion).toBeTruthy();
    await waitFor(async () => (await stateOn(pubId, term.off.id))?.state === "notified", 5000, "notified");
    const m = await manifestOf(term.off.token);
    expect(m.publications.map((p) => p.id)).toEqual([pubId]);
    expect(m.timezone).toBe("UTC");
    await waitFor(async () => (await stateOn(pubId, term.off.id))?.state === "fetched", 5000, "fetched");
  });

  it("shows a failure with its reason, retries it, and records what plays after", async () => {
    onSocket.send({
      type: "delivery",
      manifestVersion: version,
      items: [{ publicationId: pubId, state: "failed", reason: "disk full: 2 MB free" }],
    });
    await waitFor(async () => (await stateOn(pubId, term.on.id))?.state === "failed", 5000, "failed");
    expect(await stateOn(pubId, term.on.id)).toMatchObject({ reason: "disk full: 2 MB free", online: true });
    const d = await targetsOf(alice, pubId);
    expect(d.publication.counts).toMatchObject({ failed: 1, fetched: 1, queued: 0 });

    // A refetch does not hide the failure; only a retry does.
    await manifestOf(term.on.token);
    expect((await stateOn(pubId, term.on.id))?.state).toBe("failed");

    const retry = await alice.post("/a/api/publishProgram/reuploadProgramByPublishName", {
      publishName: pubName,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().count).toBe(1);
    expect((await onSocket.next("sync")).manifestVersion).toBe(version);
    await waitFor(
      async () => (await stateOn(pubId, term.on.id))?.state === "notified",
      5000,
      "notified again",
    );
    expect((await stateOn(pubId, term.on.id))?.reason).toBeNull();

    onSocket.send({
      type: "delivery",
      manifestVersion: version,
      items: [{ publicationId: pubId, state: "downloading", done: 0, total: 1 }],
    });
    await waitFor(
      async () => (await stateOn(pubId, term.on.id))?.state === "downloading",
      5000,
      "downloading",
    );
    expect(await stateOn(pubId, term.on.id)).toMatchObject({ done: 0, total: 1 });
    onSocket.send({
      type: "delivery",
      manifestVersion: version,
      items: [{ publicationId: pubId, state: "playing" }],
    });
    await waitFor(async () => (await stateOn(pubId, term.on.id))?.state === "playing", 5000, "playing");
    expect(await stateOn(pubId, term.on.id)).toMatchObject({ done: 1, total: 1 });
    // Fetching the manifest again never moves a playing terminal back.
    await manifestOf(term.on.token);
    expect((await stateOn(pubId, term.on.id))?.state).toBe("playing");
    // Nothing failed is left to retry.
    const again = await alice.post("/a/api/publishProgram/reuploadProgramByPublishName", {
      publishName: pubName,
    });
    expect(again.json().count).toBe(0);
  });

  it("withdraws it from the terminals and approves the program again", async () => {
    const res = await alice.post("/a/api/publishProgram/withdraw", { ids: [ids.prog] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(1);
    const sync = await onSocket.next("sync");
    expect(sync.manifestVersion).not.toBe(version);
    const m = await manifestOf(term.on.token);
    expect(m.schedule).toEqual([]);
    expect(m.publications).toEqual([]);
    expect(m.programs).toEqual([]);
    const d = await targetsOf(alice, pubId);
    expect(d.publication.state).toBe("withdrawn");
    expect(d.list.map((x) => x.state)).toEqual(["withdrawn", "withdrawn"]);
    // A late report of a withdrawn publication changes nothing.
    onSocket.send({
      type: "delivery",
      manifestVersion: version,
      items: [{ publicationId: pubId, state: "playing" }],
    });
    await t.app.services.hub.delivery.flush();
    expect((await stateOn(pubId, term.on.id))?.state).toBe("withdrawn");
    expect((await terminalRow(t.app, term.on.id)).publicationIds).toEqual([]);
    const [p] = await t.database.db.select().from(programs).where(eq(programs.id, ids.prog));
    expect(p?.state).toBe("approved");
    const retry = await alice.post("/a/api/publishProgram/reuploadProgramByPublishName", {
      publishName: pubName,
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().msg).toBe(`Publication ${pubName} is not active (Withdrawn)`);
  });

  it("refuses a publish name already taken in the tenant", async () => {
    const first = await alice.post("/a/api/publishProgram/saveTerminalsJson", {
      id: ids.prog2,
      terminalIds: [term.third.id],
      name: "Spring campaign",
    });
    expect(first.statusCode, first.body).toBe(200);
    const twin = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog2,
      terminalIds: [term.third.id],
      name: "Spring campaign",
    });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().errors).toEqual([
      { field: "name", message: "A publication named Spring campaign already exists" },
    ]);
    await alice.post("/a/api/publication/withdraw", { ids: [first.json().publicationId] });
  });
});

describe("withdrawing from some terminals", () => {
  it("keeps the publication on the others, and ends it with its last terminal", async () => {
    const res = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog2,
      terminalIds: [term.off.id, term.third.id],
      name: "Partial",
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().publicationId;
    const first = await alice.post("/a/api/publication/withdraw", {
      ids: [id],
      terminalIds: [term.third.id],
    });
    expect(first.json().count).toBe(1);
    let d = await targetsOf(alice, id);
    expect(d.publication.state).toBe("active");
    expect(d.list.map((x) => [x.terminalId, x.state === "withdrawn"])).toEqual([
      [term.off.id, false],
      [term.third.id, true],
    ]);
    expect((await terminalRow(t.app, term.third.id)).publicationIds).not.toContain(id);
    expect((await terminalRow(t.app, term.off.id)).publicationIds).toContain(id);
    await alice.post("/a/api/publication/withdraw", { ids: [id], terminalIds: [term.off.id] });
    d = await targetsOf(alice, id);
    expect(d.publication.state).toBe("withdrawn");
    expect((await terminalRow(t.app, term.off.id)).publicationIds).not.toContain(id);
    const [p] = await t.database.db.select().from(programs).where(eq(programs.id, ids.prog2));
    expect(p?.state).toBe("approved");
  });
});

describe("review", () => {
  it("lets only approved content be published while review is on", async () => {
    const draft = await program(ids.shopA, "Draft show", "draft");
    const pending = await program(ids.shopA, "Pending show", "pending");
    await t.app.services.settings.set("audit", true, null);
    try {
      const a = await alice.post("/a/api/publishProgram/saveTerminals", {
        id: draft,
        terminalIds: [term.third.id],
      });
      expect(a.statusCode).toBe(400);
      expect(a.json().msg).toBe("Draft show cannot be published in its state (Draft)");
      const b = await alice.post("/a/api/publishProgram/saveTerminals", {
        id: pending,
        terminalIds: [term.third.id],
      });
      expect(b.statusCode).toBe(400);
      expect(b.json().msg).toBe("Pending show cannot be published in its state (Pending review)");
      const ok = await alice.post("/a/api/publishProgram/saveTerminals", {
        id: ids.prog2,
        terminalIds: [term.third.id],
      });
      expect(ok.statusCode, ok.body).toBe(200);
      await alice.post("/a/api/publication/withdraw", { ids: [ok.json().publicationId] });
    } finally {
      await t.app.services.settings.set("audit", false, null);
    }
    // With review off a draft goes out; one waiting for review does not.
    const c = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: draft,
      terminalIds: [term.third.id],
    });
    expect(c.statusCode, c.body).toBe(200);
    await alice.post("/a/api/publication/withdraw", { ids: [c.json().publicationId] });
    const d = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: pending,
      terminalIds: [term.third.id],
    });
    expect(d.statusCode).toBe(400);
  });
});

describe("switching review on", () => {
  it("takes what review has not cleared off the screens at once", async () => {
    // A plan naming a draft program plays it while review is off; with review on, only approved programs play.
    const draft = await program(ids.shopA, "Unreviewed show", "draft");
    const doc: PlanDoc = {
      items: [
        {
          id: "all-day",
          programId: draft,
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
    const [plan] = await t.database.db
      .insert(playPlans)
      .values({ officeId: ids.shopA, name: "Unreviewed plan", state: "approved", doc, itemCount: 1 })
      .returning();
    if (!plan) throw new Error("no plan");
    const res = await alice.post("/a/api/playPlan/saveTerminals", { id: plan.id, terminalIds: [term.on.id] });
    expect(res.statusCode, res.body).toBe(200);
    const before = await manifestOf(term.on.token);
    expect(before.programs.map((p) => p.id)).toContain(draft);
    // Frames of earlier steps are dropped: the sync that counts comes after the switch.
    while (await onSocket.next("sync", 300).catch(() => null));
    try {
      const on = await admin.post("/a/api/sysSetting/saveKey", { key: "audit", value: true });
      expect(on.statusCode, on.body).toBe(200);
      const told = await onSocket.next("sync");
      const after = await manifestOf(term.on.token);
      expect(told.manifestVersion).toBe(after.version);
      expect(after.programs.map((p) => p.id)).not.toContain(draft);
    } finally {
      await admin.post("/a/api/sysSetting/saveKey", { key: "audit", value: false });
      await alice.post("/a/api/publication/withdraw", { ids: [res.json().publicationId] });
      // The syncs of switching back and withdrawing are not for the tests after this one.
      while (await onSocket.next("sync", 300).catch(() => null));
    }
  });
});

describe("a publication at a time", () => {
  it("waits as scheduled, then the job activates it", async () => {
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const res = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog2,
      terminalIds: [term.on.id],
      publishAt,
      name: "Timed",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "scheduled", targetCount: 1 });
    const id = res.json().publicationId;
    expect((await stateOn(id, term.on.id))?.state).toBe("queued");
    expect((await terminalRow(t.app, term.on.id)).publicationIds).toEqual([]);
    const sync = await onSocket.next("sync", 10_000);
    expect(sync.manifestVersion).toBeTruthy();
    const [pub] = await t.database.db.select().from(publications).where(eq(publications.id, id));
    expect(pub?.state).toBe("active");
    expect((await terminalRow(t.app, term.on.id)).publicationIds).toEqual([id]);
    await waitFor(async () => (await stateOn(id, term.on.id))?.state === "notified", 5000, "notified");
    expect((await manifestOf(term.on.token)).publications.map((p) => p.id)).toEqual([id]);
    await alice.post("/a/api/publication/withdraw", { ids: [id] });
    await onSocket.next("sync");
  });

  it("does nothing when the publication was withdrawn before its time", async () => {
    const res = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog2,
      terminalIds: [term.on.id],
      publishAt: new Date(Date.now() + 500).toISOString(),
    });
    const id = res.json().publicationId;
    const w = await alice.post("/a/api/publication/withdraw", { ids: [id] });
    expect(w.json().count).toBe(1);
    // The job runs at its time and finds nothing to do.
    await waitFor(
      async () =>
        (
          await t.database.pool.query(
            "select 1 from pgboss.job where name = 'publish.activate' and data->>'publicationId' = $1 and state = 'completed'",
            [String(id)],
          )
        ).rowCount === 1,
      10_000,
      "the activation job",
    );
    const [pub] = await t.database.db.select().from(publications).where(eq(publications.id, id));
    expect(pub?.state).toBe("withdrawn");
    expect((await terminalRow(t.app, term.on.id)).publicationIds).toEqual([]);
  });
});

describe("tenants", () => {
  let pubId = 0;
  let pubName = "";
  beforeAll(async () => {
    const res = await alice.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog,
      terminalIds: [term.third.id],
    });
    pubId = res.json().publicationId;
    pubName = res.json().name;
  });

  it("keeps another tenant from selecting, publishing to, reading, retrying or withdrawing", async () => {
    const calls = [
      bob.get("/a/api/publishProgram/terminalSelect", { officeId: ids.shopA }),
      bob.get("/a/api/publishProgram/publishTerminalSaveCount", { terminalIds: String(term.third.id) }),
      bob.get("/a/api/publishProgram/groupTreeMap", { officeId: ids.shopA }),
      bob.post("/a/api/publishProgram/saveTerminals", { id: ids.progB, terminalIds: [term.third.id] }),
      bob.post("/a/api/publishProgram/saveTerminals", { id: ids.prog, terminalIds: [term.b.id] }),
      bob.get("/a/api/publishProgram/getPublishProgramDetails", { id: pubId }),
      bob.get("/a/api/publishProgram/getPublishProgramDetails", { publishName: pubName }),
      bob.get("/a/api/publication/details", { id: pubId }),
      bob.post("/a/api/publishProgram/reuploadProgramByPublishName", { publishName: pubName }),
      bob.post("/a/api/publication/retry", { id: pubId }),
      bob.post("/a/api/publication/withdraw", { ids: [pubId] }),
      bob.post("/a/api/publishProgram/withdraw", { ids: [ids.prog] }),
      bob.get("/a/api/terminal/whatPlays", { id: term.third.id }),
      bob.get("/a/api/terminal/schedule", { id: term.third.id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const list = (await bob.get("/a/api/publication/list")).json();
    expect(list.list.map((p: { id: number }) => p.id)).not.toContain(pubId);
    const [pub] = await t.database.db.select().from(publications).where(eq(publications.id, pubId));
    expect(pub?.state).toBe("active");
    // Even the platform administrator cannot send A's program to B's screens.
    const cross = await admin.post("/a/api/publishProgram/saveTerminals", {
      id: ids.prog,
      terminalIds: [term.b.id],
    });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().msg).toBe("Terminal Screen B belongs to another customer than the content");
    // A's own list shows it, with its counts.
    const mine = (await alice.get("/a/api/publication/list", { kind: "program", state: "active" })).json();
    expect(mine.list).toContainEqual(
      expect.objectContaining({
        id: pubId,
        contentName: "Morning news",
        targetCount: 1,
        counts: expect.any(Object),
      }),
    );
  });
});

describe("what plays and why", () => {
  it("explains which item of a published plan wins, in the terminal's time zone", async () => {
    const base = {
      startDate: "2020-01-01",
      endDate: null,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      mode: { kind: "loop" as const },
    };
    const doc: PlanDoc = {
      items: [
        {
          ...base,
          id: "news",
          programId: ids.prog,
          windows: [{ start: "00:00", end: "24:00" }],
          tier: "normal",
        },
        {
          ...base,
          id: "promo",
          programId: ids.prog2,
          windows: [{ start: "09:00", end: "12:00" }],
          tier: "high",
        },
      ],
      defaultProgramId: null,
    };
    const [plan] = await t.database.db
      .insert(playPlans)
      .values({ officeId: ids.shopA, name: "Week plan", state: "approved", doc, itemCount: 2 })
      .returning();
    if (!plan) throw new Error("no plan");
    await t.database.db
      .update(terminals)
      .set({ timezone: "Europe/Rome" })
      .where(eq(terminals.id, term.third.id));
    const res = await alice.post("/a/api/playPlan/saveTerminals", {
      id: plan.id,
      terminalIds: [term.third.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const planPub = res.json().publicationId;

    const schedule = (await alice.get("/a/api/terminal/schedule", { id: term.third.id })).json();
    expect(schedule.timezone).toBe("Europe/Rome");
    expect(schedule.schedule.map((p: { source: string }) => p.source)).toEqual(["program", "plan"]);

    // 10:00 in Rome (UTC+1 in March): the high-tier promotion overrules the news.
    const at = "2026-03-04T09:00:00Z";
    const plays = await alice.get("/a/api/terminal/whatPlays", { id: term.third.id, at });
    expect(plays.statusCode, plays.body).toBe(200);
    const r = plays.json().resolution;
    expect(r.tier).toBe("high");
    expect(r.playing.map((c: { itemId: string }) => c.itemId)).toEqual(["promo"]);
    expect(r.playing[0]).toMatchObject({ planId: plan.id, publicationId: planPub, programId: ids.prog2 });
    expect(r.why).toContainEqual(
      expect.objectContaining({
        kind: "overrules",
        winner: expect.objectContaining({ itemId: "promo" }),
        loser: expect.objectContaining({ itemId: "news" }),
      }),
    );
    // 13:00 in Rome: the promotion's window closed.
    const later = (
      await alice.get("/a/api/terminal/whatPlays", { id: term.third.id, at: "2026-03-04T12:00:00Z" })
    ).json().resolution;
    expect(later.tier).toBe("normal");
    expect(later.playing.map((c: { itemId: string }) => c.itemId).sort()).toEqual(
      ["news", `p${ids.prog}`].sort(),
    );
    const [p] = await t.database.db.select().from(playPlans).where(eq(playPlans.id, plan.id));
    expect(p?.state).toBe("published");
  });
});

describe("messages", () => {
  it("puts a published message in the manifest's messages and shows its delivery", async () => {
    const doc = { ...DEFAULT_MESSAGE, text: "Fire drill at noon", priority: "emergency" as const };
    const [msg] = await t.database.db
      .insert(publishMessages)
      .values({
        officeId: ids.shopA,
        name: "Drill",
        state: "approved",
        doc,
        kind: "scroll",
        priority: "emergency",
      })
      .returning();
    if (!msg) throw new Error("no message");
    const res = await alice.post("/a/api/publishMessage/savePublish", {
      id: msg.id,
      terminalIds: [term.on.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().publicationId;
    await onSocket.next("sync");
    const m = await manifestOf(term.on.token);
    expect(m.messages).toEqual([
      expect.objectContaining({
        id: msg.id,
        name: "Drill",
        publicationId: id,
        doc: expect.objectContaining(doc),
      }),
    ]);
    expect(m.publications).toEqual([
      { id, kind: "message", contentId: msg.id, name: res.json().name, hashes: [] },
    ]);
    const details = await targetsOf(alice, id, "/a/api/publishMessage/getPublishMessage");
    expect(details.list.map((x) => x.terminalId)).toEqual([term.on.id]);
    // A program publication is not found under the message's name.
    const sent = (await alice.get("/a/api/publishMessage/findSendMessages")).json();
    expect(sent.list.map((p: { id: number; kind: string }) => [p.id, p.kind])).toEqual([[id, "message"]]);
    const plays = (await alice.get("/a/api/terminal/whatPlays", { id: term.on.id })).json().resolution;
    expect(plays.interrupt).toMatchObject({ id: msg.id });
    // Withdrawn by message id: it leaves the manifest.
    const w = await alice.post("/a/api/publishMessage/withdraw", { ids: [msg.id] });
    expect(w.json().count).toBe(1);
    await onSocket.next("sync");
    expect((await manifestOf(term.on.token)).messages).toEqual([]);
    const [row] = await t.database.db.select().from(publishMessages).where(eq(publishMessages.id, msg.id));
    expect(row?.state).toBe("approved");
  });
});
