import {
  DEFAULT_ALARM_RULES,
  DEFAULT_PASSWORD_POLICY,
  SETTING_GROUPS,
  SETTING_KEYS,
  SETTINGS,
  type SettingType,
  settingScope,
  TENANT_ADMIN_PERMISSIONS,
  UPLOAD_LIMIT_OFF_MB,
  VERSION,
} from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings, tenantSettings } from "../src/db/schema";
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
    expect(denied.json().msg).toBe(
      "Request denied: you lack the permission sys:setting:edit | terminal:alarm:rules",
    );
    expect((await v.post("/a/api/sysSetting/testMail", {})).statusCode).toBe(403);

    const noTypes = await p.get("/a/api/sysSetting/getKey", { debugTypes: 1 });
    expect(noTypes.statusCode).toBe(403);
    expect(noTypes.json().msg).toBe("Request denied: you lack the permission sys:setting:view");
    expect((await p.get("/a/api/sysSetting/getKey", { key: "smtp" })).statusCode).toBe(400);
    expect((await p.get("/a/api/sysSetting/getKey", { key: "audit" })).statusCode).toBe(200);
    expect((await save(p, "audit", true)).statusCode).toBe(403);
  });
});

describe("settings of agents and customers", () => {
  /*
   * Platform -> agent -> customers A and B; customer C directly under the
   * platform. Each tenant's built-in administrator, as the console creates it.
   */
  const tenant = { agent: 0, a: 0, b: 0, c: 0 };
  let ag: Client;
  let ca: Client;
  let cb: Client;
  let cc: Client;
  const SMTP_HOST = "smtp.platform-private.example";
  const STRIPE_API = "https://api.stripe-private.example";
  const PLATFORM_KEYS = SETTING_KEYS.filter((k) => settingScope(k) === "platform");
  const SHARED_KEYS = SETTING_KEYS.filter((k) => settingScope(k) === "shared");
  const getKey = (c: Client, query: Record<string, string | number>) =>
    c.get("/a/api/sysSetting/getKey", query);
  const rulesOf = async (c: Client) => {
    const res = await getKey(c, { key: "alarmRules" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().jsonObject.alarmRules;
  };

  beforeAll(async () => {
    const agent = await addOffice(t, platformId, "agent", "Agent");
    const a = await addOffice(t, agent.id, "customer", "Customer A");
    const b = await addOffice(t, agent.id, "customer", "Customer B");
    const c = await addOffice(t, platformId, "customer", "Customer C");
    Object.assign(tenant, { agent: agent.id, a: a.id, b: b.id, c: c.id });
    await addUser(t, agent.id, "ag", [...TENANT_ADMIN_PERMISSIONS.agent]);
    await addUser(t, a.id, "ca", [...TENANT_ADMIN_PERMISSIONS.customer]);
    await addUser(t, b.id, "cb", [...TENANT_ADMIN_PERMISSIONS.customer]);
    await addUser(t, c.id, "cc", [...TENANT_ADMIN_PERMISSIONS.customer]);
    ag = await signedIn(t, "ag", "agPass1", "en");
    ca = await signedIn(t, "ca", "caPass1", "en");
    cb = await signedIn(t, "cb", "cbPass1", "en");
    cc = await signedIn(t, "cc", "ccPass1", "en");
    // The platform's own infrastructure, which no tenant may see.
    const saved = await Promise.all([
      save(admin, "smtp", { host: SMTP_HOST, port: 587, username: "mailer", from: "noreply@marquee.test" }),
      save(admin, "stripe", { ...SETTINGS.stripe.default, apiBase: STRIPE_API, secretKey: "sk_live_x" }),
      save(admin, "weatherFile", "/srv/private/weather.json"),
      save(admin, "ratesFile", "/srv/private/rates.json"),
    ]);
    for (const res of saved) expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await save(admin, "smtp", null);
    await save(admin, "stripe", SETTINGS.stripe.default);
    await save(admin, "weatherFile", "");
    await save(admin, "ratesFile", "");
  });

  it("refuses a customer's administrator the platform's keys, in their language", async () => {
    for (const key of ["smtp", "stripe", "weatherFile", "ratesFile"]) {
      const res = await getKey(ca, { key });
      expect(res.statusCode, key).toBe(403);
      expect(res.json().msg, key).toBe(
        `Request denied: only the platform's own users may read or change the setting ${key}`,
      );
      expect(res.body).not.toContain("private");
    }
    // Every platform key, alone or among readable ones, for the agent too.
    for (const key of PLATFORM_KEYS) {
      for (const c of [ca, ag]) expect((await getKey(c, { key })).statusCode, key).toBe(403);
      const mixed = await getKey(cc, { keyList: `audit,${key}` });
      expect(mixed.statusCode, key).toBe(403);
      expect(mixed.body).not.toContain(SMTP_HOST);
    }
    const zh = await signedIn(t, "ca", "caPass1", "zh_CN");
    expect((await getKey(zh, { key: "smtp" })).json().msg).toBe(
      "请求被拒绝：只有平台用户可以读取或修改设置项 smtp",
    );
    const fr = await signedIn(t, "ca", "caPass1", "fr");
    expect((await getKey(fr, { keyList: "stripe" })).json().msg).toBe(
      "Requête refusée : seuls les utilisateurs de la plateforme peuvent lire ou modifier le paramètre stripe",
    );
    // The platform's own users still read them (secrets masked).
    const own = (await getKey(admin, { keyList: "smtp,weatherFile" })).json().jsonObject;
    expect(own.smtp.host).toBe(SMTP_HOST);
    expect(own.weatherFile).toBe("/srv/private/weather.json");
  });

  it("lets every tenant read the shared keys", async () => {
    expect((await save(admin, "mapAttribution", "Tiles of the platform")).statusCode).toBe(200);
    const platform = (await getKey(admin, { keyList: SHARED_KEYS.join(",") })).json().jsonObject;
    expect(platform.mapAttribution).toBe("Tiles of the platform");
    for (const c of [ag, ca, cc]) {
      const res = await getKey(c, { keyList: SHARED_KEYS.join(",") });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().jsonObject).toEqual(platform);
    }
    // A customer user without sys:setting:view reads them too (every console needs them).
    await addUser(t, tenant.a, "aplain", []);
    const plain = await signedIn(t, "aplain", "aplainPass1", "en");
    expect((await getKey(plain, { keyList: "passwordPolicy,audit,alarmRules" })).statusCode).toBe(200);
    expect((await getKey(plain, { key: "smtp" })).statusCode).toBe(403);
    await save(admin, "mapAttribution", SETTINGS.mapAttribution.default);
  });

  it("answers a tenant asking for no key only the keys it may read, and describes only those", async () => {
    const readable = SETTING_KEYS.filter((k) => settingScope(k) !== "platform").sort();
    const typed = await getKey(ca, { debugTypes: 1 });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(Object.keys(typed.json().jsonObject).sort()).toEqual(readable);
    expect(Object.keys(typed.json().types).sort()).toEqual(readable);
    expect(typed.json().types.alarmRules).toMatchObject({
      scope: "tenant",
      writePermission: "terminal:alarm:rules",
    });
    const plain = await getKey(ag, { keyList: "" });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(Object.keys(plain.json().jsonObject).sort()).toEqual(readable);
    for (const body of [typed.body, plain.body]) {
      expect(body).not.toContain(SMTP_HOST);
      expect(body).not.toContain(STRIPE_API);
      expect(body).not.toContain("/srv/private");
    }
    // The platform's administrator still gets every key.
    const all = (await getKey(admin, { debugTypes: 1 })).json();
    expect(Object.keys(all.types).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it("keeps each tenant's own alarm rules, inherited by the tenants below that keep none", async () => {
    const platformRules = { ...DEFAULT_ALARM_RULES, offlineMinutes: 15 };
    expect((await save(admin, "alarmRules", platformRules)).statusCode).toBe(200);
    for (const c of [ag, ca, cb, cc]) expect(await rulesOf(c)).toEqual(platformRules);

    // A customer writes its own: only its own reads change.
    const aRules = { ...DEFAULT_ALARM_RULES, offlineMinutes: 30, events: ["fault"], notify: false };
    const res = await save(ca, "alarmRules", aRules);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rulesOf(ca)).toEqual(aRules);
    for (const c of [ag, cb, cc, admin]) expect(await rulesOf(c)).toEqual(platformRules);
    const rows = await t.database.db.select().from(tenantSettings);
    expect(rows.map((r) => [r.officeId, r.key])).toEqual([[tenant.a, "alarmRules"]]);

    // The agent's own value reaches its customer that keeps none (B), not A, nor C beside it.
    const agentRules = { ...DEFAULT_ALARM_RULES, offlineMinutes: 45, storageLowPercent: 80 };
    expect((await save(ag, "alarmRules", agentRules)).statusCode).toBe(200);
    expect(await rulesOf(ag)).toEqual(agentRules);
    expect(await rulesOf(cb)).toEqual(agentRules);
    expect(await rulesOf(ca)).toEqual(aRules);
    expect(await rulesOf(cc)).toEqual(platformRules);
    expect(await rulesOf(admin)).toEqual(platformRules);

    // The platform's change reaches only those below it without a value of their own; seen at once.
    const newer = { ...DEFAULT_ALARM_RULES, offlineMinutes: 20 };
    expect((await save(admin, "alarmRules", newer)).statusCode).toBe(200);
    expect(await rulesOf(cc)).toEqual(newer);
    expect(await rulesOf(cb)).toEqual(agentRules);
    expect(await rulesOf(ca)).toEqual(aRules);
    expect(await t.app.services.settings.getFor("alarmRules", tenant.b)).toEqual(agentRules);
    expect(await t.app.services.settings.get("alarmRules")).toEqual(newer);

    // Refused values change nothing; the write is audited as the tenant's.
    const bad = await save(ca, "alarmRules", { ...aRules, offlineMinutes: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("offlineMinutes");
    expect(await rulesOf(ca)).toEqual(aRules);
    const log = (
      await admin.get("/a/api/log/ajaxScrollLog", {
        action: "/a/api/sysSetting/saveKey",
        username: "ca",
        result: "ok",
      })
    ).json();
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({ target: "setting:alarmRules", username: "ca" });
    await save(admin, "alarmRules", DEFAULT_ALARM_RULES);
  });

  it("refuses a tenant every write but its own tenant keys, and changes nothing", async () => {
    await addUser(t, tenant.a, "aviewer", ["sys:setting:view"]);
    await addUser(t, platformId, "editor", ["sys:setting:view", "sys:setting:edit"]);
    const viewer = await signedIn(t, "aviewer", "aviewerPass1", "en");
    const editor = await signedIn(t, "editor", "editorPass1", "en");
    const before = await tableDigests(t, ["audit_logs", "sessions", "login_guards", "users"]);
    for (const [c, key, value] of [
      [ca, "smtp", { host: "evil.example", port: 25, from: "a@b.c" }],
      [ag, "weatherFile", "/etc/passwd"],
      [ca, "stripe", SETTINGS.stripe.default],
      [ca, "audit", true],
      [ag, "passwordPolicy", { minLength: 6, classes: 1, expiryDays: 0 }],
      [cc, "callCenter", { phone: "1" }],
    ] as const) {
      const res = await save(c, key, value);
      expect(res.statusCode, key).toBe(403);
      expect(res.json().msg, key).toBe(
        `Request denied: only the platform's own users may read or change the setting ${key}`,
      );
    }
    // Without the permission of the alarm rules: nothing at all to save.
    const denied = await save(viewer, "alarmRules", DEFAULT_ALARM_RULES);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe(
      "Request denied: you lack the permission sys:setting:edit | terminal:alarm:rules",
    );
    // A platform user with sys:setting:edit but not the rules' permission: per key.
    const rules = await save(editor, "alarmRules", DEFAULT_ALARM_RULES);
    expect(rules.statusCode).toBe(403);
    expect(rules.json().msg).toBe("Request denied: you lack the permission terminal:alarm:rules");
    expect(await tableDigests(t, ["audit_logs", "sessions", "login_guards", "users"])).toEqual(before);
    // (the platform's settings themselves, for the record)
    const smtp = (await t.database.db.select().from(settings)).find((r) => r.key === "smtp");
    expect(JSON.stringify(smtp?.value)).toContain(SMTP_HOST);
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
