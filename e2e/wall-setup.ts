import { createProgram, createWidget } from "@marquee/program";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { api } from "./page-api";

/**
 * A four-screen video wall in one Chromium, shared by the browser test
 * (e2e/wall.test.ts) and the benchmark (bench/wall.ts): a 2 × 2 wall of web
 * players, each a page of its own profile enrolled as a terminal, a program
 * at the wall's resolution published to it, and in each page a record of its
 * scene changes as shown (the wall stage's data-scene attribute, on the
 * machine's clock that the four pages share).
 */

export const WALL = {
  rows: 2,
  cols: 2,
  bezelMm: { top: 8, right: 8, bottom: 8, left: 8 },
  screenWidthMm: 1000,
  screenHeightMm: 562.5,
  width: 3840,
  height: 2160,
};
/** Each main scene lasts this long (s). */
export const SCENE_SECONDS = 2;
const SCENES = ["Alpha", "Bravo", "Charlie"];

export interface WallScreen {
  ctx: BrowserContext;
  page: Page;
  id: number;
  name: string;
}

/** A JSON call of the console's API from the signed-in page (harness.ts's `api`, which a benchmark can import). */
export const call = api;

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | undefined>,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v !== null && v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Uploads a video through the media library's dialog; answers its material id once converted. */
export async function uploadVideo(page: Page, file: string, name: string): Promise<number> {
  await page.goto("/resManage/myRes");
  await page.getByTestId("material-table").waitFor();
  await page.getByTestId("material-upload").click();
  await page.getByTestId("material-dropzone").locator("input[type=file]").setInputFiles([file]);
  await until("the upload", 120_000, async () => {
    const stages = await page
      .getByTestId("upload-item")
      .evaluateAll((els) => els.map((x) => x.getAttribute("data-stage")));
    return stages.length && stages.every((s) => s === "done" || s === "instant") ? true : null;
  });
  await page.keyboard.press("Escape");
  return until("the video's conversion", 120_000, async () => {
    const r = await call<{ list: Array<{ id: number; name: string; convertState: string }> }>(
      page,
      "GET",
      `/a/api/material/list?type=video&pageSize=50`,
    );
    const m = r.list.find((x) => x.name.startsWith(name.replace(/\.[^.]+$/, "")));
    return m && (m.convertState === "done" || m.convertState === "none") ? m.id : null;
  });
}

/**
 * The wall's program: three main scenes of SCENE_SECONDS each, each with its
 * name across the whole canvas (crossing all four screens) and a label in
 * the middle of each screen's crop; the first plays a video over the whole
 * canvas when one is given.
 */
export function wallProgram(videoId: number | null) {
  const doc = createProgram({ width: WALL.width, height: WALL.height });
  const base = doc.scenes[0];
  if (!base) throw new Error("no scene");
  doc.scenes = SCENES.map((name, i) => {
    const widgets = [];
    if (i === 0 && videoId !== null) {
      const v = createWidget("video", doc, {
        defaults: { materialId: videoId, loop: true, muted: true, fit: "fill" },
      });
      widgets.push({ ...v, x: 0, y: 0, w: WALL.width, h: WALL.height });
    }
    const title = createWidget("text", doc, { defaults: { text: name, fontSize: 400, align: "center" } });
    widgets.push({ ...title, x: 0, y: 800, w: WALL.width, h: 560 });
    for (const [n, [x, y]] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ].entries()) {
      const label = createWidget("text", doc, {
        defaults: { text: `Screen ${n + 1}`, fontSize: 120, align: "center" },
      });
      widgets.push({ ...label, x: (x ?? 0) * 1920 + 360, y: (y ?? 0) * 1080 + 120, w: 1200, h: 200 });
    }
    return {
      ...base,
      id: `s${i + 1}`,
      name,
      widgets: widgets as typeof base.widgets,
      duration: { ...base.duration, mode: "fixed" as const, seconds: SCENE_SECONDS },
    };
  });
  return doc;
}

/** A fresh profile opening /player/, authorised through the API under `name`; it records its scene changes. */
export async function wallScreen(
  browser: Browser,
  base: string,
  operator: Page,
  name: string,
  officeId: number,
) {
  const ctx = await browser.newContext({
    baseURL: base,
    viewport: { width: 960, height: 540 },
    locale: "en-US",
    timezoneId: "UTC",
  });
  // The scene changes as shown: the wall stage's data-scene attribute, stamped with the page's clock.
  await ctx.addInitScript(`(() => {
    window.__wallScenes = [];
    const watch = () => {
      const el = document.querySelector('[data-testid="wall-stage"]');
      if (!el) return false;
      let last = el.getAttribute("data-scene");
      new MutationObserver(() => {
        const now = el.getAttribute("data-scene");
        if (now === last) return;
        last = now;
        window.__wallScenes.push({ scene: now, at: performance.timeOrigin + performance.now() });
      }).observe(el, { attributes: true, attributeFilter: ["data-scene"] });
      return true;
    };
    const timer = setInterval(() => { if (watch()) clearInterval(timer); }, 20);
  })()`);
  const page = await ctx.newPage();
  await page.goto("/player/");
  const codeEl = page.getByTestId("enrol-code");
  await codeEl.waitFor({ timeout: 60_000 });
  const enrolCode = ((await codeEl.textContent()) ?? "").replace(/\s/g, "");
  const r = await call<{ terminal?: { id: number }; id?: number }>(
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
  return { ctx, page, id, name } satisfies WallScreen;
}

/** The scene changes each screen has shown so far. */
export async function sceneChanges(screens: WallScreen[]) {
  return Promise.all(
    screens.map((s) =>
      s.page.evaluate(
        () => (window as unknown as { __wallScenes: Array<{ scene: string; at: number }> }).__wallScenes,
      ),
    ),
  );
}

/**
 * The spread of each scene change across the screens (ms): the nth change of
 * every screen, when all four have made it and to the same scene.
 */
export function changeSpreads(changes: Array<Array<{ scene: string; at: number }>>): number[] {
  const n = Math.min(...changes.map((c) => c.length));
  const spreads: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = changes.map((c) => c[i]);
    if (row.some((x) => !x || x.scene !== row[0]?.scene)) continue;
    const ats = row.map((x) => x?.at ?? 0);
    spreads.push(Math.max(...ats) - Math.min(...ats));
  }
  return spreads;
}

/** Builds the wall: program, four screens, the wall saved and the program published (starting in `leadSeconds`). */
export async function buildWall(
  browser: Browser,
  base: string,
  operator: Page,
  opts: { videoId: number | null; leadSeconds: number },
) {
  const info = await call<{ user: { officeId: number } }>(operator, "GET", "/a/api/user/getUserInfo");
  const officeId = info.user.officeId;
  const saved = await call<{ id: number }>(operator, "POST", "/a/api/program/save", {
    name: "Wall show",
    doc: wallProgram(opts.videoId),
  });
  await call(operator, "POST", "/a/api/program/submit", { ids: String(saved.id) });
  const screens: WallScreen[] = [];
  for (let i = 0; i < 4; i++)
    screens.push(await wallScreen(browser, base, operator, `Wall ${i + 1}`, officeId));
  const wall = await call<{ wall: { id: number } }>(operator, "POST", "/a/api/wall/save", {
    name: "Lobby wall",
    ...WALL,
    screens: screens.map((s, i) => ({ terminalId: s.id, row: Math.floor(i / 2), col: i % 2 })),
  });
  const published = await call<{
    wall: { id: number; startAtMs: number };
    crops: Array<{ terminalId: number; crop: { x: number; y: number; width: number; height: number } }>;
  }>(operator, "POST", "/a/api/wall/publish", {
    id: wall.wall.id,
    programId: saved.id,
    leadSeconds: opts.leadSeconds,
  });
  return {
    officeId,
    programId: saved.id,
    wallId: wall.wall.id,
    startAtMs: published.wall.startAtMs,
    crops: published.crops,
    screens,
  };
}
