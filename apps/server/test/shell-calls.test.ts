import { LOCALES, MENU_SEED, ROUTE_TITLES, SETTINGS } from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

let t: TestApp;
let admin: Client;
let platformId: number;
beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("getUserInfo, saveUserInfo, imgSetting", () => {
  it("answers the current user with permissions and roles", async () => {
    const body = (await admin.get("/a/api/user/getUserInfo")).json();
    expect(body).toMatchObject({
      code: 0,
      user: {
        username: "admin",
        name: "Administrator",
        officeType: "platform",
        dataRange: "subtree",
        twoFactor: false,
      },
      permissions: ["*"],
      roles: [{ code: "admin" }],
    });
  });

  it("saves the profile and validates each field", async () => {
    const ok = await admin.post("/a/api/user/saveUserInfo", {
      name: "Chief",
      phone: "+39 06 1234",
      avatar: "/a.png",
    });
    expect(ok.statusCode).toBe(200);
    expect((await admin.get("/a/api/user/getUserInfo")).json().user).toMatchObject({
      name: "Chief",
      phone: "+39 06 1234",
    });
    const bad = await admin.post("/a/api/user/saveUserInfo", { email: "not-mail", name: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: "email", message: "must be a mail address" },
        { field: "name", message: "is required" },
      ]),
    );
  });

  it("refuses a mail or phone another user has, by field", async () => {
    await addUser(t, platformId, "holder", [], { email: "holder@marquee.test", phone: "+1 555 0199" });
    const res = await admin.post("/a/api/user/saveUserInfo", {
      email: "HOLDER@marquee.test",
      phone: "+1 555 0199",
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["email", "phone"]);
    expect((await admin.get("/a/api/user/getUserInfo")).json().user.email).not.toBe("HOLDER@marquee.test");
  });

  it("answers the personalisation of the user's customer", async () => {
    const customer = await addOffice(t, platformId, "customer", "Brand Co");
    await t.database.pool.query(
      "update offices set second_domain_name = 'brand', branding = '{\"logo\":\"/logo.png\"}', personal_type = 1 where id = $1",
      [customer.id],
    );
    t.app.services.tree.invalidate();
    const shop = await addOffice(t, customer.id, "institution", "Shop");
    const u = await addUser(t, shop.id, "shopper", []);
    const c = await signedIn(t, u.username, u.password);
    expect((await c.get("/a/api/customer/imgSetting")).json()).toMatchObject({
      code: 0,
      secondDomainName: "brand",
      personalType: 1,
      logo: "/logo.png",
    });
    expect((await admin.get("/a/api/customer/imgSetting")).json()).toMatchObject({
      secondDomainName: null,
      logo: null,
    });
  });
});

describe("data range", () => {
  it("limits a user to chosen offices or own rows, and never beyond the granter's range", async () => {
    const north = await addOffice(t, platformId, "customer", "North");
    const south = await addOffice(t, platformId, "customer", "South");
    const manager = await addUser(t, north.id, "northboss", ["sys:user:edit", "sys:log:view"]);
    const worker = await addUser(t, north.id, "northworker", ["sys:log:view"]);
    const boss = await signedIn(t, manager.username, manager.password, "en");

    const outside = await boss.get("/a/api/user/updateDefDataRange", {
      userId: worker.id,
      dataRange: "offices",
      officeIds: String(south.id),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].message).toBe(`Institution ${south.id} is outside your data range`);

    const southUser = await addUser(t, south.id, "southworker", []);
    const cross = await boss.get("/a/api/user/updateDefDataRange", {
      userId: southUser.id,
      dataRange: "own",
    });
    expect(cross.statusCode).toBe(404);

    const own = await boss.get("/a/api/user/updateDefDataRange", { userId: worker.id, dataRange: "own" });
    expect(own.statusCode).toBe(200);
    const w = await signedIn(t, worker.username, worker.password);
    expect((await w.get("/a/api/user/getUserInfo")).json().user.dataRange).toBe("own");
    // with "own", the log shows only the worker's own rows
    await boss.post("/a/api/user/saveUserInfo", { name: "Boss" });
    await w.post("/a/api/user/saveUserInfo", { name: "Worker" });
    const rows = (await w.get("/a/api/log/ajaxScrollLog", { pageSize: 100 })).json().list;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r: { username: string }) => r.username))).toEqual(new Set(["northworker"]));
  });
});

describe("notifications", () => {
  it("lists the caller's notices, marks them read, deletes them", async () => {
    const [info] = [(await admin.get("/a/api/user/getUserInfo")).json().user];
    await t.database.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: info.id,
        officeId: info.officeId,
        contentCn: `通知 ${i}`,
        contentEn: `Notice ${i}`,
      })),
    );
    const list = (
      await admin.get("/a/api/message/list", { userId: info.id, pageNo: 1, pageSize: 10 })
    ).json();
    expect(list).toMatchObject({ code: 0, total: 12, unread: 12, pageNo: 1, pageSize: 10 });
    expect(list.messageList).toHaveLength(10);
    expect(list.messageList[0]).toMatchObject({
      contentEn: "Notice 11",
      contentCn: "通知 11",
      readState: "0",
    });
    expect(list.messageList[0].createDate).toMatch(/^\d{4}-\d\d-\d\dT/);

    const ids = list.messageList.map((m: { id: number }) => m.id).join(",");
    const read = await admin.get("/a/api/message/updateReadState", { id: ids, readState: "1" });
    expect(read.json()).toMatchObject({ code: 0, updated: 10 });
    expect((await admin.get("/a/api/message/list")).json().unread).toBe(2);

    const del = await admin.post("/a/api/message/delete", { id: ids });
    expect(del.json()).toMatchObject({ code: 0, deleted: 10 });
    expect((await admin.get("/a/api/message/list")).json().total).toBe(2);

    const other = await admin.get("/a/api/message/list", { userId: info.id + 999 });
    expect(other.statusCode).toBe(403);
    const badIds = await admin.get("/a/api/message/updateReadState", { id: "1,abc", readState: "1" });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().errors[0]).toEqual({ field: "id", message: "has the wrong format" });
  });
});

describe("settings by key", () => {
  it("answers typed defaults for the spec's keys", async () => {
    const res = await admin.get("/a/api/sysSetting/getKey", {
      keyList: "capacitySetting,uploadLimitOpen,uploadLimitSize,audit,terminalAuthorizationFreeAccessManage",
    });
    expect(res.json()).toEqual({
      code: 0,
      msg: "Success",
      jsonObject: {
        capacitySetting: "false",
        uploadLimitOpen: false,
        uploadLimitSize: 400,
        audit: false,
        terminalAuthorizationFreeAccessManage: false,
      },
    });
    expect((await admin.get("/a/api/sysSetting/getKey", { key: "audit" })).json().jsonObject).toEqual({
      audit: false,
    });
  });

  it("saves a value after checking its type, and refuses unknown keys", async () => {
    expect(
      (await admin.post("/a/api/sysSetting/saveKey", { key: "uploadLimitOpen", value: true })).statusCode,
    ).toBe(200);
    expect(
      (await admin.postForm("/a/api/sysSetting/saveKey", { key: "uploadLimitSize", value: "2048" }))
        .statusCode,
    ).toBe(200);
    const got = (
      await admin.get("/a/api/sysSetting/getKey", { keyList: "uploadLimitOpen,uploadLimitSize" })
    ).json();
    expect(got.jsonObject).toEqual({ uploadLimitOpen: true, uploadLimitSize: 2048 });

    const tooBig = await admin.post("/a/api/sysSetting/saveKey", { key: "uploadLimitSize", value: 999999 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toBe(`body: must be at most ${SETTINGS.uploadLimitSize.schema.maxValue}`);
    const unknown = await admin.get("/a/api/sysSetting/getKey", { key: "nope" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe("key: Unknown setting: nope");
    const missing = await admin.get("/a/api/sysSetting/getKey");
    expect(missing.statusCode).toBe(400);
  });

  it("masks the SMTP password and hides it from users without settings rights", async () => {
    await admin.post("/a/api/sysSetting/saveKey", {
      key: "smtp",
      value: { host: "mail.example", port: 587, username: "u", password: "secret-pw", from: "a@b.c" },
    });
    const smtp = (await admin.get("/a/api/sysSetting/getKey", { key: "smtp" })).json().jsonObject.smtp;
    expect(smtp).toMatchObject({ host: "mail.example", password: "********" });
    // saving the masked value back keeps the real password
    await admin.post("/a/api/sysSetting/saveKey", { key: "smtp", value: { ...smtp, port: 2525 } });
    expect((await t.app.services.settings.get("smtp"))?.password).toBe("secret-pw");

    const u = await addUser(t, platformId, "plain", []);
    const c = await signedIn(t, u.username, u.password);
    expect((await c.get("/a/api/sysSetting/getKey", { key: "smtp" })).statusCode).toBe(400);
    expect((await c.get("/a/api/sysSetting/getKey", { key: "audit" })).statusCode).toBe(200);
  });

  it("masks the Stripe keys, and a masked key saved back keeps the stored one", async () => {
    const saved = await admin.post("/a/api/sysSetting/saveKey", {
      key: "stripe",
      value: { enabled: true, secretKey: "sk_test_1", webhookSecret: "", apiBase: "https://api.stripe.com" },
    });
    expect(saved.statusCode).toBe(200);
    const stripe = (await admin.get("/a/api/sysSetting/getKey", { key: "stripe" })).json().jsonObject.stripe;
    expect(stripe).toEqual({
      enabled: true,
      secretKey: "********",
      webhookSecret: "",
      apiBase: "https://api.stripe.com",
    });
    await admin.post("/a/api/sysSetting/saveKey", {
      key: "stripe",
      value: { ...stripe, webhookSecret: "whsec_2" },
    });
    expect(await t.app.services.settings.get("stripe")).toMatchObject({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_2",
    });
  });
});

describe("announcement", () => {
  it("stores and answers the announcement fields", async () => {
    const empty = (await admin.get("/a/api/sysSetting/announcement", { getType: "1" })).json();
    expect(empty).toMatchObject({
      code: 0,
      colseTipOn: 0,
      announcemenStartTime: null,
      announcemenEndTime: null,
    });
    const now = Math.floor(Date.now() / 1000);
    const a = {
      announcemenStartTime: now - 60,
      announcemenEndTime: now + 3600,
      colseTipOn: 1,
      announcementTitleCh: "维护通知",
      announcementTitleEn: "Maintenance",
      announcementContentCh: "今晚维护",
      announcementContentEn: "Maintenance tonight",
    };
    expect((await admin.post("/a/api/sysSetting/announcementManagerSave", a)).statusCode).toBe(200);
    expect((await admin.get("/a/api/sysSetting/announcement", { getType: "1" })).json()).toEqual({
      code: 0,
      msg: "Success",
      ...a,
    });
    const backwards = await admin.post("/a/api/sysSetting/announcementManagerSave", {
      ...a,
      announcemenEndTime: now - 3600,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].field).toBe("announcemenEndTime");
  });
});

describe("routes and menu", () => {
  it("serves the whole menu tree of spec §2 with titles, invisible flags and authority", async () => {
    const zh = await signedIn(t, ADMIN.username, ADMIN.password);
    const tree = (await zh.get("/routes")).json().data;
    const flat: Array<{
      name: string;
      meta: { title: string; titles: Record<string, string>; invisible: boolean; authority: unknown };
    }> = [];
    const walk = (nodes: typeof tree) => {
      for (const n of nodes) {
        flat.push(n);
        walk(n.children);
      }
    };
    walk(tree);
    const seedCount = (nodes: readonly { children?: readonly unknown[] }[]): number =>
      nodes.reduce(
        (n, x) => n + 1 + seedCount((x.children ?? []) as readonly { children?: readonly unknown[] }[]),
        0,
      );
    expect(flat).toHaveLength(seedCount(MENU_SEED));
    const notice = flat.find((n) => n.name === "messageNotification");
    // A page of System management since migration 0015 (not only the bell's "View all").
    expect(notice?.meta).toMatchObject({ invisible: false, authority: "sys:messageNotification:view" });
    const material = flat.find((n) => n.name === "materialManage");
    expect(material?.meta.title).toBe(ROUTE_TITLES.materialManage?.zh_CN);
    for (const locale of LOCALES) expect(material?.meta.titles[locale]).toBeTruthy();
    const en = (await admin.get("/a/sys/menu/lists")).json().menuList;
    expect(en.find((n: { name: string }) => n.name === "sysManage").meta.title).toBe(
      ROUTE_TITLES.sysManage?.en,
    );
  });
});

describe("system log", () => {
  it("pages and filters the audit trail with its total", async () => {
    for (let i = 0; i < 7; i++) await admin.post("/a/api/user/saveUserInfo", { name: `N${i}` });
    const page1 = (
      await admin.get("/a/api/log/ajaxScrollLog", { action: "/a/api/user/saveUserInfo", pageSize: 5 })
    ).json();
    expect(page1.total).toBeGreaterThanOrEqual(7);
    expect(page1.list).toHaveLength(5);
    expect(page1.list[0]).toMatchObject({ username: "admin", method: "POST", result: "ok", status: 200 });
    const page2 = (
      await admin.get("/a/api/log/ajaxScrollLog", {
        action: "/a/api/user/saveUserInfo",
        pageSize: 5,
        pageNo: 2,
      })
    ).json();
    expect(page2.list[0].id).toBeLessThan(page1.list[4].id);
    // a new write is counted at once
    await admin.post("/a/api/user/saveUserInfo", { name: "again" });
    const after = (
      await admin.get("/a/api/log/ajaxScrollLog", { action: "/a/api/user/saveUserInfo", pageSize: 5 })
    ).json();
    expect(after.total).toBe(page1.total + 1);
    const failed = (await admin.get("/a/api/log/ajaxScrollLog", { result: "fail" })).json();
    for (const row of failed.list) expect(row.result).toBe("fail");
    const future = (await admin.get("/a/api/log/ajaxScrollLog", { beginTime: "2999-01-01" })).json();
    expect(future).toMatchObject({ list: [], total: 0 });
    expect((await admin.get("/a/api/log/ajaxScrollLog", { beginTime: "yesterday-ish" })).statusCode).toBe(
      400,
    );
  });
});

describe("the envelope", () => {
  it("answers unknown paths 404 and serves health and the API document", async () => {
    const c = new Client(t.app, "it");
    const nf = await c.get("/nothing/here");
    expect(nf.statusCode).toBe(404);
    expect(nf.json().code).toBe(404);
    expect((await c.get("/f/health")).json()).toMatchObject({ code: 0, status: "ok" });
    const doc = await t.app.inject({ method: "GET", url: "/apm-web/docs/json" });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toContain("/apm-web/a/login");
    expect(paths).toContain("/apm-web/a/api/log/ajaxScrollLog");
    expect(doc.json().paths["/apm-web/a/login"].post.requestBody).toBeDefined();
  });
});
