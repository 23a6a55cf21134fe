import {
  CAPTCHA_AFTER_FAILURES,
  LOCKOUT_AFTER_FAILURES,
  LOCKOUT_MS,
  SESSION_TTL_MS,
} from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, sessions } from "../src/db/schema";
import { CAPTCHA_COOKIE } from "../src/platform/captcha";
import { hashToken } from "../src/platform/session";
import { ADMIN, Client, createTestApp, initSystem, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("system initialisation", () => {
  it("reports an empty system as not initialised, initialises once, then refuses", async () => {
    const c = new Client(t.app, "en");
    expect((await c.get("/f/common/isSysInit")).json()).toMatchObject({ code: 0, data: 2 });

    const weak = await c.post("/f/common/sysInit", {
      officeName: "HQ",
      username: "root",
      name: "Root",
      password: await c.password("short"),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ field: "password", message: expect.stringMatching(/8 to 64/) }]);
    expect((await c.get("/f/common/isSysInit")).json().data).toBe(2);

    const ok = await c.post("/f/common/sysInit", {
      officeName: "HQ",
      username: "root",
      name: "Root",
      password: await c.password("RootPass123"),
    });
    expect(ok.statusCode).toBe(200);
    expect((await c.get("/f/common/isSysInit")).json().data).toBe(1);

    const again = await c.post("/f/common/sysInit", {
      officeName: "HQ2",
      username: "other",
      name: "Other",
      password: await c.password("OtherPass123"),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe("The system is already initialised");

    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, "sysInit"));
    expect(audit).toMatchObject({ username: "root" });

    // the first administrator can sign in
    expect((await c.login("root", "RootPass123")).statusCode).toBe(200);
  });
});

describe("sign-in", () => {
  beforeAll(async () => {
    await t.database.pool.query("truncate users, offices, roles, user_roles, sessions, login_guards cascade");
    await initSystem(t);
  });

  it("publishes an RSA key in hex and accepts an encrypted password", async () => {
    const c = new Client(t.app);
    const key = (await c.get("/f/common/getPublishKey")).json();
    expect(key).toMatchObject({
      code: 0,
      landingEncryption: true,
      publicKeyJson: { isLandingEncryption: true },
    });
    expect(key.publicKeyJson.modulus).toMatch(/^[0-9a-f]{512}$/);
    expect(key.publicKeyJson.exponent).toBe("10001");

    const res = await c.login(ADMIN.username, ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, user: { name: "Administrator" } });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/Authorization=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=7200/);
    // only a hash of the token is stored
    const token = c.sessionToken ?? "";
    const rows = await t.database.db.select().from(sessions);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it("refuses a plain password while encryption is on, and takes one when it is off", async () => {
    const c = new Client(t.app, "en");
    const plain = await c.post("/a/login", { username: ADMIN.username, password: ADMIN.password });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().msg).toBe("The password could not be decrypted; reload the page and try again");

    await t.app.services.settings.set("landingEncryption", false, null);
    try {
      const key = (await c.get("/f/common/getPublishKey")).json();
      expect(key.landingEncryption).toBe(false);
      expect(
        (await c.post("/a/login", { username: ADMIN.username, password: ADMIN.password })).statusCode,
      ).toBe(200);
    } finally {
      await t.app.services.settings.set("landingEncryption", true, null);
    }
  });

  it("accepts a form-encoded login like the console sends", async () => {
    const c = new Client(t.app);
    const res = await c.postForm("/a/login", {
      username: ADMIN.username,
      password: await c.password(ADMIN.password),
      validateCode: "",
      verificationCode: "",
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers a wrong password in the caller's language", async () => {
    const en = await new Client(t.app, "en").login(ADMIN.username, "wrong-password1");
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe("Wrong username or password");
    const zh = await new Client(t.app).login(ADMIN.username, "wrong-password1");
    expect(zh.json().msg).toBe("用户名或密码错误");
    const fr = await new Client(t.app, "fr").login("nobody", "wrong-password1");
    expect(fr.statusCode).toBe(400);
    expect(fr.json().msg).not.toBe(en.json().msg);
    await t.app.services.db.delete((await import("../src/db/schema")).loginGuards);
  });

  it("asks for a captcha after 3 failures and locks for 15 minutes after 10", async () => {
    const c = new Client(t.app, "en");
    for (let i = 1; i < CAPTCHA_AFTER_FAILURES; i++) {
      expect((await c.login(ADMIN.username, "bad-Password1")).json().needCaptcha).toBe(false);
    }
    expect((await c.login(ADMIN.username, "bad-Password1")).json().needCaptcha).toBe(true);
    expect((await c.get("/a/seniorValidation", { username: ADMIN.username })).json().needCaptcha).toBe(true);

    // the right password is no longer enough
    const noCaptcha = await c.login(ADMIN.username, ADMIN.password);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({
      msg: "Enter the characters shown in the picture",
      needCaptcha: true,
    });

    // the captcha picture is an SVG, its answer kept behind a cookie
    const picture = await c.get("/f/common/captcha");
    expect(picture.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(picture.body).toMatch(/^<svg/);
    expect(c.cookies.get(CAPTCHA_COOKIE)).toBeTruthy();
    const wrong = await c.login(ADMIN.username, ADMIN.password, { validateCode: "zzzz" });
    expect(wrong.json().msg).toBe("The characters from the picture are wrong; try the new picture");

    const solved = await t.app.services.captcha.create();
    c.cookies.set(CAPTCHA_COOKIE, solved.id);
    // failures go on counting with a right captcha
    for (let i = CAPTCHA_AFTER_FAILURES; i < LOCKOUT_AFTER_FAILURES - 1; i++) {
      const again = await t.app.services.captcha.create();
      c.cookies.set(CAPTCHA_COOKIE, again.id);
      const r = await c.login(ADMIN.username, "bad-Password1", { validateCode: again.answer });
      expect(r.json().msg).toBe("Wrong username or password");
    }
    const last = await t.app.services.captcha.create();
    c.cookies.set(CAPTCHA_COOKIE, last.id);
    const locked = await c.login(ADMIN.username, "bad-Password1", { validateCode: last.answer });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().msg).toBe("Too many failed sign-ins; try again in 15 minutes");

    // locked even with the right password and captcha, from another address too (the user is locked)
    const other = new Client(t.app, "en");
    const r = await other.request("POST", "/a/login", {
      json: { username: ADMIN.username, password: await other.password(ADMIN.password) },
      headers: { "x-forwarded-for": "10.0.0.9" },
    });
    expect(r.statusCode).toBe(423);

    t.clock.advance(LOCKOUT_MS + 1000);
    const fresh = new Client(t.app, "en");
    const after = await fresh.login(ADMIN.username, ADMIN.password);
    expect(after.statusCode).toBe(200);
  });
});

describe("the session cookie", () => {
  it("is pushed 2 hours on by every request, and expires 2 hours after the last", async () => {
    const c = new Client(t.app);
    expect((await c.login(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(SESSION_TTL_MS - 5 * 60_000);
      const res = await c.get("/a/api/user/getUserInfo");
      expect(res.statusCode).toBe(200);
      expect(String(res.headers["set-cookie"])).toMatch(/Max-Age=7200/);
    }
    t.clock.advance(SESSION_TTL_MS + 1000);
    const expired = await c.get("/a/api/user/getUserInfo");
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 401, msg: "logout" });
    expect((await c.post("/f/common/checkIslogin")).json().isLogin).toBe(false);
  });

  it("ends with logout: the cookie is removed and the token is dead", async () => {
    const c = new Client(t.app);
    await c.login(ADMIN.username, ADMIN.password);
    const token = c.sessionToken;
    expect((await c.post("/f/common/checkIslogin")).json().isLogin).toBe(true);
    const out = await c.post("/a/logout");
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/Authorization=;.*Max-Age=0/);
    expect(c.sessionToken).toBeUndefined();
    // replaying the old token fails
    c.cookies.set("Authorization", token ?? "");
    expect((await c.get("/a/api/user/getUserInfo")).statusCode).toBe(401);
  });

  it("is set once per answer: a sign-out or a new sign-in replaces the push of the session it came with", async () => {
    const lines = (res: { headers: Record<string, unknown> }) => {
      const h = res.headers["set-cookie"];
      return (Array.isArray(h) ? h : h === undefined ? [] : [h]).map(String);
    };
    const sessionLines = (res: { headers: Record<string, unknown> }) =>
      lines(res).filter((l) => l.startsWith("Authorization="));
    const c = new Client(t.app);
    await c.login(ADMIN.username, ADMIN.password);
    const token = c.sessionToken;
    // The same line on every answer of the session.
    const first = sessionLines(await c.get("/a/api/user/getUserInfo"));
    const second = sessionLines(await c.get("/a/api/user/getUserInfo"));
    expect(first).toEqual([`Authorization=${token}; Max-Age=7200; Path=/; HttpOnly; SameSite=Lax`]);
    expect(second).toEqual(first);
    // A cookie of the call's own (a captcha) goes beside it, not instead of it.
    const captcha = lines(await c.get("/f/common/captcha"));
    expect(captcha).toEqual([first[0], expect.stringMatching(new RegExp(`^${CAPTCHA_COOKIE}=`))]);
    // Signing in again from a signed-in browser: only the new session's cookie.
    const again = await c.login(ADMIN.username, ADMIN.password);
    expect(again.statusCode).toBe(200);
    expect(c.sessionToken).not.toBe(token);
    expect(sessionLines(again)).toEqual([
      expect.stringMatching(new RegExp(`^Authorization=${c.sessionToken};`)),
    ]);
    // Signing out: only the clearing line, not the push before it.
    const out = await c.post("/a/logout");
    expect(sessionLines(out)).toEqual([expect.stringMatching(/^Authorization=; Max-Age=0;/)]);
  });

  it("is Secure behind HTTPS (a proxy that says so, trusted), and not over plain HTTP", async () => {
    const behind = await createTestApp({ TRUST_PROXY: "true" });
    try {
      await initSystem(behind);
      const https = { "x-forwarded-proto": "https", origin: "https://localhost:80" };
      const c = new Client(behind.app);
      const password = await c.password(ADMIN.password);
      const login = await c.request("POST", "/a/login", {
        json: { username: ADMIN.username, password },
        headers: https,
      });
      expect(login.statusCode).toBe(200);
      const sessionLine = (res: { headers: Record<string, unknown> }) =>
        [res.headers["set-cookie"]]
          .flat()
          .map(String)
          .filter((l) => l.startsWith("Authorization="));
      expect(sessionLine(login)).toEqual([expect.stringMatching(/; Secure(;|$)/)]);
      // The push: Secure over HTTPS, and the same session over plain HTTP gets a line without it.
      for (let i = 0; i < 2; i++) {
        const over = sessionLine(await c.get("/a/api/user/getUserInfo", undefined, https));
        expect(over).toEqual([expect.stringMatching(/; Secure(;|$)/)]);
        const plain = sessionLine(await c.get("/a/api/user/getUserInfo"));
        expect(plain).toEqual([expect.not.stringMatching(/Secure/)]);
      }
    } finally {
      await behind.close();
    }
  });

  it("is refused for cross-site state changes (CSRF)", async () => {
    const c = new Client(t.app, "en");
    await c.login(ADMIN.username, ADMIN.password);
    const noHeader = await c.request("POST", "/a/api/user/saveUserInfo", {
      json: { name: "X" },
      csrf: false,
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().msg).toBe("Request refused: it must come from this site's console");
    const foreign = await c.request("POST", "/a/api/user/saveUserInfo", {
      json: { name: "X" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    const referer = await c.request("POST", "/a/api/user/saveUserInfo", {
      json: { name: "Admin again" },
      headers: { origin: "", referer: "http://localhost:80/personalCenter" },
    });
    expect(referer.statusCode).toBe(200);
    // a GET that changes state is guarded too
    const get = await c.request("GET", "/a/api/message/updateReadState", {
      query: { id: "1", readState: "1" },
      csrf: false,
    });
    expect(get.statusCode).toBe(403);
  });
});

describe("password change", () => {
  it("checks the old password and ends the user's other sessions", async () => {
    const a = new Client(t.app, "en");
    const b = new Client(t.app, "en");
    await a.login(ADMIN.username, ADMIN.password);
    await b.login(ADMIN.username, ADMIN.password);
    const wrong = await a.post("/a/api/user/modifyPassword", {
      oldPassword: await a.password("not-it-123"),
      newPassword: await a.password("NewPass12345"),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: "oldPassword", message: "The current password is wrong" }]);
    const weak = await a.post("/a/api/user/modifyPassword", {
      oldPassword: await a.password(ADMIN.password),
      newPassword: await a.password("abc"),
    });
    expect(weak.json().errors[0].field).toBe("newPassword");

    const ok = await a.post("/a/api/user/modifyPassword", {
      oldPassword: await a.password(ADMIN.password),
      newPassword: await a.password("NewPass12345"),
    });
    expect(ok.statusCode).toBe(200);
    expect((await a.get("/a/api/user/getUserInfo")).statusCode).toBe(200);
    expect((await b.get("/a/api/user/getUserInfo")).json().msg).toBe("logout");
    expect((await new Client(t.app).login(ADMIN.username, "NewPass12345")).statusCode).toBe(200);
    // put it back for the other tests
    await a.post("/a/api/user/modifyPassword", {
      oldPassword: await a.password("NewPass12345"),
      newPassword: await a.password(ADMIN.password),
    });
  });
});
