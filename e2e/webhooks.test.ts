import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, screenshot, signIn, startE2E } from "./harness";

/**
 * The Webhooks page (system management): an endpoint made through the dialog, a test ping to a real
 * receiver on 127.0.0.1, the delivery log with the body sent; in English and Simplified Chinese.
 */

let e: E2E;
let receiver: Server;
let port = 0;
const got: string[] = [];
const ADMIN = { username: "admin", password: "Admin12345" };

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      got.push(String(req.headers["x-marquee-event"]));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  await e.server.app.services.settings.set("webhooksPrivateAddresses", true, null);
});
afterAll(async () => {
  await e?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

async function pageIn(language: string): Promise<Page> {
  const ctx = await e.context();
  await ctx.addCookies([{ name: "language", value: language, url: e.base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL("**/home");
  return page;
}

describe("the Webhooks page", () => {
  it("makes an endpoint, sends a test ping and shows the delivery log (en)", async () => {
    const page = await pageIn("en");
    await page.goto("/sys/webhook");
    await page.getByTestId("webhook-page").waitFor();
    await page.getByTestId("webhook-new").click();
    await page.getByLabel("URL").fill(`http://127.0.0.1:${port}/hooks`);
    await page.getByLabel("Description").fill("Signage monitoring");
    await page.getByTestId("webhook-event-publication.delivered").click();
    await page.getByTestId("webhook-event-terminal.offline").click();
    await page.getByTestId("webhook-event-alarm.raised").click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator(".ant-table-row").count()).toBe(1);
    const id = await page
      .locator("[data-testid^=webhook-test-]")
      .first()
      .getAttribute("data-testid")
      .then((v) => Number(v?.replace("webhook-test-", "")));
    await page.getByTestId(`webhook-test-${id}`).click();
    await expect.poll(() => got).toContain("ping");
    await expect.poll(() => page.locator(".ant-message").innerText()).toContain("answered 204");
    await screenshot(page, "webhooks-en");
    await page.getByTestId(`webhook-edit-${id}`).click();
    await expect.poll(() => page.getByTestId("webhook-secret").innerText()).toMatch(/^whsec_/);
    await screenshot(page, "webhooks-dialog-en");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delivery log" }).click();
    await page.locator(".ant-drawer .ant-table-row").first().waitFor();
    await page.locator(".ant-drawer .ant-table-row-expand-icon").first().click();
    await expect.poll(() => page.getByTestId("webhook-payload").innerText()).toContain('"type": "ping"');
    await screenshot(page, "webhooks-log-en");
  });

  it("reads in Simplified Chinese", async () => {
    const page = await pageIn("zh_CN");
    await page.goto("/sys/webhook");
    await page.getByTestId("webhook-page").waitFor();
    await expect.poll(() => page.getByTestId("webhook-page").innerText()).toContain("新建端点");
    await screenshot(page, "webhooks-zh_CN");
    await page.locator("[data-testid^=webhook-edit-]").first().click();
    await expect.poll(() => page.locator(".ant-modal").innerText()).toContain("签名密钥");
    await page.getByTestId("webhook-secret").waitFor({ state: "visible" });
    // The dialog's opening animation ends before the picture is taken.
    await page.waitForTimeout(500);
    await screenshot(page, "webhooks-dialog-zh_CN");
  });
});
