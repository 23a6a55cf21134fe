import type { Permission } from "@marquee/contracts";
import { createProgram } from "@marquee/program";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { contentHistory, playPlans, publications, publicationTargets, terminals } from "../src/db/schema";
import { CONTENT_KINDS } from "../src/modules/content/kinds";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

const RIGHTS: Permission[] = [
  "content:program:view",
  "content:program:edit",
  "content:program:delete",
  "content:playPlan:view",
  "content:playPlan:edit",
  "content:playPlan:delete",
  "content:playPlan:review",
];

let t: TestApp;
let amy: Client;
let amy2: Client;
let bob: Client;
let amyId: number;
let officeA: number;
let lobby: number;
let menu: number;
let bobsProgram: number;

const saveProgram = async (c: Client, name: string) => {
  const res = await c.post("/a/api/program/save", {
    name,
    doc: createProgram({ width: 1920, height: 1080 }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
};

/** A plan item every day from 2026-03-01, 08:00–12:00 unless told otherwise. */
const item = (id: string, programId: number, over: Record<string, unknown> = {}) => ({
  id,
  programId,
  startDate: "2026-03-01",
  endDate: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  windows: [{ start: "08:00", end: "12:00" }],
  mode: { kind: "loop" },
  tier: "normal",
  ...over,
});
const planDoc = (items: unknown[], defaultProgramId: number | null = null) => ({ items, defaultProgramId });
const save = (c: Client, body: Record<string, unknown>) => c.post("/a/api/playPlan/save", body);
const planCount = async () => (await t.database.db.select().from(playPlans)).length;

/** A publication of a plan, as the publish module records it, reaching one terminal. */
async function publish(planId: number, name: string, state: "active" | "scheduled" | "withdrawn") {
  const db = t.database.db;
  const [pub] = await db
    .insert(publications)
    .values({
      officeId: officeA,
      kind: "plan",
      contentId: planId,
      name,
      tenantId: officeA,
      state,
      targetCount: 1,
    })
    .returning();
  const [screen] = await db
    .insert(terminals)
    .values({
      officeId: officeA,
      name: `Screen of ${name}`,
      deviceId: `device-${name}`,
      tokenHash: `hash-${name}`,
      enrolCode: `E${name.length}${Date.now() % 100000}`,
      state: "authorised",
      model: "Web player",
      version: "1.0.0",
      width: 1920,
      height: 1080,
    })
    .returning();
  if (!pub || !screen) throw new Error("publication not inserted");
  await db
    .insert(publicationTargets)
    .values({ publicationId: pub.id, terminalId: screen.id, state: "playing" });
  return pub.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  officeA = a.id;
  amyId = (await addUser(t, a.id, "amy", RIGHTS)).id;
  await addUser(t, a.id, "amy2", RIGHTS);
  await addUser(t, b.id, "bob", RIGHTS);
  amy = await signedIn(t, "amy", "amyPass1", "en");
  amy2 = await signedIn(t, "amy2", "amy2Pass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
  lobby = await saveProgram(amy, "Lobby loop");
  menu = await saveProgram(amy2, "Menu board");
  bobsProgram = await saveProgram(bob, "Bob's program");
});
afterAll(async () => {
  await t?.close();
});

describe("saving plans", () => {
  it("creates a draft with its figures, reads it back with its programs, and reports same-tier overlaps", async () => {
    const doc = planDoc(
      [
        item("morning", lobby, { endDate: "2026-03-31" }),
        item("late", menu, { startDate: "2026-03-10", windows: [{ start: "10:00", end: "14:00" }] }),
        item("alert", menu, { tier: "high", startDate: "2026-02-15", endDate: "2026-04-30" }),
      ],
      lobby,
    );
    const res = await save(amy, { name: "Spring", doc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, version: 1, state: "draft" });
    // The save succeeds; the overlap of the two normal items comes back as a warning.
    expect(res.json().conflicts).toEqual([
      { a: "morning", b: "late", tier: "normal", day: "2026-03-10", from: "10:00", to: "12:00" },
    ]);
    const id = res.json().id;

    const detail = (await amy.get("/a/api/playPlan/detail", { id })).json();
    expect(detail.doc).toEqual(doc);
    expect(detail.plan).toMatchObject({
      id,
      name: "Spring",
      state: "draft",
      itemCount: 3,
      conflictCount: 1,
      startDate: "2026-02-15",
      endDate: null,
      publicationCount: 0,
      terminalCount: 0,
      creatorId: amyId,
      creatorName: "amy",
      updatedByName: "amy",
    });
    expect(detail.programs).toEqual([
      expect.objectContaining({ id: lobby, name: "Lobby loop", state: "draft", width: 1920, height: 1080 }),
      expect.objectContaining({ id: menu, name: "Menu board" }),
    ]);
    expect(detail.programs[0].thumbUrl).toMatch(/^\/apm-web\/a\/api\/program\/thumb\?id=\d+&v=1$/);

    // Every item ends: the plan ends on the last of them.
    const bounded = await save(amy2, {
      id,
      version: 1,
      name: "Spring",
      doc: planDoc([
        item("morning", lobby, { endDate: "2026-03-31" }),
        item("b", menu, { endDate: "2026-05-02", windows: [{ start: "14:00", end: "16:00" }] }),
      ]),
    });
    expect(bounded.json()).toMatchObject({ version: 2, conflicts: [] });
    expect((await amy.get("/a/api/playPlan/detail", { id })).json().plan).toMatchObject({
      itemCount: 2,
      conflictCount: 0,
      startDate: "2026-03-01",
      endDate: "2026-05-02",
      updatedByName: "amy2",
    });
  });

  it("refuses bad windows, dates and programs per field, and writes nothing", async () => {
    const before = await planCount();
    const badWindow = await save(amy, {
      name: "Bad",
      doc: planDoc([item("x", lobby, { windows: [{ start: "25:00", end: "26:00" }] })]),
    });
    expect(badWindow.statusCode).toBe(400);
    expect(badWindow.json().errors).toEqual(
      expect.arrayContaining([
        { field: "doc.items.0.windows.0.start", message: "must be a time from 00:00 to 24:00" },
      ]),
    );
    const backwards = await save(amy, {
      name: "Bad",
      doc: planDoc([item("x", lobby, { startDate: "2026-05-01", endDate: "2026-04-01" })]),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { field: "doc.items.0.endDate", message: "must not be before the start" },
    ]);

    const unknown = await save(amy, { name: "Bad", doc: planDoc([item("x", lobby), item("y", 999_999)]) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe("These programs do not exist or are outside your data range: 999999");
    expect(unknown.json().errors).toEqual([
      { field: "doc.items.1.programId", message: expect.stringContaining("999999") },
    ]);

    // Another tenant's program looks the same as none, in the default program too.
    const foreign = await save(amy, { name: "Bad", doc: planDoc([item("x", lobby)], bobsProgram) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe(
      `These programs do not exist or are outside your data range: ${bobsProgram}`,
    );
    expect(foreign.json().errors).toEqual([{ field: "doc.defaultProgramId", message: expect.any(String) }]);
    expect(await planCount()).toBe(before);
  });

  it("refuses a stale version with 409 and who saved when, then overwrites when forced", async () => {
    const id = (await save(amy, { name: "Shared", doc: planDoc([item("a", lobby)]) })).json().id;
    expect((await save(amy2, { id, version: 1, name: "Shared 2", doc: planDoc([]) })).statusCode).toBe(200);
    const stale = await save(amy, { id, version: 1, name: "Shared 3", doc: planDoc([]) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      msg: "Play plan Shared 2 was saved by someone else after you opened it (now version 2)",
      current: { version: 2, updatedByName: "amy2" },
    });
    const forced = await save(amy, { id, version: 1, force: true, name: "Shared 3", doc: planDoc([]) });
    expect(forced.json()).toMatchObject({ version: 3 });
  });

  it("brings an approved plan back to draft when it is edited, and says so in its history", async () => {
    const id = (await save(amy, { name: "Approved", doc: planDoc([item("a", lobby)]) })).json().id;
    expect((await amy.post("/a/api/playPlan/submit", { ids: String(id) })).json().state).toBe("approved");
    const edited = await save(amy, { id, version: 1, name: "Approved", doc: planDoc([item("a", menu)]) });
    expect(edited.json()).toMatchObject({ state: "draft", version: 2 });
    const history = (await amy.get("/a/api/playPlan/history", { id })).json().list;
    expect(history.map((h: { event: string; from: string; to: string }) => [h.event, h.from, h.to])).toEqual([
      ["edit", "approved", "draft"],
      ["submit", "draft", "approved"],
      ["create", null, "draft"],
    ]);
    expect(history[0]).toMatchObject({ note: "Edited, back to draft", byName: "amy" });
  });
});

describe("the document check of every kind", () => {
  it("refuses an invalid document of each kind with its fields named under doc, and lets a valid one pass", () => {
    for (const spec of Object.values(CONTENT_KINDS)) {
      let thrown: unknown;
      try {
        spec.validate({ items: "none" });
      } catch (err) {
        thrown = err;
      }
      expect(thrown, spec.kind).toBeInstanceOf(z.ZodError);
      expect(
        (thrown as z.ZodError).issues.every((i) => i.path[0] === "doc"),
        spec.kind,
      ).toBe(true);
    }
    expect(() => CONTENT_KINDS.plan.validate({ items: [], defaultProgramId: null })).not.toThrow();
  });
});

describe("copy, delete and the list", () => {
  it("copies a plan as a new draft, by default named after it", async () => {
    const doc = planDoc([
      item("a", lobby),
      item("b", lobby, { windows: [{ start: "09:00", end: "10:00" }] }),
    ]);
    const id = (await save(amy, { name: "Original", doc })).json().id;
    await amy.post("/a/api/playPlan/submit", { ids: String(id) });
    const copy = await amy.post("/a/api/playPlan/copy", { id });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().conflicts).toHaveLength(1);
    const detail = (await amy.get("/a/api/playPlan/detail", { id: copy.json().id })).json();
    expect(detail.plan).toMatchObject({
      name: "Original (copy)",
      state: "draft",
      version: 1,
      conflictCount: 1,
    });
    expect(detail.doc).toEqual(doc);
    const named = await amy.post("/a/api/playPlan/copy", { id, name: "Chosen" });
    expect((await amy.get("/a/api/playPlan/detail", { id: named.json().id })).json().plan.name).toBe(
      "Chosen",
    );
  });

  it("counts each screen once however many active publications reach it, and none whose target was withdrawn", async () => {
    const id = (await save(amy, { name: "Doubly aired", doc: planDoc([item("a", lobby)]) })).json().id;
    const first = await publish(id, "Doubly A", "active");
    const second = await publish(id, "Doubly B", "active");
    const db = t.database.db;
    const [a] = await db.select().from(publicationTargets).where(eq(publicationTargets.publicationId, first));
    if (!a) throw new Error("no target");
    // The second publication also reaches the first one's screen: two publications, two screens.
    await db
      .insert(publicationTargets)
      .values({ publicationId: second, terminalId: a.terminalId, state: "playing" });
    const detail = async () => (await amy.get("/a/api/playPlan/detail", { id })).json().plan;
    expect(await detail()).toMatchObject({ publicationCount: 2, terminalCount: 2 });
    // The second publication's own screen is withdrawn: one screen is reached, by both.
    await db
      .update(publicationTargets)
      .set({ state: "withdrawn" })
      .where(
        and(eq(publicationTargets.publicationId, second), ne(publicationTargets.terminalId, a.terminalId)),
      );
    expect(await detail()).toMatchObject({ publicationCount: 2, terminalCount: 1 });
    const listed = (await amy.get("/a/api/playPlan/list", { name: "doubly aired" })).json();
    expect(listed.list).toEqual([expect.objectContaining({ id, publicationCount: 2, terminalCount: 1 })]);
  });

  it("counts active publications in the list, refuses deleting a published plan naming them, then deletes everything of it", async () => {
    const id = (await save(amy, { name: "On air", doc: planDoc([item("a", lobby)]) })).json().id;
    await publish(id, "Lobby March", "active");
    await publish(id, "Lobby April", "scheduled");
    await publish(id, "Lobby February", "withdrawn");

    const listed = (await amy.get("/a/api/playPlan/list", { name: "on air" })).json();
    expect(listed.list).toEqual([
      expect.objectContaining({ id, name: "On air", publicationCount: 1, terminalCount: 1 }),
    ]);

    const refused = await amy.post("/a/api/playPlan/delete", { ids: String(id) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      "Play plan On air is published as Lobby April, Lobby March; withdraw it before deleting it",
    );
    expect((await amy.get("/a/api/playPlan/detail", { id })).statusCode).toBe(200);

    await t.database.db
      .update(publications)
      .set({ state: "withdrawn" })
      .where(and(eq(publications.kind, "plan"), eq(publications.contentId, id)));
    const deleted = await amy.post("/a/api/playPlan/delete", { ids: String(id) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await amy.get("/a/api/playPlan/detail", { id })).statusCode).toBe(404);
    const db = t.database.db;
    expect(
      await db
        .select()
        .from(contentHistory)
        .where(and(eq(contentHistory.kind, "plan"), eq(contentHistory.contentId, id))),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(publications)
        .where(and(eq(publications.kind, "plan"), eq(publications.contentId, id))),
    ).toHaveLength(0);
  });

  it("filters by name and state, sorts and pages", async () => {
    for (const name of ["Window b", "Window a", "Window c"]) await save(amy2, { name, doc: planDoc([]) });
    const list = (q: Record<string, string | number>) =>
      amy.get("/a/api/playPlan/list", q).then((r) => r.json());
    const sorted = await list({ name: "WINDOW", sort: "name", order: "asc", pageSize: 2, pageNo: 2 });
    expect(sorted).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(sorted.list.map((p: { name: string }) => p.name)).toEqual(["Window c"]);
    expect((await list({ name: "window", state: "approved" })).total).toBe(0);
    expect((await list({ name: "window", state: "draft" })).total).toBe(3);
  });
});

describe("programs named by plans", () => {
  it("cannot be deleted while a plan names them; the refusal names the plans", async () => {
    const program = await saveProgram(amy, "Named");
    const id = (await save(amy, { name: "Uses it", doc: planDoc([], program) })).json().id;
    const refused = await amy.post("/a/api/program/delete", { ids: String(program) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      "Program Named is used by the play plan(s) Uses it; take it out of them before deleting it",
    );
    expect(refused.json().usedBy).toEqual([{ id: program, name: "Named", plans: [{ id, name: "Uses it" }] }]);
    await amy.post("/a/api/playPlan/delete", { ids: String(id) });
    expect((await amy.post("/a/api/program/delete", { ids: String(program) })).statusCode).toBe(200);
  });

  it("cannot be deleted while a publication of them is active", async () => {
    const program = await saveProgram(amy, "Broadcast");
    await t.database.db.insert(publications).values({
      officeId: officeA,
      kind: "program",
      contentId: program,
      name: "Broadcast now",
      tenantId: officeA,
      state: "active",
    });
    const refused = await amy.post("/a/api/program/delete", { ids: String(program) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      "Program Broadcast is published as Broadcast now; withdraw it before deleting it",
    );
  });
});

describe("tenant isolation", () => {
  it("lets another tenant neither see nor touch a plan", async () => {
    const id = (await save(amy, { name: "Private plan", doc: planDoc([item("a", lobby)]) })).json().id;
    const theirs = (await bob.get("/a/api/playPlan/list", { pageSize: 100 })).json();
    expect(theirs.list.map((p: { name: string }) => p.name)).not.toContain("Private plan");
    const checklist = (await bob.get("/a/api/playPlan/checklist", { state: "draft", pageSize: 100 })).json();
    expect(checklist.list.map((p: { id: number }) => p.id)).not.toContain(id);

    expect((await bob.get("/a/api/playPlan/detail", { id })).statusCode).toBe(404);
    expect((await bob.get("/a/api/playPlan/history", { id })).statusCode).toBe(404);
    expect((await save(bob, { id, version: 1, name: "Mine", doc: planDoc([]) })).statusCode).toBe(404);
    expect((await bob.post("/a/api/playPlan/copy", { id })).statusCode).toBe(404);
    expect((await bob.post("/a/api/playPlan/delete", { ids: String(id) })).statusCode).toBe(404);
    expect((await bob.post("/a/api/playPlan/submit", { ids: String(id) })).statusCode).toBe(404);
    expect((await bob.post("/a/api/playPlan/submitNote", { id, note: "hello" })).statusCode).toBe(404);
    expect(
      (await bob.post("/a/api/playPlan/submitResult", { ids: String(id), result: "approved" })).statusCode,
    ).toBe(404);
    const detail = (await amy.get("/a/api/playPlan/detail", { id })).json();
    expect(detail.plan).toMatchObject({ name: "Private plan", version: 1, state: "draft" });
    expect((await amy.get("/a/api/playPlan/history", { id })).json().list).toHaveLength(1);
  });
});
