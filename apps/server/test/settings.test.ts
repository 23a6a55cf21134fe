import {
  DEFAULT_PASSWORD_POLICY,
  SETTING_GROUPS,
  SETTING_KEYS,
  SETTINGS,
  type SettingType,
  UPLOAD_LIMIT_OFF_MB,
  VERSION,
} from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addUser, type Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";
import { startSmtp } from "./smtp";

let t: TestApp;
let admin: Client;
let platformId: number;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  platformId = (await initSystem(t)).officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const save = (c: Client, key: string, value: unknown) => c.post("/a/api/sysSetting/saveKey", { key, value });

describe("getKey with debugTypes", () => {
  it("describes every key from its schema, default and editor metadata", async () => {
    const res = await admin.get("/a/api/sysSetting/getKey", { debugTypes: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.types).sort()).toEqual([...SETTING_KEYS].sort());
    expect(Object.keys(body.jsonObject).sort()).toEqual([...SETTING_KEYS].sort());
    const types = body.types as Record<string, SettingType>;
    for (const key of SETTING_KEYS) {
      const type = types[key];
      expect(type?.default, key).toEqual(SETTINGS[key].default);
      expect(SETTING_GROUPS, key).toContain(type?.group);
      expect(type?.label).toBe(`system.settings.keys.${key}.label`);
    }
    expect(types.uploadLimitSize).toMatchObject({
      group: "uploads",
      input: "number",
      unit: "mb",
      default: 400,
      schema: { type: "integer", minimum: 1, maximum: UPLOAD_LIMIT_OFF_MB },
      activeWhen: { key: "uploadLimitOpen", equals: true },
      readOnly: false,
    });
    expect(types.uploadLimitOpen).toMatchObject({ input: "switch", default: false });
    expect(types.capacitySetting).toMatchObject({ input: "switch", default: "false", group: "storage" });
    expect(types.weatherProvider).toMatchObject({ input: "select", options: ["none", "openMeteo", "file"] });
    expect(types.defaultTimezone).toMatchObject({ input: "timezone", default: "UTC", group: "terminals" });
    expect(types.passwordPolicy).toMatchObject({
      input: "passwordPolicy",
      group: "security",
      default: DEFAULT_PASSWORD_POLICY,
      schema: { type: "object", required: ["minLength", "classes", "expiryDays"] },
    });
    expect(types.smtp).toMatchObject({ input: "smtp", visibility: "secret", default: null, group: "mail" });
    expect(types.callCenter).toMatchObject({ readOnly: true, group: "callCenter" });
    expect(types.mapTileUrl?.input).toBe("url");
    // screen order: by group, then by key
    const order = SETTING_KEYS.map((k) => types[k] as SettingType).sort((a, b) => a.order - b.order);
    expect(order[0]?.key).toBe("uploadLimitOpen");
    expect(order.at(-1)?.key).toBe("callCenter");

    // named keys only
    const one = (await admin.get("/a/api/sysSetting/getKey", { key: "audit", debugTypes: "true" })).json();
    expect(Object.keys(one.types)).toEqual(["audit"]);
    expect(one.jsonObject).toEqual({ audit: false });
    // without debugTypes, nothing changes
    const plain = (await admin.get("/a/api/sysSetting/getKey", { key: "audit" })).json();
    expect(plain).toEqual({ code: 0, msg: "Success", jsonObject: { audit: false } });
    expect((await admin.get("/a/api/sysSetting/getKey", { debugTypes: 0 })).statusCode).toBe(400);
  });
});

describe("saveKey per kind", () => {
  it("saves a valid value of every kind and reads it back, and a default back again", async () => {
    const values: Record<string, unknown> = {
      uploadLimitOpen: true,
      uploadLimitSize: 2048,
      capacitySetting: "true",
      audit: true,
      terminalAuthorizationFreeAccessManage: true,
      terminalHeartbeatSec: 45,
      defaultTimezone: "Europe/Rome",
      transcodeMaxHeight: 720,
      landingEncryption: false,
      captchaThreshold: 5,
      passwordPolicy: { minLength: 12, classes: 3, expiryDays: 90 },
      mapTileUrl: "",
      mapAttribution: "Tiles: none",
      mapSuggestUrl: "https://geo.example/search",
      weatherProvider: "file",
      weatherUrl: "https://weather.example",
      weatherFile: "/srv/weather.json",
      ratesProvider: "none",
      ratesUrl: "https://rates.example",
      ratesFile: "/srv/rates.json",
    };
    for (const [key, value] of Object.entries(values)) {
      const res = await save(admin, key, value);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
    const got = (
      await admin.get("/a/api/sysSetting/getKey", { keyList: Object.keys(values).join(",") })
    ).json();
    expect(got.jsonObject).toEqual(values);
    // reset to default: the default saved like any value
    for (const key of Object.keys(values)) {
      await save(admin, key, SETTINGS[key as keyof typeof SETTINGS].default);
    }
    const back = (
      await admin.get("/a/api/sysSetting/getKey", { keyList: Object.keys(values).join(",") })
    ).json();
    for (const key of Object.keys(values))
      expect(back.jsonObject[key], key).toEqual(SETTINGS[key as keyof typeof SETTINGS].default);
  });

  it("refuses a bad value of each kind with the field that is wrong, and changes nothing", async () => {
    const cases: Array<[string, unknown, { field: string; message: string }]> = [
      ["uploadLimitOpen", "yes", { field: "body", message: "must be a boolean" }],
      ["uploadLimitSize", 0, { field: "body", message: "must be at least 1" }],
      ["uploadLimitSize", 2.5, { field: "body", message: "must be a int" }],
      ["capacitySetting", "maybe", { field: "body", message: "must be one of true, false" }],
      ["terminalHeartbeatSec", 1, { field: "body", message: "must be at least 5" }],
      [
        "defaultTimezone",
        "Mars/Olympus",
        { field: "body", message: "must be a time zone such as Europe/Rome or UTC" },
      ],
      ["weatherProvider", "yahoo", { field: "body", message: "must be one of none, openMeteo, file" }],
      ["mapTileUrl", "ftp://tiles", { field: "body", message: "must be an http or https address" }],
      [
        "passwordPolicy",
        { minLength: 3, classes: 2, expiryDays: 0 },
        { field: "minLength", message: "must be at least 6" },
      ],
      ["passwordPolicy", { minLength: 8, expiryDays: 0 }, { field: "classes", message: "is required" }],
      [
        "smtp",
        { host: "mail.example", port: 70000, from: "a@b.c" },
        { field: "port", message: "must be at most 65535" },
      ],
    ];
    const before = (await admin.get("/a/api/sysSetting/getKey", { debugTypes: 1 })).json().jsonObject;
    for (const [key, value, error] of cases) {
      const res = await save(admin, key, value);
      expect(res.statusCode, `${key} ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().errors, `${key} ${JSON.stringify(value)}`).toContainEqual(error);
    }
    const unknown = await save(admin, "nope", true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: "key", message: "Unknown setting: nope" }]);
    expect((await admin.get("/a/api/sysSetting/getKey", { debugTypes: 1 })).json().jsonObject).toEqual(
      before,
    );
  });
});

describe("who may read and write settings", () => {
  it("reads with sys:setting:view, writes only with sys:setting:edit", async () => {
    const viewer = await addUser(t, platformId, "viewer", ["sys:setting:view"], {
      email: "viewer@marquee.test",
    });
    const plain = await addUser(t, platformId, "plainuser", []);
    const v = await signedIn(t, viewer.username, viewer.password, "en");
    const p = await signedIn(t, plain.username, plain.password, "en");

    const types = await v.get("/a/api/sysSetting/getKey", { debugTypes: 1 });
    expect(types.statusCode).toBe(200);
    expect(types.json().jsonObject.smtp).toBeNull();
    const denied = await save(v, "audit", true);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe("Request denied: you lack the permission sys:setting:edit");
    expect((await v.post("/a/api/sysSetting/testMail", {})).statusCode).toBe(403);

    const noTypes = await p.get("/a/api/sysSetting/getKey", { debugTypes: 1 });
    expect(noTypes.statusCode).toBe(403);
    expect(noTypes.json().msg).toBe("Request denied: you lack the permission sys:setting:view");
    expect((await p.get("/a/api/sysSetting/getKey", { key: "smtp" })).statusCode).toBe(400);
    expect((await p.get("/a/api/sysSetting/getKey", { key: "audit" })).statusCode).toBe(200);
    expect((await save(p, "audit", true)).statusCode).toBe(403);
  });
});

describe("isSupportApiServer", () => {
  it("answers from the running server where its API document is", async () => {
    const body = (await admin.get("/a/api/sysSetting/isSupportApiServer")).json();
    expect(body).toEqual({
      code: 0,
      msg: "Success",
      support: true,
      docs: "/apm-web/docs",
      openapi: "/apm-web/docs/json",
      version: VERSION,
    });
    const doc = await t.app.inject({ method: "GET", url: body.openapi });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain("/apm-web/a/api/sysSetting/isSupportApiServer");
  });
});

describe("test mail", () => {
  it("says clearly that mail is not configured", async () => {
    const res = await admin.post("/a/api/sysSetting/testMail", {});
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe("Mail is not configured; set the SMTP server in system settings");
    expect(smtp.mails).toHaveLength(0);
  });

  it("sends through the saved SMTP server to the caller, or to the address given", async () => {
    const saved = await save(admin, "smtp", {
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      username: "",
      password: "",
      from: "Marquee <noreply@marquee.test>",
    });
    expect(saved.statusCode).toBe(200);
    const res = await admin.post("/a/api/sysSetting/testMail", {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      msg: "A test mail was sent to admin@marquee.test",
      to: "admin@marquee.test",
    });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(["admin@marquee.test"]);
    expect(smtp.mails[0]?.from).toBe("noreply@marquee.test");
    expect(smtp.mails[0]?.raw).toContain("Subject: Marquee test mail");

    const other = await admin.post("/a/api/sysSetting/testMail", { to: "ops@example.test" });
    expect(other.json().to).toBe("ops@example.test");
    expect(smtp.mails.at(-1)?.to).toEqual(["ops@example.test"]);

    const zh = await signedIn(t, ADMIN.username, ADMIN.password, "zh_CN");
    expect((await zh.post("/a/api/sysSetting/testMail", {})).json().msg).toBe(
      "测试邮件已发送至 admin@marquee.test",
    );
    expect(smtp.mails.at(-1)?.raw).toContain("Subject: =?UTF-8?");

    const bad = await admin.post("/a/api/sysSetting/testMail", { to: "not a mail" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("to");

    // audited
    const log = (
      await admin.get("/a/api/log/ajaxScrollLog", { action: "/a/api/sysSetting/testMail", result: "ok" })
    ).json();
    expect(log.total).toBe(3);
    expect(log.list[0]).toMatchObject({ target: "setting:smtp", username: "admin" });
  });

  it("answers the SMTP failure, and asks for an address when the caller has none", async () => {
    // A port nobody listens on: the connection is refused.
    const closed = await startSmtp();
    await closed.close();
    await save(admin, "smtp", { host: "127.0.0.1", port: closed.port, from: "noreply@marquee.test" });
    const res = await admin.post("/a/api/sysSetting/testMail", {});
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toMatch(
      /^The SMTP server refused the test mail: .*ECONNREFUSED.*\(ESOCKET|ECONNECTION\)/,
    );

    const nomail = await addUser(t, platformId, "nomail", ["sys:setting:edit"]);
    const c = await signedIn(t, nomail.username, nomail.password, "en");
    const none = await c.post("/a/api/sysSetting/testMail", {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      {
        field: "to",
        message: "Your account has no mail address; enter the address to send the test mail to",
      },
    ]);
  });
});
