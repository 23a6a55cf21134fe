import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, loginGuards, offices, sessions, users } from "../src/db/schema";
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
const o = { platform: 0, agent: 0, acme: 0, acmeShop: 0, other: 0 };
const DAY = 86_400_000;
const STRICT = { minLength: 10, classes: 3, expiryDays: 30 };
const STRICT_TEXT =
  "The password needs 10 to 64 characters with at least 3 of these kinds: lower-case letters, upper-case letters, digits, symbols";

const setOffice = async (id: number, values: Partial<typeof offices.$inferInsert>) => {
  await t.database.db.update(offices).set(values).where(eq(offices.id, id));
  t.app.services.tree.invalidate();
};
const forgetFailures = () => t.database.db.delete(loginGuards);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the password policy", () => {
  it("applies to the first administrator (sysInit)", async () => {
    await t.app.services.settings.set("passwordPolicy", STRICT, null);
    const c = new Client(t.app, "en");
    const weak = await c.post("/f/common/sysInit", {
      officeName: "HQ",
      username: "admin",
      name: "Administrator",
      password: await c.password("adminadmin1"),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ field: "password", message: STRICT_TEXT }]);
    await t.app.services.settings.set("passwordPolicy", { minLength: 8, classes: 2, expiryDays: 0 }, null);
    const { officeId } = await initSystem(t);
    o.platform = officeId;
    o.agent = (await addOffice(t, officeId, "agent", "Agent")).id;
    o.acme = (await addOffice(t, o.agent, "customer", "Acme")).id;
    o.acmeShop = (await addOffice(t, o.acme, "institution", "Acme shop")).id;
    o.other = (await addOffice(t, o.agent, "customer", "Other")).id;
    admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  });

  it("is a setting, and every call that sets a password states and applies it", async () => {
    const saved = await admin.post("/a/api/sysSetting/saveKey", { key: "passwordPolicy", value: STRICT });
    expect(saved.statusCode, saved.body).toBe(200);
    const user = await addUser(t, o.acme, "alice", ["sys:user:view"]);

    const created = await admin.post("/a/api/user/save", {
      username: "newbie",
      name: "Newbie",
      officeId: o.acme,
      password: await admin.password("Short-1a"),
    });
    expect(created.json().errors).toEqual([{ field: "password", message: STRICT_TEXT }]);
    const reset = await admin.post("/a/api/user/modifyPwd", {
      userId: user.id,
      password: await admin.password("alllowercaseletters1"),
    });
    expect(reset.json().errors).toEqual([{ field: "password", message: STRICT_TEXT }]);
    const own = await signedIn(t, "alice", user.password, "en");
    const mine = await own.post("/a/api/user/modifyPassword", {
      oldPassword: await own.password(user.password),
      newPassword: await own.password("nodigitshere!"),
    });
    expect(mine.json().errors).toEqual([{ field: "newPassword", message: STRICT_TEXT }]);
    // in the caller's language
    const zh = new Client(t.app);
    zh.cookies.set("Authorization", own.sessionToken ?? "");
    const zhWeak = await zh.post("/a/api/user/modifyPassword", {
      oldPassword: await zh.password(user.password),
      newPassword: await zh.password("short"),
    });
    expect(zhWeak.json().errors[0].message).toBe(
      "密码须为 10 至 64 个字符，且至少包含以下 3 类字符：小写字母、大写字母、数字、符号",
    );
    // a password that meets it is taken, by every call
    expect(
      (
        await own.post("/a/api/user/modifyPassword", {
          oldPassword: await own.password(user.password),
          newPassword: await own.password("Long-enough-1"),
        })
      ).statusCode,
    ).toBe(200);
    const ok = await admin.post("/a/api/user/save", {
      username: "newbie",
      name: "Newbie",
      officeId: o.acme,
      password: await admin.password("Long-enough-2"),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("expires passwords after expiryDays: no session until pwdPastDueModify, then the new one works", async () => {
    const bob = await addUser(t, o.acmeShop, "bob", ["sys:user:view"]);
    const c = new Client(t.app, "en");
    expect((await c.login("bob", bob.password)).statusCode).toBe(200);
    const before = await t.database.db.select().from(sessions).where(eq(sessions.userId, bob.id));

    t.clock.advance(31 * DAY);
    const expired = new Client(t.app, "en");
    const res = await expired.login("bob", bob.password);
    // HTTP 200, not 400: no error in the browser's console; the code and the flag tell the console.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 400,
      passwordExpired: true,
      reason: "expired",
      msg: "Your password has expired; choose a new one to sign in",
      passwordPolicy: STRICT,
    });
    expect(expired.sessionToken).toBeUndefined();
    // The audit log still records a refused sign-in.
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.username, "bob"), eq(auditLogs.action, "login")))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ result: "fail", status: 200 });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, bob.id))).toHaveLength(
      before.length,
    );
    // the list flags it (the administrator's own password is as old: renewed here to sign in)
    await t.database.db
      .update(users)
      .set({ passwordChangedAt: t.clock.now() })
      .where(eq(users.username, ADMIN.username));
    admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
    const listed = (await admin.get("/a/api/user/usereList", { keyword: "bob" })).json().list[0];
    expect(listed.passwordExpired).toBe(true);

    const wrongOld = await expired.post("/a/api/user/pwdPastDueModify", {
      username: "bob",
      oldPassword: await expired.password("not-bobs-1A"),
      newPassword: await expired.password("Brand-new-pass-1"),
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().msg).toBe("Wrong username or password");
    const [guard] = await t.database.db.select().from(loginGuards).where(eq(loginGuards.key, "user:bob"));
    expect(guard?.failures).toBe(1);
    const same = await expired.post("/a/api/user/pwdPastDueModify", {
      username: "bob",
      oldPassword: await expired.password(bob.password),
      newPassword: await expired.password(bob.password),
    });
    // bob's old password does not meet the stricter policy either: the policy speaks first
    expect(same.json().errors).toEqual([{ field: "newPassword", message: STRICT_TEXT }]);
    const weak = await expired.post("/a/api/user/pwdPastDueModify", {
      username: "bob",
      oldPassword: await expired.password(bob.password),
      newPassword: await expired.password("weak"),
    });
    expect(weak.json().errors).toEqual([{ field: "newPassword", message: STRICT_TEXT }]);
    const changed = await expired.post("/a/api/user/pwdPastDueModify", {
      username: "bob",
      oldPassword: await expired.password(bob.password),
      newPassword: await expired.password("Brand-new-pass-1"),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // the failures are forgotten, the old password is dead, the new one signs in
    expect(await t.database.db.select().from(loginGuards).where(eq(loginGuards.key, "user:bob"))).toEqual([]);
    expect((await expired.login("bob", bob.password)).json().msg).toBe("Wrong username or password");
    const ok = await expired.login("bob", "Brand-new-pass-1");
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bob.id));
    expect(row?.mustChangePassword).toBe(false);
    expect(Math.abs((row?.passwordChangedAt.getTime() ?? 0) - t.clock.now().getTime())).toBeLessThan(60_000);

    // a password that has not expired is changed only with a session
    const again = await expired.post("/a/api/user/pwdPastDueModify", {
      username: "bob",
      oldPassword: await expired.password("Brand-new-pass-1"),
      newPassword: await expired.password("Another-pass-22"),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe("This password has not expired; sign in with it");

    // the same password is refused when it would otherwise do
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, bob.id));
    const reuse = await expired.post("/a/api/user/pwdPastDueModify", {
      username: "bob",
      oldPassword: await expired.password("Brand-new-pass-1"),
      newPassword: await expired.password("Brand-new-pass-1"),
    });
    expect(reuse.json().errors).toEqual([
      { field: "newPassword", message: "The new password must differ from the current one" },
    ]);
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, bob.id));
    await t.app.services.settings.set("passwordPolicy", { ...STRICT, expiryDays: 0 }, null);
  });

  it("sends no second-factor code for a password that must change first", async () => {
    const carol = await addUser(t, o.acme, "carol", [], { mustChangePassword: true, email: "carol@a.test" });
    const c = new Client(t.app, "en");
    const send = await c.post("/a/api/user/loginSendVerificationCode", {
      username: "carol",
      password: await c.password(carol.password),
    });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toMatchObject({ code: 400, passwordExpired: true, reason: "reset" });
  });
});

describe("tenants and sign-in", () => {
  it("refuses the users of a disabled or expired tenant, and only after the right password", async () => {
    const dave = await addUser(t, o.acmeShop, "dave", []);
    await setOffice(o.acme, { enabled: false });
    const c = new Client(t.app, "en");
    const wrong = await c.login("dave", "Wrong-pass-11");
    expect(wrong.json().msg).toBe("Wrong username or password");
    const res = await c.login("dave", dave.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe("Acme is disabled, so its users cannot sign in; contact your provider");
    expect(c.sessionToken).toBeUndefined();
    const zh = await new Client(t.app).login("dave", dave.password);
    expect(zh.json().msg).toBe("Acme 已被停用，其用户无法登录，请联系您的服务商");

    await setOffice(o.acme, { enabled: true, expiresAt: new Date(t.clock.now().getTime() - 1000) });
    const expired = await c.login("dave", dave.password);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toBe(
      "The subscription of Acme has expired, so its users cannot sign in; contact your provider",
    );
    // an expired agent shuts out its customers too
    await setOffice(o.acme, { expiresAt: new Date(t.clock.now().getTime() + DAY) });
    await setOffice(o.agent, { enabled: false });
    expect((await c.login("dave", dave.password)).json().msg).toBe(
      "Agent is disabled, so its users cannot sign in; contact your provider",
    );
    await setOffice(o.agent, { enabled: true });
    expect((await c.login("dave", dave.password)).statusCode).toBe(200);
    await forgetFailures();
  });

  it("lets only the tenant's users (and the platform's) sign in on the tenant's own domain", async () => {
    await setOffice(o.acme, { secondDomainName: "acme" });
    const login = async (username: string, password: string) => {
      const c = new Client(t.app, "en");
      return c.request("POST", "/a/login", {
        json: { username, password: await c.password(password) },
        headers: { host: "acme.localhost:8080", origin: "http://acme.localhost:8080" },
      });
    };
    const erin = await addUser(t, o.acmeShop, "erin", []);
    const olga = await addUser(t, o.other, "olga", []);
    expect((await login("erin", erin.password)).statusCode).toBe(200);
    expect((await login(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    const outsider = await login("olga", olga.password);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toEqual({ code: 400, msg: "Wrong username or password", needCaptcha: false });
    const [guard] = await t.database.db.select().from(loginGuards).where(eq(loginGuards.key, "user:olga"));
    expect(guard?.failures).toBe(1);
    // elsewhere, olga signs in as usual
    expect((await new Client(t.app, "en").login("olga", olga.password)).statusCode).toBe(200);
    await forgetFailures();
  });

  it("asks for the captcha after the number of failures the setting gives", async () => {
    await addUser(t, o.acme, "frank", []);
    const saved = await admin.post("/a/api/sysSetting/saveKey", { key: "captchaThreshold", value: 5 });
    expect(saved.statusCode).toBe(200);
    const c = new Client(t.app, "en");
    for (let i = 1; i < 5; i++)
      expect((await c.login("frank", "Bad-pass-123")).json().needCaptcha).toBe(false);
    expect((await c.get("/a/seniorValidation", { username: "frank" })).json().needCaptcha).toBe(false);
    expect((await c.login("frank", "Bad-pass-123")).json().needCaptcha).toBe(true);
    expect((await c.get("/a/seniorValidation", { username: "frank" })).json().needCaptcha).toBe(true);
    const blocked = await c.login("frank", "frankPass1");
    expect(blocked.json()).toMatchObject({
      msg: "Enter the characters shown in the picture",
      needCaptcha: true,
    });
    await forgetFailures();

    await t.app.services.settings.set("captchaThreshold", 1, null);
    expect((await c.login("frank", "Bad-pass-123")).json().needCaptcha).toBe(true);
    await forgetFailures();
  });
});
