import type { Permission } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../src/db/schema";
import { noticeText, notify } from "../src/modules/message/notify";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

const READER: Permission[] = ["sys:messageNotification:view"];

let t: TestApp;
let ann: Client;
let ben: Client;
const ids = { ann: 0, ben: 0, customer: 0 };

type Notice = { id: number; contentCn: string; contentEn: string; readState: "0" | "1" };
const listOf = async (client: Client, query: Record<string, string | number> = {}) => {
  const res = await client.get("/a/api/message/list", { pageSize: 50, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { messageList: Notice[]; total: number; unread: number; pageNo: number };
};
const rowsOf = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const customer = await addOffice(t, platform, "customer", "Customer");
  ids.customer = customer.id;
  const a = await addUser(t, customer.id, "ann", [
    ...READER,
    "content:playPlan:view",
    "content:playPlan:edit",
  ]);
  const b = await addUser(t, customer.id, "ben", [
    ...READER,
    "content:playPlan:view",
    "content:playPlan:review",
  ]);
  ids.ann = a.id;
  ids.ben = b.id;
  ann = await signedIn(t, a.username, a.password, "en");
  ben = await signedIn(t, b.username, b.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("notify", () => {
  it("writes one unread notice per user, in Chinese and English, from a catalogue key", async () => {
    const n = await notify(
      t.database.db,
      [ids.ann, ids.ann, ids.ben, 999_999],
      "plan.reviewNotice",
      (locale) => ({
        name: "Lobby",
        result: locale === "en" ? "Approved" : "已通过",
      }),
    );
    expect(n).toBe(2);
    const [mine] = await rowsOf(ids.ann);
    expect(mine).toMatchObject({
      contentEn: "Play plan Lobby: Approved",
      contentCn: "播放计划 Lobby：已通过",
      readState: "0",
    });
    expect(await notify(t.database.db, [], "plan.reviewNotice")).toBe(0);
    expect(noticeText("common.recordNotFound", { entity: "terminal", id: 7 })).toEqual({
      contentCn: "terminal 7 不存在",
      contentEn: "terminal 7 does not exist",
    });
  });

  it("commits or rolls back with the transaction it is given", async () => {
    const before = (await rowsOf(ids.ann)).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, [ids.ann], "plan.reviewNotice", { name: "Rolled back", result: "x" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await rowsOf(ids.ann)).length).toBe(before);
  });
});

describe("a user's notices", () => {
  it("pages them on the server and filters the unread ones", async () => {
    for (let i = 1; i <= 11; i++) {
      await notify(t.database.db, [ids.ann], "plan.reviewNotice", { name: `Plan ${i}`, result: "Approved" });
    }
    const all = await listOf(ann, { pageNo: 1, pageSize: 5 });
    expect(all).toMatchObject({ total: 12, unread: 12, pageNo: 1 });
    expect(all.messageList.map((m) => m.contentEn)).toEqual([
      "Play plan Plan 11: Approved",
      "Play plan Plan 10: Approved",
      "Play plan Plan 9: Approved",
      "Play plan Plan 8: Approved",
      "Play plan Plan 7: Approved",
    ]);
    const page3 = await listOf(ann, { pageNo: 3, pageSize: 5 });
    expect(page3.messageList.map((m) => m.contentEn)).toEqual([
      "Play plan Plan 1: Approved",
      "Play plan Lobby: Approved",
    ]);

    const first = all.messageList.slice(0, 3).map((m) => m.id);
    const read = await ann.get("/a/api/message/updateReadState", { id: first.join(","), readState: "1" });
    expect(read.json()).toMatchObject({ code: 0, updated: 3 });
    const unread = await listOf(ann, { readState: "0" });
    expect(unread).toMatchObject({ total: 9, unread: 9 });
    expect(unread.messageList.every((m) => m.readState === "0")).toBe(true);
    expect((await listOf(ann, { readState: "1" })).messageList.map((m) => m.id)).toEqual(first);
  });

  it("marks all of the caller's notices read, and nobody else's", async () => {
    const benBefore = await listOf(ben);
    expect(benBefore.unread).toBe(1);
    const res = await ann.post("/a/api/message/readAll", {});
    expect(res.json()).toMatchObject({ code: 0, updated: 9 });
    expect((await listOf(ann)).unread).toBe(0);
    expect((await listOf(ben)).unread).toBe(1);
    expect((await ann.post("/a/api/message/readAll", { all: true })).statusCode).toBe(400);
  });

  it("never reads, marks or deletes another user's notices", async () => {
    const bens = (await listOf(ben)).messageList;
    const benId = bens[0]?.id as number;
    expect(bens.map((m) => m.contentEn)).toEqual(["Play plan Lobby: Approved"]);
    // Ann's list holds only her own; asking for Ben's is refused.
    expect((await listOf(ann)).messageList.some((m) => m.id === benId)).toBe(false);
    expect((await ann.get("/a/api/message/list", { userId: ids.ben })).statusCode).toBe(403);

    const mark = await ann.get("/a/api/message/updateReadState", { id: String(benId), readState: "1" });
    expect(mark.json()).toMatchObject({ code: 0, updated: 0 });
    const del = await ann.post("/a/api/message/delete", { id: String(benId) });
    expect(del.json()).toMatchObject({ code: 0, deleted: 0 });
    expect(await rowsOf(ids.ben)).toEqual([expect.objectContaining({ id: benId, readState: "0" })]);

    // Her own go, in one call with Ben's mixed in.
    const mine = (await listOf(ann, { pageSize: 2 })).messageList.map((m) => m.id);
    const mixed = await ann.post("/a/api/message/delete", { id: [...mine, benId].join(",") });
    expect(mixed.json()).toMatchObject({ deleted: 2 });
    expect((await listOf(ann)).total).toBe(10);
    expect((await rowsOf(ids.ben)).length).toBe(1);
  });

  it("refuses users without the notice permission", async () => {
    const nobody = await addUser(t, ids.customer, "nobody", []);
    const client = await signedIn(t, nobody.username, nobody.password, "en");
    expect((await client.get("/a/api/message/list")).statusCode).toBe(403);
    expect((await client.post("/a/api/message/readAll", {})).statusCode).toBe(403);
  });
});

describe("review notices in the notice list", () => {
  it("tells the reviewer of a submission and the author of the decision", async () => {
    await t.app.services.settings.set("audit", true, null);
    try {
      const saved = await ann.post("/a/api/playPlan/save", {
        name: "Spring campaign",
        doc: { items: [], defaultProgramId: null },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const id = saved.json().id as number;
      expect((await ann.post("/a/api/playPlan/submit", { ids: String(id) })).json().state).toBe("pending");

      const told = (await listOf(ben, { readState: "0" })).messageList[0];
      expect(told?.contentEn).toBe("Play plan Spring campaign awaits your review (submitted by ann)");
      expect(told?.contentCn).toBe("播放计划 Spring campaign 等待您审核（提交人：ann）");

      const decided = await ben.post("/a/api/playPlan/submitResult", {
        ids: String(id),
        result: "rejected",
        note: "no content",
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const heard = (await listOf(ann, { readState: "0" })).messageList[0];
      expect(heard?.contentEn).toBe("Play plan Spring campaign: Rejected (no content)");
    } finally {
      await t.app.services.settings.set("audit", false, null);
    }
  });
});
