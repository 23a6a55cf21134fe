import type { Permission } from "@marquee/contracts";
import { DEFAULT_MESSAGE } from "@marquee/schedule";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentHistory, publications, publishMessages } from "../src/db/schema";
import { addOffice, addUser, Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";

const RIGHTS: Permission[] = [
  "content:message:view",
  "content:message:edit",
  "content:message:delete",
  "content:message:review",
];

let t: TestApp;
let amy: Client;
let amy2: Client;
let bob: Client;
let officeA: number;

const doc = (over: Record<string, unknown> = {}) => ({
  ...DEFAULT_MESSAGE,
  text: "Store closes at 8 pm",
  ...over,
});
const save = (c: Client, body: Record<string, unknown>) =>
  c.post("/a/api/publishMessage/ajaxSave", { startAt: null, endAt: null, ...body });
const messageCount = async () => (await t.database.db.select().from(publishMessages)).length;

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  officeA = a.id;
  await addUser(t, a.id, "amy", RIGHTS);
  await addUser(t, a.id, "amy2", RIGHTS);
  await addUser(t, b.id, "bob", RIGHTS);
  amy = await signedIn(t, "amy", "amyPass1", "en");
  amy2 = await signedIn(t, "amy2", "amy2Pass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
});
afterAll(async () => {
  await t?.close();
});

describe("messages", () => {
  it("creates a message, previews it, and saves new versions with kind, priority and times in columns", async () => {
    const created = await save(amy, {
      name: "Closing",
      doc: doc(),
      startAt: "2026-03-01T18:00:00+01:00",
      endAt: "2026-03-01T20:00:00+01:00",
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ code: 0, version: 1, state: "draft" });
    const id = created.json().id;

    const preview = (await amy.get("/a/api/publishMessage/messagePreview", { id })).json();
    expect(preview.doc).toEqual(doc());
    expect(preview.message).toMatchObject({
      id,
      name: "Closing",
      state: "draft",
      version: 1,
      kind: "scroll",
      priority: "normal",
      text: "Store closes at 8 pm",
      startAt: "2026-03-01T17:00:00.000Z",
      endAt: "2026-03-01T19:00:00.000Z",
      publicationCount: 0,
      terminalCount: 0,
      creatorName: "amy",
    });

    const alarm = doc({ kind: "notice", priority: "emergency", position: "full", text: "Evacuate now" });
    const updated = await save(amy2, { id, version: 1, name: "Alarm", doc: alarm });
    expect(updated.json()).toMatchObject({ id, version: 2, state: "draft" });
    const [row] = await t.database.db.select().from(publishMessages).where(eq(publishMessages.id, id));
    expect(row).toMatchObject({ kind: "notice", priority: "emergency", startAt: null, endAt: null });
    const again = (await amy.get("/a/api/publishMessage/messagePreview", { id })).json();
    expect(again.message).toMatchObject({ name: "Alarm", text: "Evacuate now", updatedByName: "amy2" });

    const stale = await save(amy, { id, version: 1, name: "Mine", doc: doc() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      msg: "Message Alarm was saved by someone else after you opened it (now version 2)",
      current: { version: 2, updatedByName: "amy2" },
    });
    expect((await save(amy, { id, version: 1, force: true, name: "Mine", doc: doc() })).json().version).toBe(
      3,
    );
  });

  it("refuses an end before the start, in the caller's language, and bad documents per field", async () => {
    const before = await messageCount();
    const fr = new Client(t.app, "fr");
    fr.cookies.set("Authorization", amy.sessionToken ?? "");
    const backwards = await save(fr, {
      name: "Backwards",
      doc: doc(),
      startAt: "2026-03-02T10:00:00Z",
      endAt: "2026-03-02T09:00:00Z",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ field: "endAt", message: "ne peut pas précéder le début" }]);

    const bad = await save(amy, { name: "Bad", doc: doc({ text: "  ", color: "red" }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: "doc.text", message: "needs a text" },
        { field: "doc.color", message: "must be a colour like #1677ff, or transparent" },
      ]),
    );
    expect(await messageCount()).toBe(before);
  });

  it("lists by name, kind, priority and state, newest first", async () => {
    await save(amy, { name: "Promo scroll", doc: doc() });
    await save(amy, { name: "Promo notice", doc: doc({ kind: "notice" }) });
    await save(amy, { name: "Promo alarm", doc: doc({ priority: "emergency" }) });
    const list = (q: Record<string, string>) =>
      amy
        .get("/a/api/publishMessage/list", q)
        .then((r) => r.json().list.map((m: { name: string }) => m.name));
    expect(await list({ name: "promo" })).toEqual(["Promo alarm", "Promo notice", "Promo scroll"]);
    expect(await list({ name: "promo", kind: "notice" })).toEqual(["Promo notice"]);
    expect(await list({ name: "promo", priority: "emergency" })).toEqual(["Promo alarm"]);
    expect(await list({ name: "promo", state: "approved" })).toEqual([]);
    // Paged: each page carries the filter's total, a page past the end too.
    const page = (pageNo: number) =>
      amy
        .get("/a/api/publishMessage/list", { name: "promo", pageSize: "2", pageNo: String(pageNo) })
        .then((r) => r.json());
    expect(await page(2)).toMatchObject({ total: 3, pageNo: 2, list: [{ name: "Promo scroll" }] });
    expect(await page(3)).toMatchObject({ total: 3, pageNo: 3, list: [] });
  });

  it("deletes one or many with their history, but not while a publication is active or scheduled", async () => {
    const one = (await save(amy, { name: "One", doc: doc() })).json().id;
    const two = (await save(amy, { name: "Two", doc: doc() })).json().id;
    const three = (await save(amy, { name: "Three", doc: doc() })).json().id;
    await t.database.db.insert(publications).values({
      officeId: officeA,
      kind: "message",
      contentId: two,
      name: "Tonight",
      tenantId: officeA,
      state: "scheduled",
      publishAt: new Date(Date.now() + 3_600_000),
    });

    const refused = await amy.post("/a/api/publishMessage/delete", { ids: `${one},${two}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe("Message Two is published as Tonight; withdraw it before deleting it");
    expect(refused.json().publishedAs).toEqual([{ id: two, name: "Two", publications: ["Tonight"] }]);
    const single = await amy.post("/a/api/publishMessage/ajaxDelete", { id: two });
    expect(single.statusCode).toBe(409);
    expect((await amy.get("/a/api/publishMessage/messagePreview", { id: one })).statusCode).toBe(200);

    expect((await amy.post("/a/api/publishMessage/ajaxDelete", { id: one })).statusCode).toBe(200);
    expect((await amy.post("/a/api/publishMessage/delete", { ids: [three] })).statusCode).toBe(200);
    for (const id of [one, three]) {
      expect((await amy.get("/a/api/publishMessage/messagePreview", { id })).statusCode).toBe(404);
      const history = await t.database.db
        .select()
        .from(contentHistory)
        .where(and(eq(contentHistory.kind, "message"), eq(contentHistory.contentId, id)));
      expect(history).toHaveLength(0);
    }
  });

  it("lets another tenant neither see nor touch a message", async () => {
    const id = (await save(amy, { name: "Private message", doc: doc() })).json().id;
    const theirs = (await bob.get("/a/api/publishMessage/list", { pageSize: 100 })).json();
    expect(theirs.list.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await bob.get("/a/api/publishMessage/messagePreview", { id })).statusCode).toBe(404);
    expect((await bob.get("/a/api/publishMessage/history", { id })).statusCode).toBe(404);
    expect((await save(bob, { id, version: 1, name: "Mine", doc: doc() })).statusCode).toBe(404);
    expect((await bob.post("/a/api/publishMessage/ajaxDelete", { id })).statusCode).toBe(404);
    expect((await bob.post("/a/api/publishMessage/delete", { ids: String(id) })).statusCode).toBe(404);
    expect((await bob.post("/a/api/publishMessage/submit", { ids: String(id) })).statusCode).toBe(404);
    expect((await bob.post("/a/api/publishMessage/submitNote", { id, note: "hi" })).statusCode).toBe(404);
    expect(
      (await bob.post("/a/api/publishMessage/submitResult", { ids: String(id), result: "rejected" }))
        .statusCode,
    ).toBe(404);
    const preview = (await amy.get("/a/api/publishMessage/messagePreview", { id })).json();
    expect(preview.message).toMatchObject({ name: "Private message", version: 1, state: "draft" });
  });
});
