import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProgramDoc } from "@marquee/program";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, confirmDialog, consolePage, type E2E, screenshot, startE2E, upload } from "./harness";

/**
 * Publishing in the browser, as a user would: upload an image, build a program
 * with it in the editor, make a plan that plays it now, publish the plan to
 * a web player page and see the picture on it, with its delivery shown per
 * terminal; publish an emergency message and see it over the program, then
 * withdraw it. With review on, the same path goes through the review screens
 * of a second user before it can be published.
 */
let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };
const dir = mkdtempSync(path.join(tmpdir(), "marquee-e2e-publish-"));
const poster = path.join(dir, "poster.png");
const SCREEN = "Hall screen";
const PROGRAM = "Poster show";

let screenCtx: BrowserContext;
let screen: Page;

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  writeFileSync(
    poster,
    await sharp({ create: { width: 800, height: 450, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await screenCtx?.close();
  await e?.close();
});

type EditorWindow = { __marqueeEditor: { getState(): { doc: ProgramDoc; programId: number | null } } };

/** Program production: a new program with one image widget showing `material`, saved. */
async function buildProgram(page: Page, name: string, material: string): Promise<number> {
  await page.goto("/program/make");
  await page.getByTestId("program-new-name").fill(name);
  await page.getByTestId("program-create").click();
  await page.waitForURL("**/programEditor?**");
  await page.getByTestId("editor").waitFor();
  await page.getByTestId("editor-palette-image").click();
  await page.getByTestId("property-panel").getByTestId("material-choose").first().click();
  const picker = page.getByTestId("material-picker");
  await picker.getByTestId("material-picker-card").filter({ hasText: material }).first().click();
  await confirmDialog(page.getByTestId("material-picker-ok"));
  await picker.waitFor({ state: "hidden" });
  await page.getByTestId("editor-save").click();
  await expect.poll(() => page.getByTestId("editor-save-status").getAttribute("data-status")).toBe("saved");
  const id = await page.evaluate(
    () => (window as unknown as EditorWindow).__marqueeEditor.getState().programId,
  );
  if (!id) throw new Error("the program was not saved");
  return id;
}

/** A browser page as a screen: /player shows its code; the operator authorises it in the console. */
async function enrolScreen(operator: Page): Promise<void> {
  screenCtx = await e.browser.newContext({ baseURL: e.base, viewport: { width: 1280, height: 720 } });
  screen = await screenCtx.newPage();
  screen.on("pageerror", (err) => {
    throw err;
  });
  await screen.goto("/player/");
  const codeEl = screen.getByTestId("enrol-code");
  await codeEl.waitFor();
  const code = ((await codeEl.textContent()) ?? "").replace(/\s/g, "");
  await operator.goto("/terminalMonitor/monitor");
  await operator.getByTestId("terminal-authorize").click();
  await operator.getByTestId("terminal-authorize-code").fill(code);
  await operator.getByTestId("terminal-authorize-name").fill(SCREEN);
  await confirmDialog(operator.getByTestId("terminal-authorize-ok"));
  await screen.getByText(/waiting for content|No content yet/).waitFor({ timeout: 30_000 });
}

/** Plan production: one item of `program`, every day, all day; saved. Answers the plan's id. */
async function makePlan(page: Page, name: string, program: string): Promise<number> {
  await page.goto("/playPlan/planMake");
  await page.getByTestId("plan-editor").waitFor();
  await page.getByTestId("plan-name").fill(name);
  await page.getByTestId("plan-add-item").click();
  await page.getByTestId("plan-add-program").click();
  await page.locator(".ant-select-item-option", { hasText: program }).first().click();
  await confirmDialog(page.getByTestId("plan-add-ok"));
  const windows = page.getByTestId("plan-item-windows").locator("input");
  await windows.nth(0).fill("00:00");
  await windows.nth(0).press("Tab");
  await windows.nth(1).fill("24:00");
  await windows.nth(1).press("Tab");
  await expect.poll(() => page.getByTestId("plan-block").count()).toBeGreaterThan(0);
  await page.getByTestId("plan-save").click();
  await page.waitForURL(/[?&]id=\d+/);
  await screenshot(page, `plan-make-${name.replace(/\W+/g, "-").toLowerCase()}`);
  return Number(new URL(page.url()).searchParams.get("id"));
}

/** Publish settings → terminal selection (by search) → confirm; waits for the done page. */
async function publish(page: Page, kind: "plan" | "message" | "program", id: number): Promise<void> {
  if (!page.url().includes("/publishSet")) await page.goto(`/publishSet?kind=${kind}&id=${id}`);
  await page.getByTestId("publish-flow").waitFor();
  await page.getByTestId("publish-next").click();
  await page
    .getByTestId("publish-terminal-picker")
    .getByRole("tab", { name: /Search/ })
    .click();
  const search = page.getByTestId("publish-terminal-search");
  await search.locator(".ant-table-row", { hasText: SCREEN }).locator("input[type=checkbox]").check();
  await expect.poll(() => page.getByTestId("publish-count").textContent()).toMatch(/1/);
  await page.getByTestId("publish-next").click();
  await page.getByTestId("publish-confirm").click();
  await page.getByTestId("publish-done").waitFor();
}

/** The delivery state of the one terminal on the done page. */
const delivered = (page: Page) => page.getByTestId("publish-target-state").first().getAttribute("data-state");

const imageShown = () =>
  screen
    .locator(".mq-widget img")
    .evaluateAll((els) => els.some((img) => (img as HTMLImageElement).naturalWidth > 0));

describe("from the library to a screen, through plans, messages and review", () => {
  it("publishes a plan to a player page and shows it; an emergency message shows over it until withdrawn", async () => {
    const operator = await consolePage(e, ADMIN.username, ADMIN.password);
    await upload(operator, [poster]);
    await buildProgram(operator, PROGRAM, "poster");
    await enrolScreen(operator);

    const planId = await makePlan(operator, "All day poster", PROGRAM);
    await publish(operator, "plan", planId);
    // The screen plays it, and the operator sees that per terminal.
    await expect.poll(imageShown, { timeout: 30_000 }).toBe(true);
    await expect.poll(() => delivered(operator), { timeout: 30_000 }).toBe("playing");
    await screenshot(operator, "publish-delivery");
    await screenshot(screen, "player-plan");

    // An emergency notice over the program: it shows at once, and the program goes on behind it.
    await operator.goto("/message/form");
    await operator.getByTestId("message-form").waitFor();
    await operator.getByTestId("message-name").fill("Evacuation");
    await operator.getByTestId("message-text").fill("Please leave the building");
    await operator.getByTestId("message-kind").getByText("Notice").click();
    await operator.getByTestId("message-priority").getByText("Emergency").click();
    // The form offers both ways and starts on "over the program"; its preview shows the program behind.
    await expect(
      operator
        .getByTestId("message-emergency-display")
        .getByRole("radio", { name: "Over the program" })
        .isChecked(),
    ).resolves.toBe(true);
    await operator
      .getByTestId("message-emergency-warning")
      .getByText(/over the program/)
      .first()
      .waitFor();
    await expect(
      operator
        .getByTestId("message-preview")
        .locator('[data-testid="mq-message"]')
        .getAttribute("data-display"),
    ).resolves.toBe("over");
    await screenshot(operator, "message-form-emergency-over");
    await operator.getByTestId("message-save-publish").click();
    await operator.waitForURL("**/publishSet?kind=message**");
    const messageId = Number(new URL(operator.url()).searchParams.get("id"));
    await publish(operator, "message", messageId);
    const message = screen.locator('[data-testid="mq-message"][data-priority="emergency"]');
    await message.getByText("Please leave the building").waitFor({ timeout: 30_000 });
    await expect(message.getAttribute("data-display")).resolves.toBe("over");
    // The program is still on the screen, visible around the band.
    await expect.poll(imageShown).toBe(true);
    await expect(screen.getByTestId("interrupted").count()).resolves.toBe(0);
    // What covers the screen is the band alone: the picture is drawn, visible, and mostly above the band.
    const layout = await screen.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>(".mq-widget img");
      const band = document.querySelector<HTMLElement>('[data-testid="mq-message-band"]');
      if (!img || !band) return null;
      const i = img.getBoundingClientRect();
      const b = band.getBoundingClientRect();
      const seen = getComputedStyle(img).visibility === "visible" && i.width > 0 && i.height > 0;
      return { seen, bandShare: b.height / window.innerHeight, imageAboveBand: i.top < b.top };
    });
    expect(layout?.seen).toBe(true);
    expect(layout?.imageAboveBand).toBe(true);
    expect(layout?.bandShare).toBeLessThan(0.5);
    await screenshot(screen, "player-emergency-over");

    // Withdrawn, it leaves the screen and the program comes back.
    await operator.getByTestId("publish-withdraw-all").click();
    await confirmDialog(
      operator.locator(".ant-popconfirm .ant-btn-primary, .ant-modal-confirm .ant-btn-primary"),
    );
    await message.waitFor({ state: "detached", timeout: 30_000 });
    await expect.poll(imageShown, { timeout: 30_000 }).toBe(true);
  });

  it("with review on, the plan and its program pass a second user's review before they can be published", async () => {
    const admin = await consolePage(e, ADMIN.username, ADMIN.password);
    const saved = await admin.evaluate(async () => {
      const res = await fetch("/apm-web/a/api/sysSetting/saveKey", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({ key: "audit", value: true }),
      });
      return ((await res.json()) as { code: number }).code;
    });
    expect(saved).toBe(0);
    await addUser(e, "author", "Author12345", [
      "content:program:view",
      "content:program:edit",
      "content:playPlan:view",
      "content:playPlan:edit",
      "content:playPlan:publish",
    ]);
    await addUser(e, "reviewer", "Review12345", [
      "content:program:view",
      "content:program:review",
      "content:playPlan:view",
      "content:playPlan:review",
    ]);

    // The author makes a plan; with review on it cannot be published yet.
    const author = await consolePage(e, "author", "Author12345");
    const planId = await makePlan(author, "Reviewed poster", PROGRAM);
    await author.goto(`/publishSet?kind=plan&id=${planId}`);
    await author.getByTestId("publish-review-block").waitFor();
    await expect(author.getByTestId("publish-next").isDisabled()).resolves.toBe(true);
    await author.getByTestId("publish-submit-review").click();
    // Its program goes to review too (the plan's items play only approved programs).
    const submitted = await author.evaluate(async () => {
      const list = await fetch("/apm-web/a/api/program/list?pageNo=1&pageSize=10", {
        headers: { "X-Requested-With": "XMLHttpRequest" },
      }).then((r) => r.json() as Promise<{ list: Array<{ id: number; name: string }> }>);
      const program = list.list.find((p) => p.name === "Poster show");
      const res = await fetch("/apm-web/a/api/program/submit", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({ ids: String(program?.id) }),
      });
      return ((await res.json()) as { state?: string }).state;
    });
    expect(submitted).toBe("pending");

    // The reviewer approves the program and the plan in the review screens.
    const reviewer = await consolePage(e, "reviewer", "Review12345");
    await reviewer.goto("/publishProgram/checklist");
    const programRow = reviewer.getByTestId("review-table").locator(".ant-table-row", { hasText: PROGRAM });
    await programRow.getByTestId("review-approve").click();
    await confirmDialog(reviewer.getByTestId("review-submit"));
    await programRow.waitFor({ state: "detached" });
    await reviewer.goto("/playPlan/checklist");
    const row = reviewer
      .getByTestId("review-table")
      .locator(".ant-table-row", { hasText: "Reviewed poster" });
    await row.getByTestId("plan-approve").click();
    // The dialog closes once the decision is taken (a refusal would stay in it), then the list drops the plan.
    await confirmDialog(reviewer.getByTestId("plan-review-submit"));
    await row.waitFor({ state: "detached" });
    await screenshot(reviewer, "plan-review");

    // Now the author publishes it, and the screen takes it.
    await author.goto(`/publishSet?kind=plan&id=${planId}`);
    await author.getByTestId("publish-flow").waitFor();
    await expect(author.getByTestId("publish-review-block").count()).resolves.toBe(0);
    await publish(author, "plan", planId);
    await expect.poll(() => delivered(author), { timeout: 30_000 }).toMatch(/^(fetched|downloaded|playing)$/);
    await expect.poll(imageShown, { timeout: 30_000 }).toBe(true);
  });
});
