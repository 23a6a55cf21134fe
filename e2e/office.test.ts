import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmDialog, consolePage, type E2E, screenshot, signIn, startE2E } from "./harness";

/**
 * Offices in the browser: the platform opens an agent and a customer under
 * it, gives the customer a second-level domain and its own brand, a role and
 * an administrator; that administrator signs in on acme.localhost, sees ACME's
 * logo and title, must choose a new password, and sees only ACME. A menu title
 * edited in menu management shows after signing in again, and the system log
 * exports as an .xlsx that opens.
 */
let e: E2E;
let logo: string;
const ADMIN = { username: "admin", password: "Admin12345" };
const ACME_ADMIN = { username: "acmeadmin", first: "Acme1234start", second: "Acme5678later" };

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  const dir = mkdtempSync(path.join(tmpdir(), "marquee-org-"));
  logo = path.join(dir, "acme-logo.png");
  writeFileSync(
    logo,
    await sharp({ create: { width: 96, height: 96, channels: 3, background: "#d81b60" } })
      .png()
      .toBuffer(),
  );
});
afterEach(async () => {
  await e?.closeContexts();
});
afterAll(async () => {
  await e?.close();
});

/** Picks an option of an antd Select (the dropdown is rendered at the end of the page). */
async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  const search = select.locator("input");
  if (await search.isEditable().catch(() => false)) await search.fill(text);
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: text })
    .first()
    .click();
}

/** An antd TreeSelect: open it and click the node. */
async function chooseTreeNode(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-tree-title", { hasText: text })
    .first()
    .click();
}

const port = () => new URL(e.base).port;

describe("organisation and administration", () => {
  it("opens an agent, a customer under it, its domain, brand, a role and an administrator", async () => {
    const page = await consolePage(e, ADMIN.username, ADMIN.password);

    // An agent, then a customer under it (agent activation).
    await page.goto("/sys/office/toOpenAgentOfficePage");
    await page.getByTestId("agent-new").click();
    await page.getByTestId("customer-form-name").fill("North Agency");
    await confirmDialog(page.getByTestId("customer-form-ok"));
    await page.getByText("North Agency created").waitFor();
    await page.getByTestId("agent-tree").getByText("North Agency").click();
    await page.getByTestId("customer-new").click();
    await page.getByTestId("customer-form-name").fill("ACME");
    await confirmDialog(page.getByTestId("customer-form-ok"));
    await page.getByText("ACME created").waitFor();
    await expect.poll(() => page.getByTestId("customer-table").innerText()).toContain("ACME");

    // Its second-level domain, with customisation switched on.
    await page.goto("/sys/customer/doaminNameSetting");
    await page
      .getByTestId("domain-table")
      .locator("tr", { hasText: "ACME" })
      .getByTestId("domain-edit")
      .click();
    await page.getByTestId("domain-input").fill("acme");
    await expect.poll(() => page.getByTestId("domain-preview").innerText()).toContain("acme.");
    const personal = page.getByTestId("domain-personal-switch");
    if ((await personal.getAttribute("aria-checked")) !== "true") await personal.click();
    await page.getByTestId("domain-save").click();
    await expect.poll(() => page.getByTestId("domain-table").innerText()).toContain("acme");

    // Its brand: a title and a logo.
    await page.goto("/sys/customer/personalInterface");
    await choose(page, page.getByTestId("brand-tenant-select"), "ACME");
    await page.getByTestId("brand-title-input").fill("ACME Screens");
    await page.getByTestId("brand-upload-logo").setInputFiles(logo);
    await page.getByTestId("brand-image-logo").waitFor();
    await page.getByTestId("brand-save").click();
    await page.getByText("The brand of ACME is saved").waitFor();
    await screenshot(page, "org-brand");

    // A role of ACME that may see users, institutions and materials.
    await page.goto("/sys/role");
    await page.getByTestId("role-new").click();
    await choose(page, page.getByTestId("role-office"), "ACME");
    await page.getByTestId("role-name").fill("ACME operators");
    await page.getByTestId("role-code").fill("operators");
    for (const p of ["sys:user:view", "sys:office:view", "content:material:view"]) {
      await page.getByTestId(`role-perm-${p}`).click();
    }
    await page.getByTestId("role-save").click();
    await expect.poll(() => page.getByTestId("role-table").innerText()).toContain("ACME operators");

    // ACME's administrator with that role.
    await page.goto("/sys/user/");
    await page.getByTestId("user-office-tree").getByText("ACME", { exact: true }).click();
    await page.getByTestId("user-new").click();
    await page.getByTestId("user-username").fill(ACME_ADMIN.username);
    await page.getByTestId("user-name").fill("Ada of ACME");
    const office = page.getByTestId("user-office");
    if (!(await office.innerText()).includes("ACME")) await chooseTreeNode(page, office, "ACME");
    await page.getByTestId("user-password").fill(ACME_ADMIN.first);
    await page.getByTestId("user-password-confirm").fill(ACME_ADMIN.first);
    await choose(page, page.getByTestId("user-roles"), "ACME operators");
    await page.keyboard.press("Escape");
    await page.getByTestId("user-save").click();
    await page.getByText("The user was saved").waitFor();
    await expect.poll(() => page.getByTestId("user-table").innerText()).toContain(ACME_ADMIN.username);
  });

  it("signs ACME's administrator in on acme.localhost with ACME's logo and title, and shows only ACME", async () => {
    const ctx = await e.browser.newContext({
      baseURL: `http://acme.localhost:${port()}`,
      viewport: { width: 1440, height: 900 },
    });
    await ctx.addCookies([{ name: "language", value: "en", url: `http://acme.localhost:${port()}` }]);
    const page = await ctx.newPage();
    page.on("pageerror", (err) => {
      throw err;
    });

    await page.goto("/login");
    await expect.poll(() => page.getByTestId("brand-title").innerText()).toBe("ACME Screens");
    expect(await page.getByTestId("brand-logo").getAttribute("src")).toMatch(/\/f\/brand\/[0-9a-f]+\.png$/);
    await screenshot(page, "org-acme-login");

    // The first sign-in must choose a new password (set by an administrator).
    await signIn(page, ACME_ADMIN.username, ACME_ADMIN.first);
    await page.getByTestId("password-expired-modal").waitFor();
    await page.getByTestId("password-expired-new").fill(ACME_ADMIN.second);
    await page.getByTestId("password-expired-confirm").fill(ACME_ADMIN.second);
    await page.getByTestId("password-expired-submit").click();
    await page.waitForURL("**/home");
    await expect.poll(() => page.getByTestId("header-title").innerText()).toContain("ACME Screens");

    // Only ACME's subtree: its office tree holds ACME, not the agent above or the platform.
    await page.goto("/sys/office");
    const tree = page.getByTestId("office-tree");
    await tree.getByText("ACME").first().waitFor();
    expect(await tree.innerText()).not.toContain("North Agency");
    await page.goto("/sys/user/");
    await expect.poll(() => page.getByTestId("user-table").innerText()).toContain(ACME_ADMIN.username);
    expect(await page.getByTestId("user-table").innerText()).not.toMatch(/\badmin\b/);
    await screenshot(page, "org-acme-users");

    // The platform administrator is not ACME's: the same domain refuses them nothing, but another
    // tenant's user would get "wrong credentials" (server-tested); here ACME's admin signs out.
    await ctx.close();
  });

  it("shows a menu title edited in menu management after signing in again", async () => {
    const page = await consolePage(e, ADMIN.username, ADMIN.password);
    await page.goto("/sysManage/menuManage");
    await page.getByTestId("menu-edit-materialManage").click();
    await page.getByTestId("menu-form").waitFor();
    await page.getByTestId("menu-title-en").fill("Media library");
    await page.getByTestId("menu-save").click();
    await page.getByText("Entry materialManage saved").waitFor();

    const again = await consolePage(e, ADMIN.username, ADMIN.password);
    await again.getByTestId("side-menu").getByText("Resource management").click();
    await expect.poll(() => again.getByTestId("side-menu").innerText()).toContain("Media library");
    await screenshot(again, "org-menu-renamed");
  });

  it("exports the system log as an .xlsx that opens", async () => {
    const page = await consolePage(e, ADMIN.username, ADMIN.password);
    await page.goto("/sys/log");
    await page.getByTestId("log-table").waitFor();
    // Actions read by name in the reader's language (English here), not as the raw "login".
    await expect.poll(() => page.getByTestId("log-table").innerText()).toContain("Sign in");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("log-export").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^system-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("the export has no sheet");
    expect(sheet.name).toBe("System log");
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    expect(header).toContain("User");
    const actions: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) actions.push(...(row.values as unknown[]).map(String));
    });
    expect(actions).toContain("Sign in");
    expect(actions.join(" ")).toContain("acmeadmin");
  });
});
