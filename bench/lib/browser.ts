import { type Browser, chromium, type Page } from "playwright-core";
import { chromiumPath } from "../../e2e/harness";
import type { Cleanup } from "./cleanup";

/** Every wait in the browser gives up after this long. */
export const BROWSER_TIMEOUT_MS = 30_000;

/**
 * Debian's Chromium, headless, as the browser tests launch it (Playwright gives
 * it a new, empty profile directory and removes it). Closed at cleanup; the
 * benchmark handles the signals itself, so Playwright does not close it on
 * Ctrl-C behind the cleanup's back.
 */
export async function launchChromium(cleanup: Cleanup): Promise<Browser> {
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
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    timeout: BROWSER_TIMEOUT_MS,
  });
  cleanup.add("closing Chromium", () => browser.close());
  return browser;
}

const READY = "__benchInteractive";

/**
 * Runs in the page before its own scripts: records `performance.now()` (ms
 * since the navigation started) at the first DOM change, or animation frame,
 * after which the element is there, enabled and visible (a non-empty box, not
 * display:none or visibility:hidden), then stops watching.
 */
function probeScript(selector: string): string {
  return `(() => {
  const selector = ${JSON.stringify(selector)};
  let observer;
  const check = () => {
    if (window.${READY} !== undefined) return true;
    const el = document.querySelector(selector);
    if (!el || el.disabled || !el.checkVisibility({ visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    window.${READY} = performance.now();
    observer?.disconnect();
    return true;
  };
  observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;
}

/**
 * A new browser context (no cookies, storage or cache of any earlier run) with
 * the HTTP cache also switched off, and the readiness probe for `selector`;
 * closed after `fn`, whatever happens.
 */
export async function withFreshPage<T>(
  browser: Browser,
  selector: string,
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: "zh-CN",
    serviceWorkers: "block",
  });
  try {
    await context.addInitScript({ content: probeScript(selector) });
    const page = await context.newPage();
    page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    return await fn(page);
  } finally {
    await context.close();
  }
}

export interface LoadTime {
  /** The page's own clock: navigation start to the element interactive (see probeScript). */
  pageMs: number;
  /** Node's clock: `page.goto` called to the probe's answer seen by Playwright. */
  wallMs: number;
}

/** Navigates and waits for the probe; both clocks. */
export async function loadUntilInteractive(page: Page, url: string): Promise<LoadTime> {
  const started = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    (key) => (globalThis as unknown as Record<string, number | undefined>)[key],
    READY,
    { polling: "raf" },
  );
  const wallMs = performance.now() - started;
  const pageMs = await handle.jsonValue();
  await handle.dispose();
  if (typeof pageMs !== "number") throw new Error(`${url}: the readiness probe answered ${String(pageMs)}`);
  return { pageMs, wallMs };
}

/** A resource the page fetched, from its Resource Timing buffer (times in the page's ms). */
export interface ResourceEntry {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

export async function resourceEntries(page: Page): Promise<ResourceEntry[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType("resource") as unknown as ResourceEntry[]).map((e) => ({
      name: e.name,
      initiatorType: e.initiatorType,
      startTime: e.startTime,
      responseEnd: e.responseEnd,
      transferSize: e.transferSize,
      encodedBodySize: e.encodedBodySize,
      decodedBodySize: e.decodedBodySize,
    })),
  );
}

/**
 * A full navigation of `page` to `url`, answering what the page's own probe (an init script) writes into
 * `window[key]` once the page is ready: `performance.now()` then, ms on the page's clock.
 */
export async function navigateUntil(page: Page, url: string, key: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction((k) => (window as unknown as Record<string, number>)[k], key, {
    polling: "raf",
  });
  return (await handle.jsonValue()) as number;
}
