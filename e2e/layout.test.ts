import { flattenMenu, LANGUAGE_COOKIE, LOCALES, MENU_SEED } from "@marquee/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, screenshot, signIn, startE2E } from "./harness";

/**
 * Every page of the menu at 1440 and 1280 px wide in all six languages: no header, title, tab,
 * button, label or menu entry is clipped, no word is broken inside across lines, and no table hides columns
 * behind a horizontal scroll or under a column fixed at its end (a table shows its primary columns and lets
 * the secondary ones go on narrow screens). One sign-in per language; pages are opened by the console's own navigation.
 */
let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };
const WIDTHS = [1440, 1280] as const;

/** The pages of the menu, as a user opens them (invisible entries and groups aside). */
const PAGES = flattenMenu(MENU_SEED)
  .filter((m) => !m.invisible && !m.children?.length && !/^https?:/.test(m.path))
  .map((m) => `/${m.path.replace(/^\/+/, "").replace(/\/+$/, "")}`)
  .filter((p) => p !== "/programEditor");

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await e?.close();
});

/** Runs in the page: what is clipped, broken or scrolled away, each as one line. */
function findProblems(): string[] {
  const problems: string[] = [];
  const shown = (el: Element) =>
    el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
    el.getBoundingClientRect().width > 0;
  const label = (el: Element) => (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
  const TEXT = [
    ".ant-table-thead th",
    ".ant-card-head-title",
    ".ant-menu-title-content",
    ".ant-tabs-tab-btn",
    ".ant-btn > span:not(.anticon)",
    ".ant-form-item-label > label",
    ".ant-tag",
    ".ant-statistic-title",
    ".ant-radio-button-wrapper",
  ].join(",");
  for (const el of Array.from(document.querySelectorAll(TEXT))) {
    if (!shown(el) || !label(el)) continue;
    // antd's own ellipsis of a table cell shows the whole text on hover: still clipped to the eye.
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
      problems.push(`clipped: ${el.className.toString().split(" ")[0]} "${label(el)}"`);
    }
    // Text that runs out of its card (a figure's title wider than the card it sits in).
    const card = el.closest(".ant-card");
    if (card && el.getBoundingClientRect().right > card.getBoundingClientRect().right + 1) {
      problems.push(`out of its card: "${label(el)}"`);
    }
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      // A hyphenated word ("Sous-organisations") is one word: cut at its hyphen, it still reads broken.
      for (const m of text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)) {
        if (m[0].length < 2) continue;
        // Han, kana and hangul break between any two characters by design.
        if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(m[0])) continue;
        const range = document.createRange();
        range.setStart(node, m.index ?? 0);
        range.setEnd(node, (m.index ?? 0) + m[0].length);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) problems.push(`word broken: "${m[0]}" in "${label(el)}"`);
      }
    }
  }
  for (const table of Array.from(document.querySelectorAll(".ant-table-wrapper"))) {
    if (!shown(table)) continue;
    const scroller = table.querySelector(".ant-table-content, .ant-table-body");
    if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) {
      const box = scroller.getBoundingClientRect();
      const heads = Array.from(table.querySelectorAll(".ant-table-thead th"));
      // A column fixed at the end (the actions) stays in view and covers the columns that scroll under it.
      const fixedEnd = heads.filter((th) => th.classList.contains("ant-table-cell-fix-end"));
      const edge = Math.min(box.right, ...fixedEnd.map((th) => th.getBoundingClientRect().left));
      const hidden = heads
        .filter((th) => !fixedEnd.includes(th) && th.getBoundingClientRect().right > edge + 1)
        .map((th) => label(th) || "(no title)");
      if (hidden.length > 0) problems.push(`columns behind a horizontal scroll: ${hidden.join(", ")}`);
    }
  }
  return [...new Set(problems)];
}

/** Opens `path` by the console's own router and waits until nothing is loading. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  // The page area names the address it shows once the guards have let it through.
  await expect
    .poll(() => page.locator("[data-testid=page-animation]").getAttribute("data-path"), { timeout: 15_000 })
    .toBe(path);
  // Nothing loading, and no entrance or transition still moving (a pulsing dot loops for ever: not waited for).
  await page
    .waitForFunction(
      () =>
        !Array.from(document.querySelectorAll(".ant-spin-spinning, .ant-skeleton-active")).some((el) =>
          el.checkVisibility(),
        ) &&
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {
      throw new Error(`${path} was still loading after 15 s`);
    });
}

describe("every page fits at 1440 and 1280 px in every language", () => {
  for (const locale of LOCALES) {
    it(`in ${locale}`, async () => {
      const context = await e.context();
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: "en", url: e.base }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      try {
        await signIn(page, ADMIN.username, ADMIN.password);
        await page.waitForURL("**/home");
        await context.addCookies([{ name: LANGUAGE_COOKIE, value: locale, url: e.base }]);
        await page.reload();
        await page.getByTestId("side-menu").waitFor();
        const found: string[] = [];
        for (const path of PAGES) {
          await page.setViewportSize({ width: WIDTHS[0], height: 900 });
          await open(page, path);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r(true))));
            // Tables fit their columns to the new width after a resize observer's callback and a render
            // (components/fitColumns.ts): on a busy machine that takes more than a frame. What a person
            // sees is the settled page, so a problem must still be there after 3 s to count.
            let problems = await page.evaluate(findProblems);
            for (let i = 0; problems.length > 0 && i < 10; i++) {
              await page.waitForTimeout(300);
              problems = await page.evaluate(findProblems);
            }
            if (problems.length > 0) {
              found.push(...problems.map((p) => `${path} at ${width} px: ${p}`));
              if (process.env.LAYOUT_SHOTS) {
                await screenshot(page, `layout-${locale}-${width}-${path.replace(/\W+/g, "_")}`);
              }
            }
          }
        }
        expect(errors).toEqual([]);
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600_000);
  }
});
