import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmDialog, type E2E, screenshot as shoot, signIn, startE2E } from "./harness";

let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
});
afterEach(async () => e?.closeContexts());
afterAll(async () => e?.close());

async function signedInPage(language: "en" | "zh_CN"): Promise<Page> {
  const ctx = await e.context(language === "en" ? "en-GB" : "zh-CN");
  await ctx.addCookies([{ name: "language", value: language, url: e.base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL("**/home");
  return page;
}

/** A screenshot once dialogs, drawers and messages have finished moving. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(800);
  await shoot(page, name);
}

/** A script's call: Node's fetch with the bearer token and nothing else (no cookie, no console headers). */
async function scriptCall(token: string): Promise<{ status: number; code: number }> {
  const res = await fetch(`${e.base}/apm-web/a/api/material/folderTree`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number };
  return { status: res.status, code: body.code };
}

/** Makes a token in the open token list (personal centre or a service account's drawer); answers the secret. */
async function makeTokenInDialog(page: Page, name: string): Promise<string> {
  await page.getByTestId("token-new").click();
  await page.getByTestId("token-name").fill(name);
  await confirmDialog(
    page
      .locator(".ant-modal")
      .filter({ has: page.getByTestId("token-name") })
      .locator(".ant-btn-primary"),
  );
  const secretBox = page.getByTestId("token-secret");
  await secretBox.waitFor();
  const secret = (await secretBox.innerText()).trim();
  expect(secret).toMatch(/^mqt_[A-Za-z0-9_-]{43}$/);
  return secret;
}

/** Closes the secret dialog and revokes the token named `name` in the list, confirming. */
async function revokeInList(page: Page, name: string): Promise<void> {
  await confirmDialog(
    page
      .locator(".ant-modal")
      .filter({ has: page.getByTestId("token-secret") })
      .locator(".ant-btn-primary"),
  );
  await page.getByTestId("token-secret").waitFor({ state: "hidden" });
  const row = page.locator("tr").filter({ hasText: name });
  await row.locator("[data-testid^=token-revoke-]").click();
  await confirmDialog(page.locator(".ant-popconfirm .ant-btn-primary"));
  await expect.poll(() => row.locator(".ant-tag").innerText()).toMatch(/Revoked|已撤销/);
}

describe("API tokens in the browser", () => {
  it("a personal token made in the personal centre drives the API from a script until it is revoked", async () => {
    const page = await signedInPage("en");
    await page.goto("/personalCenter");
    await page.getByRole("tab", { name: "API tokens" }).click();
    const secret = await makeTokenInDialog(page, "nightly script");
    await expect.poll(() => page.locator(".ant-alert-warning").innerText()).toContain("shown only this once");
    await screenshot(page, "api-token-secret-en");
    expect(await scriptCall(secret)).toEqual({ status: 200, code: 0 });
    await revokeInList(page, "nightly script");
    await screenshot(page, "api-token-revoked-en");
    expect((await scriptCall(secret)).status).toBe(401);
  });

  it("a service account made in user management holds a token that works until it is revoked", async () => {
    const page = await signedInPage("en");
    await page.goto("/sys/user/");
    await page.getByTestId("service-tab").click();
    await page.getByTestId("service-new").click();
    await page.getByTestId("service-name").fill("CMS sync");
    await page.getByTestId("service-permissions").click();
    await page.keyboard.type("View materials");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await confirmDialog(
      page
        .locator(".ant-modal")
        .filter({ has: page.getByTestId("service-name") })
        .locator(".ant-btn-primary"),
    );
    const row = page.getByTestId("service-row-CMS sync");
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain("1 permission");
    await screenshot(page, "service-accounts-en");

    await page.getByTestId("service-tokens-CMS sync").click();
    const drawer = page.locator(".ant-drawer");
    await drawer.getByTestId("api-tokens").waitFor();
    const secret = await makeTokenInDialog(page, "sync job");
    await screenshot(page, "service-token-secret-en");
    expect(await scriptCall(secret)).toEqual({ status: 200, code: 0 });
    // The account holds only what it was given: an edit is refused.
    const edit = await fetch(`${e.base}/apm-web/a/api/material/saveFolder`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "by the bot" }),
    });
    expect(edit.status).toBe(403);
    await revokeInList(page, "sync job");
    await screenshot(page, "service-token-revoked-en");
    expect((await scriptCall(secret)).status).toBe(401);

    // Disabled, a second token of the account stops too.
    const second = await makeTokenInDialog(page, "second job");
    expect((await scriptCall(second)).status).toBe(200);
    await confirmDialog(
      page
        .locator(".ant-modal")
        .filter({ has: page.getByTestId("token-secret") })
        .locator(".ant-btn-primary"),
    );
    await page.locator(".ant-drawer-close").click();
    await page.getByTestId("service-row-CMS sync").getByRole("button", { name: "Disable" }).click();
    await expect.poll(() => page.getByTestId("service-row-CMS sync").innerText()).toContain("Disabled");
    expect((await scriptCall(second)).status).toBe(401);
  });

  it("lays out the service accounts and their tokens in Chinese", async () => {
    const page = await signedInPage("zh_CN");
    await page.goto("/sys/user/");
    await page.getByTestId("service-tab").click();
    const row = page.getByTestId("service-row-CMS sync");
    await row.waitFor();
    await screenshot(page, "service-accounts-zh_CN");
    await page.getByTestId("service-tokens-CMS sync").click();
    await page.locator(".ant-drawer").getByTestId("api-tokens").waitFor();
    await expect.poll(() => page.locator(".ant-drawer tbody tr").count()).toBeGreaterThan(1);
    await screenshot(page, "service-tokens-zh_CN");
    await page.locator(".ant-drawer-close").click();
    await page.getByTestId("service-new").click();
    await page.getByTestId("service-name").waitFor();
    await screenshot(page, "service-new-zh_CN");
  });
});
