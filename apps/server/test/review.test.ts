import type { Permission } from "@marquee/contracts";
import { createProgram } from "@marquee/program";
import { DEFAULT_MESSAGE } from "@marquee/schedule";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, notifications, users } from "../src/db/schema";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

const AUTHOR: Permission[] = [
  "content:program:view",
  "content:program:edit",
  "content:playPlan:view",
  "content:playPlan:edit",
  "content:message:view",
  "content:message:edit",
];
const REVIEW: Permission[] = ["content:program:review", "content:playPlan:review", "content:message:review"];

let t: TestApp;
/** Author and reviewer at once: the case the self-approval rule is for. */
let amy: Client;
let rita: Client;
let bob: Client;
const ids = { amy: 0, rita: 0, bob: 0, admin: 0 };

const newProgram = async (name: string) =>
  (await amy.post("/a/api/program/save", { name, doc: createProgram({ width: 1920, height: 1080 }) })).json()
    .id as number;
const newPlan = async (name: string) =>
  (await amy.post("/a/api/playPlan/save", { name, doc: { items: [], defaultProgramId: null } })).json()
    .id as number;
const newMessage = async (name: string) =>
  (
    await amy.post("/a/api/publishMessage/ajaxSave", {
      name,
      doc: { ...DEFAULT_MESSAGE, text: "Hello" },
      startAt: null,
      endAt: null,
    })
  ).json().id as number;

/** The three kinds under review, with their calls. */
const KINDS = [
  {
    kind: "plan",
    create: newPlan,
    submit: "/a/api/playPlan/submit",
    decide: "/a/api/playPlan/submitResult",
    note: "/a/api/playPlan/submitNote",
    history: "/a/api/playPlan/history",
    checklist: "/a/api/playPlan/checklist",
    label: "Play plan",
  },
  {
    kind: "message",
    create: newMessage,
    submit: "/a/api/publishMessage/submit",
    decide: "/a/api/publishMessage/submitResult",
    note: "/a/api/publishMessage/submitNote",
    history: "/a/api/publishMessage/history",
    checklist: "/a/api/publishMessage/checklist",
    label: "Message",
  },
  {
    kind: "program",
    create: newProgram,
    submit: "/a/api/program/submit",
    decide: "/a/api/publishProgram/submitResult",
    note: "/a/api/publishProgram/submitNote",
    history: "/a/api/program/history",
    checklist: "/a/api/publishProgram/checklist",
    label: "Program",
  },
] as const;

const noticesOf = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, "admin"));
  ids.admin = admin?.id ?? 0;
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  ids.amy = (await addUser(t, a.id, "amy", [...AUTHOR, ...REVIEW])).id;
  ids.rita = (await addUser(t, a.id, "rita", [...AUTHOR, ...REVIEW])).id;
  ids.bob = (await addUser(t, b.id, "bob", [...AUTHOR, ...REVIEW])).id;
  amy = await signedIn(t, "amy", "amyPass1", "en");
  rita = await signedIn(t, "rita", "ritaPass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.app.services.settings.set("audit", false, null);
});

describe("submitting", () => {
  it.each(KINDS)("approves a $kind at once while review is off", async (k) => {
    const id = await k.create(`Quick ${k.kind}`);
    const res = await amy.post(k.submit, { ids: String(id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, state: "approved" });
    const again = await amy.post(k.submit, { ids: String(id) });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(`${k.label} Quick ${k.kind} cannot do this in its state (Approved)`);
  });

  it.each(KINDS)(
    "puts a $kind under review while review is on and tells the tenant's reviewers",
    async (k) => {
      await t.app.services.settings.set("audit", true, null);
      const name = `Waiting ${k.kind}`;
      const id = await k.create(name);
      const before = { amy: (await noticesOf(ids.amy)).length, bob: (await noticesOf(ids.bob)).length };
      expect((await amy.post(k.submit, { ids: String(id) })).json().state).toBe("pending");

      const told = (await noticesOf(ids.rita)).at(-1);
      expect(told).toMatchObject({ contentEn: `${k.label} ${name} awaits your review (submitted by amy)` });
      expect(told?.contentCn).toContain(name);
      // Not the submitter, not another tenant, not the platform's administrator.
      expect((await noticesOf(ids.amy)).length).toBe(before.amy);
      expect((await noticesOf(ids.bob)).length).toBe(before.bob);
      expect((await noticesOf(ids.admin)).filter((n) => n.contentEn.includes(name))).toHaveLength(0);

      const pending = (await rita.get(k.checklist, { name })).json();
      expect(pending.list.map((i: { id: number; state: string }) => [i.id, i.state])).toEqual([
        [id, "pending"],
      ]);
      expect((await bob.get(k.checklist, { name })).json().total).toBe(0);
    },
  );
});

describe("deciding", () => {
  it.each(KINDS)("refuses a reviewer approving their own $kind submission", async (k) => {
    await t.app.services.settings.set("audit", true, null);
    const name = `Own ${k.kind}`;
    const id = await k.create(name);
    await amy.post(k.submit, { ids: String(id) });
    const own = await amy.post(k.decide, { ids: String(id), result: "approved" });
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe(`A reviewer cannot approve their own submission (${name})`);
    if (k.kind === "program") {
      // The program module's own review call keeps the same rule.
      const direct = await amy.post("/a/api/program/review", { ids: String(id), result: "approved" });
      expect(direct.statusCode).toBe(403);
    }
    const still = (await amy.get(k.checklist, { name })).json().list;
    expect(still.map((i: { state: string }) => i.state)).toEqual(["pending"]);
  });

  it.each(KINDS)("lets another reviewer decide a $kind, tells the author, and audits it", async (k) => {
    await t.app.services.settings.set("audit", true, null);
    const name = `Decided ${k.kind}`;
    const id = await k.create(name);
    await amy.post(k.submit, { ids: String(id) });

    const rejected = await rita.post(k.decide, { ids: String(id), result: "rejected", note: "too dark" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await amy.post(k.submit, { ids: String(id) });
    const approved = await rita.post(k.decide, { ids: String(id), result: "approved" });
    expect(approved.json()).toMatchObject({ code: 0, count: 1 });
    const again = await rita.post(k.decide, { ids: String(id), result: "approved" });
    expect(again.statusCode).toBe(400);

    expect((await rita.get(k.checklist, { name, state: "approved" })).json().list).toEqual([
      expect.objectContaining({ id, name, state: "approved" }),
    ]);
    const notes = (await noticesOf(ids.amy)).map((n) => n.contentEn);
    expect(notes).toEqual(
      expect.arrayContaining([`${k.label} ${name}: Rejected (too dark)`, `${k.label} ${name}: Approved`]),
    );
    // Every decision is audited, the refused one too.
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.path, `/apm-web${k.decide}`), eq(auditLogs.target, `${k.kind}:${id}`)))
      .orderBy(auditLogs.id);
    expect(audit.map((a) => [a.userId, a.result, (a.detail as { result?: string } | null)?.result])).toEqual([
      [ids.rita, "ok", "rejected"],
      [ids.rita, "ok", "approved"],
      [ids.rita, "fail", "approved"],
    ]);

    const history = (await amy.get(k.history, { id })).json().list;
    expect(
      history
        .slice(0, 4)
        .map((h: { from: string; to: string; note: string | null }) => [h.from, h.to, h.note]),
    ).toEqual([
      ["pending", "approved", null],
      ["rejected", "pending", null],
      ["pending", "rejected", "too dark"],
      ["draft", "pending", null],
    ]);
    expect(history[0].byName).toBe("rita");
  });

  it.each(KINDS)("keeps notes on a $kind in its history without moving it", async (k) => {
    await t.app.services.settings.set("audit", true, null);
    const id = await k.create(`Noted ${k.kind}`);
    await amy.post(k.submit, { ids: String(id) });
    const res = await rita.post(k.note, { id, note: "Check the logo size" });
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = (await amy.get(k.history, { id })).json().list;
    expect(latest).toMatchObject({
      from: "pending",
      to: "pending",
      note: "Check the logo size",
      byName: "rita",
    });
    if (k.kind !== "program") expect(latest.event).toBe("note");
    const empty = await rita.post(k.note, { id, note: "  " });
    expect(empty.statusCode).toBe(400);
    expect((await rita.get(k.checklist, { name: `Noted ${k.kind}` })).json().total).toBe(1);
  });

  it("lets another tenant decide nothing of this one", async () => {
    await t.app.services.settings.set("audit", true, null);
    for (const k of KINDS) {
      const id = await k.create(`Foreign ${k.kind}`);
      await amy.post(k.submit, { ids: String(id) });
      expect((await bob.post(k.decide, { ids: String(id), result: "approved" })).statusCode).toBe(404);
      expect((await bob.post(k.note, { id, note: "mine" })).statusCode).toBe(404);
      expect((await bob.get(k.checklist, { name: `Foreign ${k.kind}` })).json().total).toBe(0);
    }
  });
});
