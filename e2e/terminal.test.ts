import { createProgram, createWidget } from "@marquee/program";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, screenshot, signIn, startE2E } from "./harness";

/**
 * A screen in the browser: a tab becomes a managed screen. The player at
 * /player shows its enrolment code; the operator authorises it in the
 * console, sees it online, gives it a program, takes a screenshot of it and
 * sees the picture; then the player loses the network, reloads, and keeps
 * playing from its cache.
 */
let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };
const TEXT = "Hello screens";

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await e?.close();
});

async function consolePage(): Promise<Page> {
  const ctx = await e.context();
  await ctx.addCookies([{ name: "language", value: "en", url: e.base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL("**/home");
  return page;
}

/** A program with one big text, saved and approved through the API as the signed-in operator. */
async function approvedProgram(page: Page): Promise<number> {
  const doc = createProgram({ width: 1920, height: 1080 });
  const text = createWidget("text", doc, { defaults: { text: TEXT, fontSize: 120, align: "center" } });
  doc.scenes[0]?.widgets.push({ ...text, x: 160, y: 400, w: 1600, h: 240 });
  return page.evaluate(
    async ({ doc }) => {
      const post = async (url: string, body: unknown) => {
        const res = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { code: number; msg: string; id?: number };
        if (json.code !== 0) throw new Error(`${url}: ${json.msg}`);
        return json;
      };
      const saved = await post("/apm-web/a/api/program/save", { name: "Welcome screen", doc });
      await post("/apm-web/a/api/program/submit", { ids: String(saved.id) });
      return saved.id as number;
    },
    { doc },
  );
}

describe("a browser tab as a managed screen", () => {
  it("enrols, is authorised, plays, answers a screenshot, and keeps playing offline", async () => {
    const operator = await consolePage();
    await approvedProgram(operator);

    // The screen: a fresh browser profile opening /player.
    const screenCtx: BrowserContext = await e.browser.newContext({
      baseURL: e.base,
      viewport: { width: 1280, height: 720 },
      locale: "en-US",
    });
    const screen = await screenCtx.newPage();
    screen.on("pageerror", (err) => {
      throw err;
    });
    await screen.goto("/player/");
    const codeEl = screen.getByTestId("enrol-code");
    await codeEl.waitFor();
    const code = ((await codeEl.textContent()) ?? "").replace(/\s/g, "");
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await screenshot(screen, "player-enrol");

    // The operator authorises it by its code, and sees it online.
    await operator.goto("/terminalMonitor/monitor");
    await operator.getByTestId("terminal-authorize").click();
    await operator.getByTestId("terminal-authorize-code").fill(code);
    await operator.getByTestId("terminal-authorize-name").fill("Lobby screen");
    await operator.getByTestId("terminal-authorize-ok").click();
    const row = operator
      .getByTestId("terminal-table")
      // The list is virtualised: its rows are not <tr> elements.
      .locator(".ant-table-row", { hasText: "Lobby screen" });
    await expect
      .poll(() => row.getByTestId("terminal-status").textContent(), { timeout: 30_000 })
      .toBe("Online");
    await screen.getByText(/waiting for content|No content yet/).waitFor();

    // It is given the program, and plays it.
    await row.locator("input[type=checkbox]").check();
    await operator.getByTestId("terminal-batch-programs").click();
    await operator.getByTestId("terminal-programs-select").click();
    await operator.locator(".ant-select-item-option", { hasText: "Welcome screen" }).click();
    await operator.keyboard.press("Escape");
    await operator.getByTestId("terminal-programs-ok").click();
    await screen.getByText(TEXT).waitFor({ timeout: 30_000 });
    await screenshot(screen, "player-playing");

    // A screenshot command: one outcome, done; the picture shows in the details.
    await operator.getByTestId("terminal-batch-screenshot").click();
    const drawer = operator.getByTestId("terminal-command-drawer");
    await expect
      .poll(() => drawer.getByTestId("terminal-outcome-state").first().textContent(), { timeout: 30_000 })
      .toBe("Done");
    await operator.keyboard.press("Escape");
    await row.getByText("Lobby screen").click();
    const shot = operator.getByTestId("terminal-details").locator("img.ant-image-img").first();
    await shot.waitFor();
    await expect
      .poll(() => shot.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(100);
    // Screen truth (issue 24): the picture is what the schedule expected, drawn alike by the console.
    const mark = operator.getByTestId("terminal-truth-mark");
    await expect.poll(() => mark.getAttribute("data-state"), { timeout: 30_000 }).toBe("looksRight");
    const expected = operator.getByTestId("terminal-truth-expected");
    await expected.waitFor();
    // The expected picture is the program drawn (its text), not a blank that a mostly black screen would match.
    const lit = await expected.evaluate(async (img) => {
      const el = img as HTMLImageElement;
      await el.decode();
      const c = document.createElement("canvas");
      c.width = el.naturalWidth;
      c.height = el.naturalHeight;
      const g = c.getContext("2d");
      g?.drawImage(el, 0, 0);
      const d = g?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if ((d[i] ?? 0) > 128) n++;
      return n / (c.width * c.height);
    });
    expect(lit).toBeGreaterThan(0.005);
    await expected.scrollIntoViewIfNeeded();
    await screenshot(operator, "terminal-truth");
    await operator.getByTestId("terminal-details").getByText("Latest screenshot").scrollIntoViewIfNeeded();
    await operator.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await screenshot(operator, "terminal-monitor-details");

    // The network goes away: a reload still plays the program from the cache.
    await screenCtx.setOffline(true);
    await screen.reload();
    await screen.getByText(TEXT).waitFor({ timeout: 30_000 });
    await screenshot(screen, "player-offline");
    await screenCtx.setOffline(false);

    // Back online, it reconnects by itself and the console sees it online again.
    await operator.keyboard.press("Escape");
    await expect
      .poll(() => row.getByTestId("terminal-status").textContent(), { timeout: 60_000 })
      .toBe("Online");
    await screenCtx.close();
  });
});
