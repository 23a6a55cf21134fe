import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp } from "../apps/server/test/smtp";
import { type E2E, screenshot, signIn, startE2E } from "./harness";

let e: E2E;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const ADMIN = { username: "admin", password: "Admin12345" };

beforeAll(async () => {
  smtp = await startSmtp();
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  await e.server.app.services.settings.set(
    "smtp",
    {
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      username: "",
      password: "",
      from: "noreply@marquee.test",
    },
    null,
  );
});
afterAll(async () => {
  await e?.close();
  await smtp?.close();
});

async function englishPage(): Promise<Page> {
  const ctx = await e.context();
  await ctx.addCookies([{ name: "language", value: "en", url: e.base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

describe("personal centre and second-factor sign-in", () => {
  it("turns the second factor on, then signs in with the mailed code", async () => {
    const page = await englishPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL("**/home");
    await page.goto("/personalCenter");
    await page.getByTestId("profile-form").waitFor();
    await page.locator("#profile_email").fill("ada@marquee.test");
    await page.getByTestId("profile-save").click();
    await expect.poll(() => page.locator(".ant-message").innerText()).toContain("Saved");
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByTestId("two-factor-switch").click();
    await expect.poll(() => page.getByTestId("two-factor-switch").getAttribute("aria-checked")).toBe("true");
    await page.waitForTimeout(1000);
    await screenshot(page, "personal-centre");

    // Before the right password the page shows and learns nothing of the second factor.
    const second = await englishPage();
    await second.goto("/login");
    const name = second.getByPlaceholder("User name");
    const password = second.locator("input[type=password]");
    const codeField = second.getByPlaceholder("Verification code");
    const sendCode = second.getByRole("button", { name: "Send code" });
    await name.fill(ADMIN.username);
    const asked = await second.evaluate(
      async (u) => (await fetch(`/apm-web/a/seniorValidation?username=${u}`)).json(),
      ADMIN.username,
    );
    expect(asked).toMatchObject({ code: 0, needVerificationCode: false });
    expect(await codeField.count()).toBe(0);
    await password.fill("Wrong-pass-1");
    await second.locator("button[type=submit]").click();
    await expect.poll(() => second.locator(".ant-alert-error").textContent()).toContain("Wrong username");
    expect(await codeField.count()).toBe(0);
    expect(await sendCode.count()).toBe(0);

    // The right one: the code field and "Send code" appear, and what was typed stays.
    await password.fill(ADMIN.password);
    await second.locator("button[type=submit]").click();
    await expect
      .poll(() => second.locator(".ant-alert-error").textContent())
      .toContain("Enter the verification code");
    await codeField.waitFor();
    expect(await name.inputValue()).toBe(ADMIN.username);
    expect(await password.inputValue()).toBe(ADMIN.password);
    // Another name hides it again until the server asks for that name's code.
    await name.fill("someone-else");
    await expect.poll(() => codeField.count()).toBe(0);
    await name.fill(ADMIN.username);
    expect(await codeField.count()).toBe(0);
    await second.locator("button[type=submit]").click();
    await codeField.waitFor();
    await sendCode.click();
    await expect.poll(() => smtp.mails.length).toBe(1);
    await expect.poll(() => second.getByRole("button", { name: /Resend in \d+ s/ }).count()).toBe(1);
    const code =
      /verification code is (\d{6})/.exec(smtp.mails[0]?.raw.replace(/=\r?\n/g, "") ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    await codeField.fill(code);
    await second.locator("button[type=submit]").click();
    await second.waitForURL("**/home");
  });

  it("changes the password after checking the current one", async () => {
    const page = await englishPage();
    await e.server.app.services.db.execute(
      (await import("drizzle-orm")).sql`update users set two_factor = false`,
    );
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL("**/home");
    await page.goto("/personalCenter");
    await page.getByRole("tab", { name: "Security" }).click();
    const form = page.getByTestId("password-form");
    await form.locator("input").nth(0).fill("not-the-password1");
    await form.locator("input").nth(1).fill("NewPass12345");
    await form.locator("input").nth(2).fill("NewPass12345");
    await page.getByTestId("password-save").click();
    await expect.poll(() => form.innerText()).toContain("The current password is wrong");
    await form.locator("input").nth(0).fill(ADMIN.password);
    await page.getByTestId("password-save").click();
    await expect.poll(() => page.locator(".ant-message").innerText()).toContain("The password was changed");

    const again = await englishPage();
    await signIn(again, ADMIN.username, "NewPass12345");
    await again.waitForURL("**/home");
  });

  it("puts the menu in a drawer on a phone-sized screen", async () => {
    const ctx = await e.browser.newContext({ baseURL: e.base, viewport: { width: 390, height: 800 } });
    const page = await ctx.newPage();
    await signIn(page, ADMIN.username, "NewPass12345");
    await page.waitForURL("**/home");
    expect(await page.getByTestId("sider").count()).toBe(0);
    await page.getByTestId("collapse").click();
    await page.locator(".ant-drawer").getByTestId("side-menu").waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, "layout-mobile");
  });
});
