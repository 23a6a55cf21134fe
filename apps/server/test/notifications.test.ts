import { type Locale, noticeMsg, type Permission } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../src/db/schema";
import { noticeText, notify } from "../src/platform/notify";
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

type Notice = { id: number; content: string; contentCn: string; contentEn: string; readState: "0" | "1" };
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
  it("writes one unread notice per user, with its catalogue key and values and its Chinese and English texts", async () => {
    const n = await notify(t.database.db, [ids.ann, ids.ann, ids.ben, 999_999], "plan.reviewNotice", {
      name: "Lobby",
      result: noticeMsg("program.state.approved"),
    });
    expect(n).toBe(2);
    const [mine] = await rowsOf(ids.ann);
    expect(mine).toMatchObject({
      key: "plan.reviewNotice",
      // the state is kept as its key, to be translated when read
      values: { name: "Lobby", result: { t: "program.state.approved" } },
      contentEn: "Play plan Lobby: Approved",
      contentCn: "播放计划 Lobby：已通过",
      readState: "0",
    });
    expect(await notify(t.database.db, [], "plan.reviewNotice")).toBe(0);
    expect(noticeText("common.recordNotFound", { entity: "terminal", id: 7 })).toEqual({
      key: "common.recordNotFound",
      values: { entity: "terminal", id: 7 },
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
      await notify(t.database.db, [ids.ann], "plan.reviewNotice", {
        name: `Plan ${i}`,
        result: noticeMsg("program.state.approved"),
      });
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

describe("notices in the reader's language", () => {
  /** The notices of a user as they read them in `locale` (the language cookie). */
  const contentIn = async (locale: Locale, username: string, password: string) => {
    const list = (await listOf(await signedIn(t, username, password, locale))).messageList;
    expect(list.length).toBeGreaterThan(0);
    return list.map((m) => m.content);
  };

  it("renders a notice when it is read, translating the values kept as keys, in all six languages", async () => {
    const u = await addUser(t, ids.customer, "reader6", READER);
    await notify(t.database.db, [u.id], "pubMessage.reviewNoticeNote", {
      name: "Soldes",
      result: noticeMsg("program.state.rejected"),
      note: "trop long",
    });
    await notify(t.database.db, [u.id], "alarm.notice.pass", {
      lines: {
        lines: [
          noticeMsg("alarm.notice.offline", {
            minutes: 10,
            count: 12,
            names: noticeMsg("alarm.notice.more", { names: "A, B, C", count: 9 }),
          }),
          noticeMsg("alarm.notice.storageLow", { percent: 90, count: 1, names: "D" }),
        ],
      },
    });
    await notify(t.database.db, [u.id], "pay.noticePaid", {
      no: "PO-1",
      item: { l: { en: "Storage 10 GB", fr: "Stockage 10 Go", zh_CN: "存储 10 GB" } },
    });
    const read = (locale: Locale) => contentIn(locale, u.username, u.password);
    expect(await read("fr")).toEqual([
      expect.stringContaining("PO-1"),
      "Écrans hors ligne depuis plus de 10 minutes (12) : A, B, C et 9 autres\nÉcrans dont le stockage dépasse 90 % (1) : D",
      "Message Soldes : Refusé (trop long)",
    ]);
    expect((await read("fr"))[0]).toContain("Stockage 10 Go");
    expect((await read("it"))[1]).toBe(
      "Schermi offline da più di 10 minuti (12): A, B, C e altri 9\nSchermi con memoria piena oltre il 90% (1): D",
    );
    expect((await read("it"))[0]).toContain("Storage 10 GB"); // no Italian name: the English one
    expect((await read("ru"))[1]).toMatch(/^Экраны не в сети дольше 10 минут \(12\): A, B, C и ещё 9\n/);
    expect((await read("zh_TW"))[2]).toMatch(/^訊息 Soldes：/);
    expect((await read("zh_CN"))[0]).toContain("存储 10 GB");
    expect((await read("en"))[2]).toBe("Message Soldes: Rejected (trop long)");
  });

  it("shows a notice filed before keys were kept, or with a key no longer known, in the text it was filed with", async () => {
    const u = await addUser(t, ids.customer, "oldreader", READER);
    await t.database.db.insert(notifications).values([
      { userId: u.id, officeId: ids.customer, contentCn: "旧通知", contentEn: "Old notice" },
      {
        userId: u.id,
        officeId: ids.customer,
        contentCn: "已删除的键",
        contentEn: "Removed key",
        key: "no.such.key",
        values: { name: "x" },
      },
      {
        userId: u.id,
        officeId: ids.customer,
        contentCn: "坏值",
        contentEn: "Bad values",
        key: "plan.reviewNotice",
        // written by hand: odd shapes render as nothing, never fail the list
        values: { name: { t: "no.such.key" }, result: [1, 2] } as never,
      },
    ]);
    const fr = await contentIn("fr", u.username, u.password);
    expect(fr).toEqual(["Plan de diffusion  : ", "Removed key", "Old notice"]);
    const zh = await contentIn("zh_TW", u.username, u.password);
    expect(zh.slice(1)).toEqual(["已删除的键", "旧通知"]);
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
      expect(heard?.content).toBe("Play plan Spring campaign: Rejected (no content)");
      const [annFr] = (await listOf(await signedIn(t, "ann", "annPass1", "fr"), { readState: "0" }))
        .messageList;
      expect(annFr?.content).toBe("Plan de diffusion Spring campaign : Refusé (no content)");
    } finally {
      await t.app.services.settings.set("audit", false, null);
    }
  });
});
