import { CAPTCHA_AFTER_FAILURES, VERIFICATION_CODE_RESEND_MS } from "@marquee/contracts";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginGuards, offices } from "../src/db/schema";
import { ADMIN, addUser, Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";
import { startSmtp } from "./smtp";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  await initSystem(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const codeOf = (raw: string) => /verification code is (\d{6})/.exec(raw.replace(/=\r?\n/g, ""))?.[1];

describe("second-factor sign-in", () => {
  it("mails a 6-digit code through the configured SMTP server and requires it", async () => {
    const admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");

    // no SMTP configured yet: a clear refusal
    expect((await admin.post("/a/api/user/saveUserInfo", { twoFactor: true })).statusCode).toBe(200);
    const c = new Client(t.app, "en");
    const noMail = await c.post("/a/api/user/loginSendVerificationCode", {
      username: ADMIN.username,
      password: await c.password(ADMIN.password),
    });
    expect(noMail.statusCode).toBe(503);
    expect(noMail.json().msg).toBe("Mail is not configured; set the SMTP server in system settings");

    const saved = await admin.post("/a/api/sysSetting/saveKey", {
      key: "smtp",
      value: { host: "127.0.0.1", port: smtp.port, secure: false, from: "Marquee <noreply@marquee.test>" },
    });
    expect(saved.statusCode).toBe(200);

    // the password alone is no longer enough
    const first = await c.login(ADMIN.username, ADMIN.password);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      needVerificationCode: true,
      msg: "Enter the verification code sent to a***@marquee.test",
    });
    // asked before any password, the form learns nothing about the user
    expect(
      (await c.get("/a/seniorValidation", { username: ADMIN.username })).json().needVerificationCode,
    ).toBe(false);

    const send = await c.post("/a/api/user/loginSendVerificationCode", {
      username: ADMIN.username,
      password: await c.password(ADMIN.password),
    });
    expect(send.statusCode).toBe(200);
    expect(send.json().msg).toBe("A verification code was sent to a***@marquee.test");
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(["admin@marquee.test"]);
    const code = codeOf(mail?.raw ?? "");
    expect(code).toMatch(/^\d{6}$/);

    // a second code only after a minute
    const tooSoon = await c.post("/a/api/user/loginSendVerificationCode", {
      username: ADMIN.username,
      password: await c.password(ADMIN.password),
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().msg).toMatch(/^Wait \d+ seconds/);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await c.login(ADMIN.username, ADMIN.password, { verificationCode: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe("The verification code is wrong or has expired");

    const ok = await c.login(ADMIN.username, ADMIN.password, { verificationCode: code ?? "" });
    expect(ok.statusCode).toBe(200);
    // a code works once
    const replay = await new Client(t.app).login(ADMIN.username, ADMIN.password, {
      verificationCode: code ?? "",
    });
    expect(replay.statusCode).toBe(400);
  });

  it("expires codes, and mails in the caller's language", async () => {
    t.clock.advance(VERIFICATION_CODE_RESEND_MS + 1000);
    const c = new Client(t.app, "fr");
    const send = await c.post("/a/api/user/loginSendVerificationCode", {
      username: ADMIN.username,
      password: await c.password(ADMIN.password),
    });
    expect(send.statusCode).toBe(200);
    const mail = smtp.mails.at(-1)?.raw ?? "";
    expect(mail).not.toMatch(/verification code is/);
    const code =
      /(\d{6})/.exec(
        mail
          .replace(/=\r?\n/g, "")
          .split("\r\n\r\n")
          .slice(1)
          .join("\n"),
      )?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    t.clock.advance(11 * 60_000);
    expect((await c.login(ADMIN.username, ADMIN.password, { verificationCode: code })).statusCode).toBe(400);
  });

  it("will not turn the second factor on without a mail address", async () => {
    const [platform] = await t.database.db.select().from(offices);
    const user = await addUser(t, platform?.id ?? 0, "nomail", []);
    const c = await signedIn(t, user.username, user.password, "en");
    const res = await c.post("/a/api/user/saveUserInfo", { twoFactor: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "email", message: "This account has no mail address for the verification code" },
    ]);
    const withMail = await c.post("/a/api/user/saveUserInfo", {
      twoFactor: true,
      email: "nomail@marquee.test",
    });
    expect(withMail.statusCode).toBe(200);
    const info = (await c.get("/a/api/user/getUserInfo")).json();
    expect(info.user).toMatchObject({ twoFactor: true, email: "nomail@marquee.test" });
  });
});

describe("what the sign-in tells before the password", () => {
  it("answers seniorValidation the same for an unknown name, a user without and one with the second factor", async () => {
    await t.database.db.delete(loginGuards);
    const [platform] = await t.database.db.select().from(offices);
    await addUser(t, platform?.id ?? 0, "plain", [], { email: "plain@marquee.test" });
    await addUser(t, platform?.id ?? 0, "guarded", [], { email: "guarded@marquee.test", twoFactor: true });
    const c = new Client(t.app, "en");
    const ask = (username: string) => c.get("/a/seniorValidation", { username });
    const names = ["nobody-here", "plain", "guarded"];
    const answers = [];
    for (const name of names) answers.push(await ask(name));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 0,
        msg: "Success",
        needVerificationCode: false,
        needCaptcha: false,
      });
    }

    // failures count by name (and address) whether the name exists or not
    const forgetAddress = () => t.database.db.delete(loginGuards).where(like(loginGuards.key, "ip:%"));
    for (const name of names) {
      for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) {
        const wrong = await c.login(name, "wrong-Password1");
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().msg).toBe("Wrong username or password");
        expect(wrong.json().needVerificationCode).toBeUndefined();
      }
      await forgetAddress();
    }
    const counted = await t.database.db.select().from(loginGuards);
    expect(Object.fromEntries(counted.map((g) => [g.key, g.failures]))).toEqual({
      "user:nobody-here": CAPTCHA_AFTER_FAILURES,
      "user:plain": CAPTCHA_AFTER_FAILURES,
      "user:guarded": CAPTCHA_AFTER_FAILURES,
    });
    for (const name of names) {
      expect((await ask(name)).json()).toEqual({
        code: 0,
        msg: "Success",
        needVerificationCode: false,
        needCaptcha: true,
      });
    }
    expect((await ask("untouched")).json().needCaptcha).toBe(false);
    await t.database.db.delete(loginGuards);
  });

  it("asks the second-factor user for the code only once the password is right", async () => {
    const c = new Client(t.app, "en");
    const right = await c.login("guarded", "guardedPass1");
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({
      needVerificationCode: true,
      msg: "Enter the verification code sent to g***@marquee.test",
    });
    const plain = await c.login("plain", "plainPass1");
    expect(plain.statusCode).toBe(200);
    expect(plain.json().needVerificationCode).toBeUndefined();
    await t.database.db.delete(loginGuards);
  });
});
