import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Request,
} from "playwright-core";
import { expect } from "vitest";
import { loadConfig } from "../apps/server/src/config";
import { type RunningServer, startServer } from "../apps/server/src/server";
import { createTestDatabase } from "../apps/server/test/helpers";

const root = new URL("..", import.meta.url).pathname;
export const SCREENSHOTS = path.join(root, "e2e/screenshots");

/** Debian's Chromium; a missing one fails loudly (CI installs it). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    return execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error(
      "Chromium is missing: install Debian's chromium (apt-get install -y chromium), or set CHROMIUM_PATH",
    );
  }
}

/**
 * What the browser pages of the running file did lately: answers of 400 and over, requests that never got
 * an answer (and those still waiting), slow answers, page errors and console errors, with the time since the file started. `e2e/on-failure.ts`
 * prints it under a failed test, with what each open page shows, so a failure seen only on CI says why.
 */
const journal: string[] = [];
const JOURNAL_MAX = 100;
/** A request slower than this is noted too (a loaded machine's stalls show in the report). */
const SLOW_MS = 5_000;
const journalStart = Date.now();
function note(line: string): void {
  journal.push(`+${((Date.now() - journalStart) / 1000).toFixed(1)}s ${line}`);
  if (journal.length > JOURNAL_MAX) journal.shift();
}
/** The open profiles, each with its requests asked and not yet answered (and when they were asked). */
const openContexts = new Map<BrowserContext, Map<Request, number>>();

function watch(context: BrowserContext): void {
  const inFlight = new Map<Request, number>();
  openContexts.set(context, inFlight);
  context.on("close", () => openContexts.delete(context));
  context.on("response", (res) => {
    if (res.status() >= 400) note(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  context.on("request", (req) => {
    inFlight.set(req, Date.now());
  });
  context.on("requestfinished", (req) => {
    inFlight.delete(req);
    const took = req.timing().responseEnd;
    if (took > SLOW_MS) note(`slow (${Math.round(took)} ms) ${req.method()} ${req.url()}`);
  });
  context.on("requestfailed", (req) => {
    inFlight.delete(req);
    // A page's own scripts and images cut off by its navigation are no news; a call of the API is.
    if (req.failure()?.errorText === "net::ERR_ABORTED" && !req.url().includes("/apm-web/")) return;
    note(`failed ${req.method()} ${req.url()}: ${req.failure()?.errorText ?? "?"}`);
  });
  context.on("page", (page) => {
    page.on("pageerror", (err) => note(`page error at ${page.url()}: ${err.message}`));
    page.on("console", (msg) => {
      if (msg.type() === "error") note(`console error at ${page.url()}: ${msg.text()}`);
    });
  });
}

/** Per open page: its address and the alerts, messages and dialogs it shows. */
async function shownByOpenPages(): Promise<string[]> {
  const lines: string[] = [];
  for (const context of openContexts.keys())
    for (const page of context.pages()) {
      lines.push(`page ${page.url()}`);
      const shown = await page
        .locator(".ant-alert, .ant-message-notice, .ant-notification-notice, .ant-modal-title")
        .allInnerTexts()
        .catch(() => []);
      for (const text of shown) lines.push(`  shows: ${text.replace(/\s+/g, " ").slice(0, 200)}`);
      // A web player has no dialogs: what it shows, and which of its parts are on the page.
      if (new URL(page.url()).pathname.startsWith("/player")) {
        const text = await page
          .locator("body")
          .innerText()
          .catch(() => "");
        const parts = await page
          .locator("[data-testid]")
          .evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")).slice(0, 12))
          .catch(() => []);
        lines.push(`  player shows: ${text.replace(/\s+/g, " ").slice(0, 200) || "(no text)"}`);
        lines.push(`  player parts: ${parts.join(", ") || "(none)"}`);
      }
    }
  return lines;
}

/** The journal, then what the pages still open show (for a failed test). */
export async function failureReport(): Promise<string> {
  const lines = ["browser activity (latest last):", ...journal.map((l) => `  ${l}`)];
  for (const inFlight of openContexts.values())
    for (const [req, at] of inFlight)
      lines.push(`  still waiting after ${Date.now() - at} ms: ${req.method()} ${req.url()}`);
  lines.push(...(await shownByOpenPages()));
  return lines.join("\n");
}

export interface E2E {
  server: RunningServer;
  base: string;
  browser: Browser;
  /** A new browser profile (its own cookies and storage). */
  /**
   * A new browser profile for the console, in `locale`. It asks for reduced motion unless `motion` says
   * otherwise: dialogs then appear at once, and a click never lands while one is still zooming in (lost
   * clicks of that kind failed CI runs). The console's own motion is tested with `motion: true`.
   */
  context(locale?: string, options?: { motion?: boolean }): Promise<BrowserContext>;
  /**
   * Closes every profile opened so far. A signed-in page left open keeps polling and animating, and a file of
   * twenty tests that each leave one behind slows every test after them: files call it after each test.
   */
  closeContexts(): Promise<void>;
  close(): Promise<void>;
}

/** The real server with the built console on a fresh database, and a headless Chromium. */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  const consoleIndex = path.join(root, "apps/web/dist/index.html");
  if (!existsSync(consoleIndex)) throw new Error("The console is not built: run `npm run build:web` first");
  const url = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "marquee-e2e-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    RATE_LIMIT_OPEN_PER_MINUTE: "100000",
    ...env,
  });
  const server = await startServer(config);
  const base = server.url.replace("0.0.0.0", "127.0.0.1");
  // Playwright gives every launch a new, empty profile directory of its own.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  // Every profile a test opens, here or on its own, is watched for the failure report.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watch(context);
    return context;
  };
  mkdirSync(SCREENSHOTS, { recursive: true });
  const opened = new Set<BrowserContext>();
  return {
    server,
    base,
    browser,
    async context(locale?: string, options: { motion?: boolean } = {}) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 1440, height: 900 },
        // The console follows the browser's language when no cookie says otherwise: Chinese unless asked.
        locale: locale ?? "zh-CN",
        reducedMotion: options.motion ? "no-preference" : "reduce",
      });
      // CI runs the browser suite beside two API suites on two cores: a full page load there once took
      // over 30 s (playwright's default wait), while it takes under one second on an idle machine.
      context.setDefaultTimeout(60_000);
      opened.add(context);
      context.on("close", () => opened.delete(context));
      return context;
    },
    async closeContexts() {
      // What the pages showed as they closed goes to the journal: a failed test's report comes after this.
      for (const line of await shownByOpenPages()) note(`closing: ${line}`);
      await Promise.all([...opened].map((c) => c.close().catch(() => undefined)));
      opened.clear();
    },
    async close() {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Clicks a dialog's confirming button until the dialog has taken it (the button is gone). On a busy machine
 * a click may land while the dialog is still zooming in, on a spot the button has already left: nothing
 * happens, and a person would click again. While the button shows it is busy (the call is on its way), it
 * is not clicked again.
 */
export async function confirmDialog(button: Locator, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const left = () => Math.max(1, until - Date.now());
  for (;;) {
    await button.click({ timeout: left() }).catch(async (err: unknown) => {
      if (await button.isVisible()) throw err;
    });
    const gone = await button
      .waitFor({ state: "hidden", timeout: Math.min(5_000, left()) })
      .then(() => true)
      .catch(() => false);
    if (gone) return;
    const busy = await button.evaluate((b) => b.classList.contains("ant-btn-loading")).catch(() => false);
    if (busy) {
      await button.waitFor({ state: "hidden", timeout: left() });
      return;
    }
    if (Date.now() >= until) throw new Error("the dialog never took the click on its button");
  }
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByPlaceholder(/用户名|User name/).fill(username);
  await page.locator("input[type=password]").fill(password);
  await page.locator("button[type=submit]").click();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Adds a user directly in the database, in the platform office, with a role of exactly these permissions. */
export async function addUser(
  e: E2E,
  username: string,
  password: string,
  permissions: string[],
): Promise<number> {
  const { db } = e.server.app.services;
  const { offices, roles, userRoles, users } = await import("../apps/server/src/db/schema");
  const { hashPassword } = await import("../apps/server/src/platform/password");
  const [office] = await db.select().from(offices).limit(1);
  if (!office) throw new Error("initialise first");
  const [role] = await db
    .insert(roles)
    .values({ officeId: office.id, code: `r_${username}`, name: username, permissions })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ officeId: office.id, username, name: username, passwordHash: await hashPassword(password) })
    .returning();
  if (!role || !user) throw new Error("not created");
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return user.id;
}

/** A console page in English, signed in as this user (page errors fail the test). */
export async function consolePage(e: E2E, username: string, password: string): Promise<Page> {
  const ctx = await e.context();
  await ctx.addCookies([{ name: "language", value: "en", url: e.base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  await signIn(page, username, password);
  await page.waitForURL("**/home");
  return page;
}

/** Uploads files through the media library's dialog and waits until each is done. */
export async function upload(page: Page, paths: string[]): Promise<void> {
  await page.goto("/resManage/myRes");
  await page.getByTestId("material-table").waitFor();
  await page.getByTestId("material-upload").click();
  await page.getByTestId("material-dropzone").locator("input[type=file]").setInputFiles(paths);
  await expect
    .poll(
      () =>
        page.getByTestId("upload-item").evaluateAll((els) => els.map((x) => x.getAttribute("data-stage"))),
      { timeout: 60_000 },
    )
    .toEqual(paths.map(() => expect.stringMatching(/^(done|instant)$/)));
  await page.keyboard.press("Escape");
}

export { api } from "./page-api";

/**
 * Opens a hover menu and clicks one of its items, until `done` holds. While the page behind is still busy (a
 * freshly loaded dashboard drawing its charts), the menu may still be sliding in when the mouse heads for the
 * item and close again, or take the click while it slides out: open it anew until the choice has taken
 * effect, as a person would.
 */
export async function chooseFromHoverMenu(
  page: Page,
  trigger: string,
  item: string,
  done: () => Promise<boolean>,
): Promise<void> {
  let lastError: unknown = new Error(`choosing ${item} from ${trigger} never took effect`);
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByTestId(trigger).hover();
    try {
      await page.getByTestId(item).click({ timeout: 3_000 });
      await expect.poll(done, { timeout: 5_000 }).toBe(true);
      return;
    } catch (err) {
      lastError = err;
      await page.mouse.move(0, 0);
    }
  }
  throw lastError;
}
