import { LANGUAGE_COOKIE } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, commonProblems } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
  tableDigests,
} from "./helpers";

let t: TestApp;
let admin: Client;
/** A customer's user with no permission at all: still reads the FAQ and the customer centre. */
let tenant: Client;
/** A customer's user whose role was written to carry the platform-only edit rights anyway. */
let forged: Client;
/** A platform user who may view the FAQ and customer centre pages, not edit them. */
let viewer: Client;

type Problem = { id: number; question: string; answer: string; lang: string | null; enabled: boolean };

const save = (body: Record<string, unknown>) => admin.post("/a/api/commonProblem/save", body);
const questions = (list: Problem[]) => list.map((p) => p.question);
const readAs = async (client: Client, lang: string, query: Record<string, string | number> = {}) => {
  const was = client.cookies.get(LANGUAGE_COOKIE);
  client.cookies.set(LANGUAGE_COOKIE, lang);
  try {
    const res = await client.get("/a/api/commonProblem/list", query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  } finally {
    if (was) client.cookies.set(LANGUAGE_COOKIE, was);
  }
};

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, platform, "agent", "Agent");
  const customer = await addOffice(t, agent.id, "customer", "Customer");
  const c = await addUser(t, customer.id, "cust", []);
  const f = await addUser(t, customer.id, "forged", ["sys:commonProblem:edit", "sys:callCenter:edit"]);
  const v = await addUser(t, platform, "viewer", ["sys:commonProblem:view", "sys:callCenter:view"]);
  tenant = await signedIn(t, c.username, c.password, "en");
  forged = await signedIn(t, f.username, f.password, "en");
  viewer = await signedIn(t, v.username, v.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("FAQ", () => {
  it("saves entries and shows readers those of their language and of every language", async () => {
    const entries = [
      { question: "How do I add a screen?", answer: "Open terminal management.", lang: "en" },
      { question: "如何添加屏幕？", answer: "打开终端管理。", lang: "zh_CN" },
      { question: "Which browsers work? / 支持哪些浏览器？", answer: "Chrome, Edge, Firefox.", lang: "" },
      { question: "Hidden draft", answer: "Not yet.", lang: "en", enabled: false },
    ];
    for (const e of entries) {
      const res = await save(e);
      expect(res.statusCode, res.body).toBe(200);
    }
    const en = await readAs(tenant, "en");
    expect(questions(en.list)).toEqual(["How do I add a screen?", "Which browsers work? / 支持哪些浏览器？"]);
    expect(en.list[1].lang).toBeNull();
    const zh = await readAs(tenant, "zh_CN");
    expect(questions(zh.list)).toEqual(["如何添加屏幕？", "Which browsers work? / 支持哪些浏览器？"]);
    const fr = await readAs(tenant, "fr");
    expect(questions(fr.list)).toEqual(["Which browsers work? / 支持哪些浏览器？"]);

    const found = await readAs(tenant, "en", { keyword: "firefox" });
    expect(questions(found.list)).toEqual(["Which browsers work? / 支持哪些浏览器？"]);
    // LIKE wildcards are searched for literally.
    expect((await readAs(tenant, "en", { keyword: "%" })).total).toBe(0);
    const paged = await readAs(tenant, "en", { pageNo: 2, pageSize: 1 });
    expect(paged).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(questions(paged.list)).toEqual(["Which browsers work? / 支持哪些浏览器？"]);
  });

  it("validates entries and keeps only safe, simple HTML in answers", async () => {
    const empty = await save({ question: "", answer: "x" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: "question", message: "is required" }]);
    const badLang = await save({ question: "Q", answer: "A", lang: "de" });
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json().errors[0].field).toBe("lang");

    const res = await save({
      question: "Where is the manual?",
      answer:
        '<p onclick="steal()">Read <b>the</b> <a href="https://docs.example.com/x" onmouseover="x()">manual</a>' +
        ' or <a href="javascript:alert(1)">this</a>.</p><script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><ul><li>one</li></ul>',
      lang: "en",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problem.answer).toBe(
      '<p>Read <b>the</b> <a href="https://docs.example.com/x" target="_blank" rel="noopener noreferrer">manual</a>' +
        ' or <a target="_blank" rel="noopener noreferrer">this</a>.</p><ul><li>one</li></ul>',
    );
    // Plain text stays text: its markup characters are escaped, not dropped.
    const text = await save({ question: "Limits?", answer: "Files < 2 GB & names > 3 chars", lang: "en" });
    expect(text.json().problem.answer).toBe("Files &lt; 2 GB &amp; names &gt; 3 chars");

    const before = await tableDigests(t, ["audit_logs"]);
    const onlyScript = await save({ question: "Bad", answer: "<script>alert(1)</script><p> </p>" });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().errors).toEqual([
      { field: "answer", message: "has no text left once unsafe HTML is removed" },
    ]);
    expect(await tableDigests(t, ["audit_logs"])).toEqual(before);
  });

  it("gives editors every entry, edits and disables them", async () => {
    const all = (await admin.get("/a/api/commonProblem/manageList", { pageSize: 100 })).json();
    expect(all.total).toBe(6);
    const hidden = (await admin.get("/a/api/commonProblem/manageList", { enabled: false })).json();
    expect(questions(hidden.list)).toEqual(["Hidden draft"]);
    const everyLang = (await admin.get("/a/api/commonProblem/manageList", { lang: "all" })).json();
    expect(questions(everyLang.list)).toEqual(["Which browsers work? / 支持哪些浏览器？"]);
    const chinese = (await admin.get("/a/api/commonProblem/manageList", { lang: "zh_CN" })).json();
    expect(questions(chinese.list)).toEqual(["如何添加屏幕？"]);

    const draft = hidden.list[0] as Problem;
    const edited = await save({
      id: draft.id,
      question: "Published draft",
      answer: "Now.",
      lang: "",
      enabled: true,
    });
    expect(edited.json().problem).toMatchObject({ id: draft.id, lang: null, enabled: true });
    expect(questions((await readAs(tenant, "it")).list)).toContain("Published draft");
    expect((await save({ id: 999_999, question: "Q", answer: "A" })).statusCode).toBe(404);
  });

  it("reorders entries for everyone", async () => {
    const order = async () =>
      questions((await admin.get("/a/api/commonProblem/manageList", { pageSize: 100 })).json().list);
    const start = await order();
    const idOf = async (q: string) =>
      (await admin.get("/a/api/commonProblem/manageList", { keyword: q })).json().list[0].id as number;

    const last = start.at(-1) as string;
    expect(
      (await admin.post("/a/api/commonProblem/sort", { id: await idOf(last), move: "top" })).statusCode,
    ).toBe(200);
    expect(await order()).toEqual([last, ...start.slice(0, -1)]);
    await admin.post("/a/api/commonProblem/sort", { id: await idOf(last), move: "down" });
    expect((await order()).slice(0, 2)).toEqual([start[0], last]);
    await admin.post("/a/api/commonProblem/sort", { id: await idOf(last), move: "up" });
    await admin.post("/a/api/commonProblem/sort", { id: await idOf(last), move: "up" });
    expect((await order())[0]).toBe(last);
    await admin.post("/a/api/commonProblem/sort", { id: await idOf(last), move: "bottom" });
    expect(await order()).toEqual(start);
    // Readers see the same order.
    const en = questions((await readAs(tenant, "en")).list);
    expect(en).toEqual(start.filter((q) => en.includes(q)));

    expect((await admin.post("/a/api/commonProblem/sort", { id: 999_999, move: "up" })).statusCode).toBe(404);
    expect((await admin.post("/a/api/commonProblem/sort", { id: 1, move: "left" })).statusCode).toBe(400);
  });

  it("deletes entries, all or none", async () => {
    const list = (await admin.get("/a/api/commonProblem/manageList", { keyword: "Limits" })).json().list;
    const id = list[0].id as number;
    const before = await tableDigests(t, ["audit_logs"]);
    expect((await admin.post("/a/api/commonProblem/delete", { ids: `${id},999999` })).statusCode).toBe(404);
    expect(await tableDigests(t, ["audit_logs"])).toEqual(before);
    const del = await admin.post("/a/api/commonProblem/delete", { ids: String(id) });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.database.db.select().from(commonProblems).where(eq(commonProblems.id, id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.path, "/apm-web/a/api/commonProblem/delete"))
      .orderBy(auditLogs.id)
      .offset(1);
    expect(audit).toMatchObject({ target: `commonProblem:${id}`, result: "ok" });
  });

  it("lets every tenant read, and only the platform's editors write", async () => {
    expect((await tenant.get("/a/api/commonProblem/list")).statusCode).toBe(200);
    expect((await tenant.get("/a/api/commonProblem/manageList")).statusCode).toBe(403);
    expect((await tenant.post("/a/api/commonProblem/save", { question: "Q", answer: "A" })).statusCode).toBe(
      403,
    );
    const viewerSave = await viewer.post("/a/api/commonProblem/save", { question: "Q", answer: "A" });
    expect(viewerSave.statusCode).toBe(403);
    expect(viewerSave.json().msg).toBe("Request denied: you lack the permission sys:commonProblem:edit");

    const id = (await admin.get("/a/api/commonProblem/manageList")).json().list[0].id as number;
    const before = await tableDigests(t, ["audit_logs"]);
    for (const res of [
      await forged.post("/a/api/commonProblem/save", { question: "Tenant's", answer: "Mine" }),
      await forged.post("/a/api/commonProblem/delete", { ids: String(id) }),
      await forged.post("/a/api/commonProblem/sort", { id, move: "top" }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(
        "Request denied: only the platform's own users may use sys:commonProblem:edit",
      );
    }
    expect(await tableDigests(t, ["audit_logs"])).toEqual(before);
  });
});

describe("customer centre", () => {
  it("starts empty, saves validated contact details, and shows them to every tenant", async () => {
    const start = (await tenant.get("/a/api/callCenter/info")).json();
    expect(start).toMatchObject({
      code: 0,
      callCenter: { phone: "", email: "", hours: "", address: "", notes: "" },
    });

    const bad = await admin.post("/a/api/callCenter/save", { phone: "call me", email: "not-mail" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "phone", message: "may hold only digits, spaces and + - ( ) . / # *" },
      { field: "email", message: "must be a mail address" },
    ]);
    const contact = {
      phone: "+33 1 23 45 67 89",
      email: " support@marquee.test ",
      hours: "Mon–Fri 9:00–18:00 CET",
      address: "1 Rue de la Paix, Paris",
      notes: "Urgent outages: call, do not mail.",
    };
    const saved = await admin.post("/a/api/callCenter/save", contact);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { ...contact, email: "support@marquee.test" };
    expect(saved.json().callCenter).toEqual(expected);
    expect((await tenant.get("/a/api/callCenter/info")).json().callCenter).toEqual(expected);
    // The same value under its setting key.
    expect((await tenant.get("/a/api/sysSetting/getKey", { key: "callCenter" })).json().jsonObject).toEqual({
      callCenter: expected,
    });
    // Clearing a field is allowed.
    const cleared = await admin.post("/a/api/callCenter/save", { ...contact, email: "", notes: "" });
    expect(cleared.json().callCenter).toMatchObject({ email: "", notes: "" });
  });

  it("refuses changes from anyone but the platform's editors", async () => {
    const before = await tableDigests(t, ["audit_logs"]);
    expect((await tenant.post("/a/api/callCenter/save", { phone: "1" })).statusCode).toBe(403);
    expect((await viewer.post("/a/api/callCenter/save", { phone: "1" })).statusCode).toBe(403);
    const res = await forged.post("/a/api/callCenter/save", { phone: "1" });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe("Request denied: only the platform's own users may use sys:callCenter:edit");
    expect(await tableDigests(t, ["audit_logs"])).toEqual(before);
    expect((await viewer.get("/a/api/callCenter/info")).statusCode).toBe(200);
  });
});

describe("the API document", () => {
  it("describes the dictionary, FAQ, customer centre and notice calls", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/apm-web/docs/json" });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of [
      "/apm-web/a/api/dict/items",
      "/apm-web/a/api/dict/itemSave",
      "/apm-web/a/api/commonProblem/list",
      "/apm-web/a/api/commonProblem/sort",
      "/apm-web/a/api/callCenter/save",
      "/apm-web/a/api/message/readAll",
    ])
      expect(paths).toContain(p);
  });
});
