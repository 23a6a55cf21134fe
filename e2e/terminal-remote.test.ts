import { createProgram, createWidget } from "@marquee/program";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type E2E, screenshot, signIn, startE2E } from "./harness";

/**
 * Remote control in the browser, on two real web players (two browser contexts in
 * UTC): a batch volume change through the terminal settings screen shows
 * both acks; a synchronized start shows each player's measured clock offset;
 * the terminal map shows both markers; and a screen-off timer blacks out one
 * player at the set minute (its clock is Playwright's fake clock, moved
 * forward past the minute).
 */
let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };
const TEXT = "Synchronised screens";

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await e?.close();
});

interface Screen {
  ctx: BrowserContext;
  page: Page;
  id: number;
  name: string;
}

/** A fresh browser profile opening /player/, authorised through the API under `name`. */
async function screenOf(operator: Page, name: string, officeId: number): Promise<Screen> {
  const ctx = await e.browser.newContext({
    baseURL: e.base,
    viewport: { width: 960, height: 540 },
    locale: "en-US",
    timezoneId: "UTC",
  });
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  // Fake timers from the start (time flows until the test moves it): the screen-off step jumps ahead.
  await page.clock.install();
  await page.goto("/player/");
  const codeEl = page.getByTestId("enrol-code");
  await codeEl.waitFor();
  const enrolCode = ((await codeEl.textContent()) ?? "").replace(/\s/g, "");
  const r = await api<{ terminal?: { id: number }; id?: number }>(
    operator,
    "POST",
    "/a/api/terminal/authorize",
    {
      enrolCode,
      officeId,
      name,
    },
  );
  const id = r.terminal?.id ?? r.id;
  if (typeof id !== "number") throw new Error(`authorize answered no id: ${JSON.stringify(r)}`);
  return { ctx, page, id, name };
}

/** The <input> of an antd field whose test id sits on the input itself or on its wrapper. */
async function inputOf(page: Page, testId: string) {
  const el = page.getByTestId(testId);
  return (await el.evaluate((n) => n.tagName)) === "INPUT" ? el : el.locator("input");
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe("remote control of two web players", () => {
  it("acks a batch, starts in sync, shows on the map, and blacks out at the timer's minute", async () => {
    const ctx = await e.context();
    await ctx.addCookies([{ name: "language", value: "en", url: e.base }]);
    const operator = await ctx.newPage();
    operator.on("pageerror", (err) => {
      throw err;
    });
    await signIn(operator, ADMIN.username, ADMIN.password);
    await operator.waitForURL("**/home");
    const info = await api<{ user: { officeId: number } }>(operator, "GET", "/a/api/user/getUserInfo");
    const officeId = info.user.officeId;

    // An approved program to play.
    const doc = createProgram({ width: 1920, height: 1080 });
    const text = createWidget("text", doc, { defaults: { text: TEXT, fontSize: 120, align: "center" } });
    doc.scenes[0]?.widgets.push({ ...text, x: 160, y: 400, w: 1600, h: 240 });
    const saved = await api<{ id: number }>(operator, "POST", "/a/api/program/save", {
      name: "Sync show",
      doc,
    });
    await api(operator, "POST", "/a/api/program/submit", { ids: String(saved.id) });

    const a = await screenOf(operator, "Hall A", officeId);
    const b = await screenOf(operator, "Hall B", officeId);

    // 1. A batch volume change from the terminal settings screen: one ack per screen, both done.
    await operator.goto("/terminalMonitor/setting");
    const table = operator.getByTestId("terminal-table");
    for (const s of [a, b]) {
      const row = table.locator(".ant-table-row", { hasText: s.name });
      await expect
        .poll(() => row.getByTestId("terminal-status").textContent(), { timeout: 30_000 })
        .toBe("Online");
      await row.locator("input[type=checkbox]").check();
    }
    await operator.getByTestId("terminal-action-settings").click();
    await (await inputOf(operator, "terminal-settings-volume")).fill("30");
    await operator.getByTestId("terminal-settings-ok").click();
    const drawer = operator.getByTestId("terminal-command-drawer");
    for (const s of [a, b]) {
      const outcome = drawer.locator(`[data-testid=terminal-command-outcome][data-terminal-id="${s.id}"]`);
      await expect
        .poll(() => outcome.getByTestId("terminal-outcome-state").textContent(), { timeout: 30_000 })
        .toBe("Done");
    }
    await screenshot(operator, "terminal-settings-batch");
    // The players obey: their next status reports the volume.
    for (const s of [a, b]) {
      await expect
        .poll(
          async () =>
            (
              await api<{ reported: { volume: number } | null }>(
                operator,
                "GET",
                `/a/api/terminal/terminalDetails?id=${s.id}`,
              )
            ).reported?.volume,
          { timeout: 60_000 },
        )
        .toBe(30);
    }
    await operator.keyboard.press("Escape");

    // 2. A synchronized start of the program on both: each one's measured offset shows.
    await operator.goto("/terminalMonitor/synchronizedBroadcast");
    const picker = operator.getByTestId("sync-terminal-picker");
    for (const s of [a, b])
      await picker.locator(".ant-table-row", { hasText: s.name }).locator("input[type=checkbox]").check();
    await operator.getByTestId("sync-program").click();
    await operator.locator(".ant-select-item-option", { hasText: "Sync show" }).click();
    await (await inputOf(operator, "sync-lead")).fill("8");
    await operator.getByTestId("sync-start").click();
    for (const s of [a, b]) {
      const offset = operator.getByTestId(`sync-offset-${s.id}`);
      await expect.poll(() => offset.textContent(), { timeout: 30_000 }).toMatch(/[+−]?\d+ ms/);
      // Two pages on the server's own machine: their clocks agree with it within a second.
      const ms = Number(((await offset.textContent()) ?? "").replace(/[^\d]/g, ""));
      expect(ms).toBeLessThan(1000);
    }
    for (const s of [a, b]) await s.page.getByText(TEXT).waitFor({ timeout: 30_000 });
    await screenshot(operator, "sync-broadcast");
    await screenshot(a.page, "player-sync-a");

    // 3. The map: both screens placed, both markers shown (tiles may not load here: markers on a blank map).
    await api(operator, "POST", "/a/api/terminal/savePosition", { id: a.id, lat: 45.4642, lng: 9.19 });
    await api(operator, "POST", "/a/api/terminal/savePosition", { id: b.id, lat: 45.4781, lng: 9.2272 });
    await operator.goto("/sysManage/terminalMap");
    await operator.getByTestId(`map-marker-${a.id}`).waitFor({ timeout: 30_000 });
    await operator.getByTestId(`map-marker-${b.id}`).waitFor();
    await screenshot(operator, "terminal-map");

    // 4. A screen-off timer on A: on since an hour ago, off at a minute three minutes from the player's now.
    const now = await a.page.evaluate(() => Date.now());
    const offAt = Math.floor(now / 60_000) * 60_000 + 3 * 60_000;
    await api(operator, "POST", "/a/api/terminalSet/terminalSet", {
      ids: [a.id],
      settings: {
        timers: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], on: hhmm(now - 3_600_000), off: hhmm(offAt) }],
      },
    });
    // Applied and still on: the player reports the timers' state, and no black overlay yet.
    await expect
      .poll(
        async () =>
          (
            await api<{ reported: { screenOn?: boolean; manifestVersion: string | null } | null }>(
              operator,
              "GET",
              `/a/api/terminal/terminalDetails?id=${a.id}`,
            )
          ).reported?.screenOn,
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(await a.page.getByTestId("screen-off").count()).toBe(0);
    // A minute before: still on. Past the minute: black.
    await a.page.clock.fastForward(offAt - 60_000 - (await a.page.evaluate(() => Date.now())));
    expect(await a.page.getByTestId("screen-off").count()).toBe(0);
    await a.page.clock.fastForward(61_000);
    await a.page.getByTestId("screen-off").waitFor({ timeout: 10_000 });
    await screenshot(a.page, "player-screen-off");
    // B has no timer: it keeps playing.
    expect(await b.page.getByTestId("screen-off").count()).toBe(0);

    await a.ctx.close();
    await b.ctx.close();
  });
});
