import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createProgram,
  createScene,
  createWidget,
  type ProgramDoc,
  type Scene,
  type Transition,
  type WidgetProps,
  type WidgetType,
} from "@marquee/program";
import { DEFAULT_MESSAGE, type MessageDoc } from "@marquee/schedule";
import pixelmatch from "pixelmatch";
import type { BrowserContext, Page } from "playwright-core";
import { PNG } from "pngjs";
import { makeMedia, startFixtureServer } from "./fidelity-fixtures";
import { api, type E2E, SCREENSHOTS, signIn } from "./harness";

/**
 * Preview equals screen, measured (issue 24): the cases, and how each is
 * captured twice — in the console editor's real preview (PreviewOverlay,
 * opened with "preview from here" on the case's scene) and on the real web
 * player (/player, enrolled and given the program) — at the same resolution,
 * at the same instant, with the same media frame and the same data, then
 * compared pixel by pixel. Shared by e2e/fidelity.test.ts and
 * bench/fidelity.ts.
 *
 * The instant: both pages run on playwright's fake clock, paused. The program
 * has one scene per case, each SCENE_SEC long; case k is captured at
 * FIXED_START + k·SCENE_SEC on both: the player is moved there (its scene
 * timers fire as on a screen, so it reaches scene k by itself), the console
 * is paused just before it and opens the preview from scene k. Animations
 * (marquee, scrolling, transitions) are paused at the same time on their
 * timeline, videos sought to the same frame.
 */

/** The case instants start here (a Monday morning in UTC). */
export const FIXED_START = Date.UTC(2026, 5, 15, 9, 0, 0);
/** Each scene's length: the player moves one scene per SCENE_SEC of fake time. */
export const SCENE_SEC = 300;
/** Both windows: a 1920 × 1080 program shown at half size. */
export const VIEWPORT = { width: 960, height: 540 } as const;
/** The target: under this share of pixels (percent) differ beyond the colour tolerance. */
export const TARGET_PERCENT = 0.5;
/** pixelmatch's colour tolerance (YIQ distance, 0–1): a small one. */
export const COLOUR_THRESHOLD = 0.1;
/** Animations are paused at this time of their timeline (transitions are over by then). */
export const ANIMATION_AT_MS = 1500;
/** Videos (and the stream) are sought to this time (s): a still second of the test clip. */
export const VIDEO_AT_S = 1.5;
/** How long the console's preview bar stays after it opens (PreviewOverlay's BAR_HIDE_MS), and a margin. */
const BAR_WAIT_MS = 3000;
/** The screen's clock is paused this long before the first instant when it is given the program. */
const START_MARGIN_MS = 8000;

export const FIDELITY_DIR = path.join(SCREENSHOTS, "fidelity");

interface Materials {
  image: number;
  image2: number;
  video: number;
  audio: number;
  document: number;
}

/** One case: a scene built from the materials and the stand-in internet's address. */
export interface FidelityCase {
  name: string;
  scene(size: { width: number; height: number }, m: Materials, web: string): Scene;
}

const FRAME = { x: 160, y: 140, w: 1600, h: 800 };
const DATA_SOURCE = "dsFidelity";
const TEXT_FONT = { fontFamily: "sans-serif", color: "#ffffff", background: "#24405a" };

function sceneWith<T extends WidgetType>(
  name: string,
  type: T,
  // Checked when the program is saved (the server validates every widget's props).
  props: (m: Materials, web: string) => Record<string, unknown>,
  frame = FRAME,
): FidelityCase {
  return {
    name,
    scene(size, m, web) {
      const scene = baseScene(name);
      scene.widgets.push({
        ...createWidget(type, size, { defaults: props(m, web) as Partial<WidgetProps<T>> }),
        ...frame,
      });
      return scene;
    },
  };
}

function baseScene(name: string, transition: Transition = { type: "none", durationMs: 0 }): Scene {
  return {
    ...createScene(name),
    duration: { mode: "fixed", seconds: SCENE_SEC },
    transition,
    background: { kind: "color", color: "#1d2b3a" },
  };
}

function transitionCase(type: Transition["type"]): FidelityCase {
  return {
    name: `transition-${type}`,
    scene(size) {
      const scene = baseScene(`transition-${type}`, { type, durationMs: 500 });
      const text = createWidget("text", size, {
        defaults: {
          ...TEXT_FONT,
          text: `At rest after ${type}`,
          fontSize: 96,
          align: "center",
          valign: "middle",
        },
      });
      scene.widgets.push({ ...text, ...FRAME });
      return scene;
    },
  };
}

function backgroundCase(name: string, background: (m: Materials) => Scene["background"]): FidelityCase {
  return {
    name,
    scene(_size, m) {
      return { ...baseScene(name), background: background(m) };
    },
  };
}

/** Every widget type (all 17 of WIDGET_TYPES), backgrounds, transitions at rest, default buttons. */
export const SCENE_CASES: FidelityCase[] = [
  sceneWith("text", "text", () => ({
    ...TEXT_FONT,
    text: "Preview equals screen — 预览等于屏幕 · Àéîõü",
    fontSize: 72,
    align: "center",
    valign: "middle",
    bold: true,
  })),
  sceneWith("text-bound", "text", () => ({
    ...TEXT_FONT,
    text: "",
    fontSize: 96,
    align: "center",
    valign: "middle",
    binding: { dataSourceId: DATA_SOURCE, field: "name", row: 1 },
  })),
  sceneWith("marquee", "marquee", () => ({
    text: "Scrolling news · 滚动新闻 · the same place on both",
    fontSize: 80,
    speed: 200,
    background: "#102030",
  })),
  sceneWith("image", "image", (m) => ({ materialId: m.image, fit: "contain", borderRadius: 24 })),
  sceneWith("carousel", "carousel", (m) => ({
    materialIds: [m.image2, m.image],
    intervalSec: 3600,
    fit: "cover",
    effect: "none",
  })),
  sceneWith("video", "video", (m) => ({ materialId: m.video, loop: true, muted: true, fit: "contain" })),
  sceneWith("audio", "audio", (m) => ({ materialId: m.audio, loop: true, volume: 0 })),
  sceneWith("web", "web", (_m, web) => ({ url: `${web}/page.html`, refreshSec: 0, zoom: 100 })),
  sceneWith("clock-digital", "clock", () => ({
    style: "digital",
    timezone: "UTC",
    hour12: false,
    showSeconds: true,
    showDate: true,
    fontSize: 160,
  })),
  sceneWith("clock-analog", "clock", () => ({ style: "analog", timezone: "UTC", showSeconds: true })),
  sceneWith("date", "date", () => ({ timezone: "UTC", dateStyle: "full", showWeekday: true, fontSize: 96 })),
  sceneWith("countdown", "countdown", () => ({
    target: new Date(FIXED_START + 3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6000).toISOString(),
    units: "dhms",
    prefix: "Opening in",
    fontSize: 96,
  })),
  sceneWith("weather", "weather", () => ({
    locationName: "Milano",
    latitude: 45.46,
    longitude: 9.19,
    units: "metric",
    days: 3,
    fontSize: 48,
  })),
  sceneWith("exchange", "exchange", () => ({
    base: "EUR",
    symbols: ["USD", "GBP", "CNY", "JPY"],
    fontSize: 48,
  })),
  sceneWith("qrcode", "qrcode", () => ({ text: "https://example.com/fidelity?case=qrcode" }), {
    x: 560,
    y: 140,
    w: 800,
    h: 800,
  }),
  sceneWith("table", "table", () => ({
    dataSourceId: DATA_SOURCE,
    columns: [
      { field: "name", title: "Name" },
      { field: "city", title: "City" },
      { field: "score", title: "Score" },
    ],
    maxRows: 5,
    pageSec: 0,
    fontSize: 40,
  })),
  sceneWith("stream", "stream", (_m, web) => ({
    url: `${web}/hls/stream.m3u8`,
    muted: true,
    fit: "contain",
  })),
  sceneWith("document", "document", (m) => ({ materialId: m.document, pageSec: 3600, fit: "contain" })),
  sceneWith(
    "button",
    "button",
    () => ({ label: "Next ›", action: "after", fontSize: 64, background: "#1677ff", borderRadius: 24 }),
    { x: 660, y: 440, w: 600, h: 200 },
  ),
  backgroundCase("background-color", () => ({ kind: "color", color: "#7b1fa2" })),
  backgroundCase("background-image", (m) => ({
    kind: "image",
    materialId: m.image,
    fit: "cover",
    color: "#000",
  })),
  backgroundCase("background-video", (m) => ({
    kind: "video",
    materialId: m.video,
    fit: "contain",
    color: "#203040",
  })),
  transitionCase("fade"),
  transitionCase("slideLeft"),
  transitionCase("zoom"),
  // The program's default buttons ("before"/"after") are on over every main scene; here they are alone.
  { name: "default-buttons", scene: () => baseScene("default-buttons") },
];

/** The program of the cases: one scene per case, in order, the default buttons on. */
export function fidelityProgram(m: Materials, web: string): ProgramDoc {
  const size = { width: 1920, height: 1080 };
  const doc = createProgram(size);
  doc.scenes = SCENE_CASES.map((c) => c.scene(size, m, web));
  doc.dataSources = [
    {
      id: DATA_SOURCE,
      name: "Fixed rows",
      format: "json",
      kind: "inline",
      url: null,
      rowsPath: "",
      rows: [
        { name: "Ada", city: "London", score: 97 },
        { name: "Grace", city: "New York", score: 95 },
        { name: "Linus", city: "Helsinki", score: 92 },
        { name: "Wei", city: "上海", score: 90 },
      ],
      refreshSec: 3600,
    },
  ];
  doc.defaultButtons.before.enabled = true;
  doc.defaultButtons.after.enabled = true;
  return doc;
}

// ---- the two pages ----

/** Polls `done` until it holds (this module runs in the bench too, outside vitest's expect). */
async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Uploads files through the media library's dialog, as an operator does, until each is done. */
async function uploadFiles(page: Page, paths: string[]): Promise<void> {
  await page.goto("/resManage/myRes");
  await page.getByTestId("material-table").waitFor();
  await page.getByTestId("material-upload").click();
  await page.getByTestId("material-dropzone").locator("input[type=file]").setInputFiles(paths);
  await waitFor("the uploads", async () => {
    const stages = await page
      .getByTestId("upload-item")
      .evaluateAll((els) => els.map((x) => x.getAttribute("data-stage")));
    return stages.length === paths.length && stages.every((s) => s === "done" || s === "instant");
  });
  await page.keyboard.press("Escape");
}

export interface Fidelity {
  console: Page;
  player: Page;
  programId: number;
  doc: ProgramDoc;
  terminalId: number;
  close(): Promise<void>;
}

const contextOptions = (e: Pick<E2E, "base">) => ({
  baseURL: e.base,
  viewport: VIEWPORT,
  locale: "en-US",
  timezoneId: "UTC",
  deviceScaleFactor: 1,
});

/**
 * Everything up to the first capture: the stand-in internet, the media
 * uploaded, the program saved and approved, the editor open in the console,
 * and a screen enrolled, authorised and playing the program.
 */
export async function openFidelity(
  e: Pick<E2E, "server" | "base" | "browser">,
  admin: { username: string; password: string },
): Promise<Fidelity> {
  const dir = mkdtempSync(path.join(tmpdir(), "marquee-fidelity-"));
  const files = makeMedia(dir);
  const web = await startFixtureServer(dir);
  const { settings } = e.server.app.services;
  await settings.set("weatherUrl", web.base, null);
  await settings.set("ratesUrl", web.base, null);

  const opened: BrowserContext[] = [];
  const newPage = async (startAt: number) => {
    const ctx = await e.browser.newContext(contextOptions(e));
    ctx.setDefaultTimeout(60_000);
    opened.push(ctx);
    await ctx.addCookies([{ name: "language", value: "en", url: e.base }]);
    const page = await ctx.newPage();
    page.on("pageerror", (err) => {
      throw err;
    });
    // Time flows until the first case pauses it.
    await page.clock.install({ time: startAt });
    return page;
  };

  const consolePage = await newPage(FIXED_START - 10 * 60_000);
  await consolePage.setViewportSize({ width: 1440, height: 900 });
  await signIn(consolePage, admin.username, admin.password);
  await consolePage.waitForURL("**/home");
  await uploadFiles(consolePage, [files.image, files.image2, files.video, files.audio, files.pdf]);
  const byName = async () => {
    const r = await api<{ list: Array<{ id: number; name: string; convertState: string }> }>(
      consolePage,
      "GET",
      "/a/api/material/list?pageNo=1&pageSize=50",
    );
    return r.list;
  };
  // The video is transcoded for the screens before it plays.
  await waitFor("the video transcoded", async () =>
    /^(done|none|skipped)$/.test(
      (await byName()).find((x) => x.name.startsWith("fidelity-clip"))?.convertState ?? "",
    ),
  );
  const list = await byName();
  const idOf = (prefix: string) => {
    const found = list.find((x) => x.name.startsWith(prefix));
    if (!found) throw new Error(`material ${prefix} not uploaded: ${list.map((x) => x.name).join(", ")}`);
    return found.id;
  };
  const m: Materials = {
    image: idOf("fidelity-picture."),
    image2: idOf("fidelity-picture-2"),
    video: idOf("fidelity-clip"),
    audio: idOf("fidelity-tone"),
    document: idOf("fidelity-doc"),
  };
  const doc = fidelityProgram(m, web.base);
  const saved = await api<{ id: number }>(consolePage, "POST", "/a/api/program/save", {
    name: "Fidelity",
    doc,
  });
  await api(consolePage, "POST", "/a/api/program/submit", { ids: String(saved.id) });

  // The screen: enrolled by its code, authorised, given the program.
  const player = await newPage(FIXED_START - 5 * 60_000);
  await player.goto("/player/");
  const codeEl = player.getByTestId("enrol-code");
  await codeEl.waitFor();
  const enrolCode = ((await codeEl.textContent()) ?? "").replace(/\s/g, "");
  const info = await api<{ user: { officeId: number } }>(consolePage, "GET", "/a/api/user/getUserInfo");
  const r = await api<{ terminal?: { id: number }; id?: number }>(
    consolePage,
    "POST",
    "/a/api/terminal/authorize",
    {
      enrolCode,
      officeId: info.user.officeId,
      name: "Fidelity screen",
    },
  );
  const terminalId = r.terminal?.id ?? r.id;
  // The program arrives on a paused clock, moved on in small steps (as time passes on a screen): each
  // scene starts a moment before its case's instant, so no timer of a widget (a feed's 10 s time-out)
  // elapses in one jump of the clock before the answer it waits for has come in.
  await player.clock.pauseAt(FIXED_START - START_MARGIN_MS);
  await api(consolePage, "POST", "/a/api/terminal/setPrograms", {
    ids: [terminalId],
    programIds: [saved.id],
  });
  const first = player.locator(`.mq-scene[data-scene-id="${doc.scenes[0]?.id}"]`);
  while (!(await first.isVisible())) {
    const now = await player.evaluate(() => Date.now());
    if (now >= FIXED_START - 100) throw new Error("the screen did not start the program in time");
    // No faster than real time: a loaded machine (CI) gets its real seconds to download the media.
    await player.clock.runFor(25);
    await new Promise((r) => setTimeout(r, 25));
  }

  // The editor, at the screen's size.
  await consolePage.setViewportSize(VIEWPORT);
  await consolePage.goto(`/programEditor?id=${saved.id}`);
  await consolePage.getByTestId("editor").waitFor();
  await consolePage.getByTestId("editor-scene").first().waitFor();

  await clockTo(player, FIXED_START);
  await consolePage.clock.pauseAt(FIXED_START - BAR_WAIT_MS);
  mkdirSync(FIDELITY_DIR, { recursive: true });
  return {
    console: consolePage,
    player,
    programId: saved.id,
    doc,
    terminalId: Number(terminalId),
    async close() {
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
      await web.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The instant case `index` is captured at. */
export const instantOf = (index: number) => FIXED_START + index * SCENE_SEC * 1000;

/** Moves a paused fake clock forward to `at` (firing the timers due on the way), never back. */
async function clockTo(page: Page, at: number): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  if (at > now) await page.clock.runFor(at - now);
}

/**
 * Pauses every animation at ANIMATION_AT_MS of its timeline and seeks every
 * video to VIDEO_AT_S, paused; true when everything was already so (and
 * every picture, video frame and font is in).
 */
function settle(page: Page): Promise<boolean> {
  return page.evaluate(
    async ({ at, videoAt }) => {
      let still = true;
      for (const a of document.getAnimations()) {
        if (a.playState !== "paused" || a.currentTime !== at) still = false;
        a.pause();
        a.currentTime = at;
      }
      for (const v of Array.from(document.querySelectorAll("video"))) {
        if (!v.paused || Math.abs(v.currentTime - videoAt) > 0.001) {
          still = false;
          v.pause();
          if (v.readyState >= 1) v.currentTime = videoAt;
        }
        if (v.readyState < 2 || v.seeking) still = false;
      }
      for (const img of Array.from(document.querySelectorAll("img"))) if (!img.complete) still = false;
      if (document.fonts.status !== "loaded") still = false;
      // A PDF page still being drawn (DocumentWidget marks its canvas when done).
      if (document.querySelector('canvas[data-drawn="false"]')) still = false;
      return still;
    },
    { at: ANIMATION_AT_MS, videoAt: VIDEO_AT_S },
  );
}

const sameBuffer = (a: Buffer | null, b: Buffer) => a !== null && a.length === b.length && a.equals(b);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The most a still picture may take to come (real time). */
const STILL_LIMIT_MS = 20_000;
/** The fake time a still picture may let pass: under a second, so the clock's second does not change. */
const STILL_CLOCK_MS = 800;

/** A still picture, and whether it came within STILL_LIMIT_MS. */
interface Still {
  png: Buffer;
  /** The page still changed, or still loaded or drew something, when STILL_LIMIT_MS ran out. */
  timedOut: boolean;
}

/**
 * A still picture of the page: settles it, then shoots until two pictures in
 * a row agree and nothing loads any more (a picture, a frame, a font, a PDF
 * page, a widget's data), before and after the shot alike (a PDF page whose
 * drawing starts again between the check and the shot must not pass),
 * letting the page's timers run 20 ms of the paused fake clock between tries
 * (up to STILL_CLOCK_MS), then waiting in real time.
 */
async function stillShot(page: Page, clip?: Box): Promise<Still> {
  let last: Buffer | null = null;
  let clockSpent = 0;
  const deadline = Date.now() + STILL_LIMIT_MS;
  const quiet = async () => (await settle(page)) && !(await loading(page));
  for (;;) {
    const before = await quiet();
    const shot = await page.screenshot({ animations: "allow", caret: "hide", clip });
    const settled = before && (await quiet());
    if (settled && sameBuffer(last, shot)) return { png: shot, timedOut: false };
    if (Date.now() > deadline) return { png: shot, timedOut: true };
    last = shot;
    if (clockSpent < STILL_CLOCK_MS || (await drawingPdf(page))) {
      // pdf.js draws a page in steps run by the page's (fake) animation frames: while one is being drawn
      // the clock goes on past STILL_CLOCK_MS (a document scene shows no time), else a busy machine's late
      // worker leaves the page half drawn for good (CI saw a blank page).
      await page.clock.runFor(20);
      clockSpent += 20;
    } else await new Promise((r) => setTimeout(r, 100));
  }
}

/** What kept a capture from being a fair picture: the page's unready widgets, and a still picture that never came. */
async function problemsOf(page: Page, still: Still): Promise<string[]> {
  const problems = await unready(page);
  if (still.timedOut) problems.push(`still changing after ${STILL_LIMIT_MS / 1000} s`);
  return problems;
}

/** Whether a PDF page is still being drawn (DocumentWidget marks its canvas when done). */
function drawingPdf(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('canvas[data-drawn="false"]') !== null);
}

/** Whether a widget still says "loading". */
function loading(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('.mq-placeholder[data-state="loading"]') !== null);
}

/** Widgets that say "loading" or show an error: two such pictures agreeing would prove nothing. */
function unready(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".mq-placeholder[data-state]"))
      .filter((el) => el.dataset.state === "loading" || el.dataset.state === "error")
      .map((el) => `${el.dataset.state}: ${el.textContent ?? ""}`)
      .concat(document.querySelector('canvas[data-drawn="false"]') ? ["drawing: a PDF page"] : []),
  );
}

export interface Capture {
  png: Buffer;
  /** Loading or error placeholders on the picture (a case with any fails). */
  unready: string[];
}

/** Case `index` on the player: its clock moved to the case's instant, the case's scene shown. */
export async function capturePlayer(f: Fidelity, index: number): Promise<Capture> {
  const scene = f.doc.scenes[index];
  if (!scene) throw new Error(`no scene ${index}`);
  await clockTo(f.player, instantOf(index));
  await f.player.locator(`.mq-scene[data-scene-id="${scene.id}"]`).waitFor({ timeout: 10_000 });
  const still = await stillShot(f.player);
  return { png: still.png, unready: await problemsOf(f.player, still) };
}

/** Case `index` in the console: the scene chosen in the editor, "preview" from it, the bar gone. */
export async function captureConsole(f: Fidelity, index: number): Promise<Capture> {
  const page = f.console;
  const scene = f.doc.scenes[index];
  if (!scene) throw new Error(`no scene ${index}`);
  await clockTo(page, instantOf(index) - BAR_WAIT_MS);
  await page.getByTestId("editor-scene").nth(index).click();
  await page.getByTestId("editor-preview").click();
  const overlay = page.getByTestId("editor-preview-overlay");
  await overlay.locator(`.mq-scene[data-scene-id="${scene.id}"]`).waitFor({ timeout: 10_000 });
  // The pointer rests (a move shows the bar again); the bar hides itself after BAR_HIDE_MS while the
  // clock moves on to the case's instant.
  await page.mouse.move(VIEWPORT.width - 1, 0);
  await clockTo(page, instantOf(index));
  await page.getByTestId("editor-preview-bar").and(page.locator(".hidden")).waitFor();
  const still = await stillShot(page);
  const problems = await problemsOf(page, still);
  await page.keyboard.press("Escape");
  await overlay.waitFor({ state: "detached" });
  return { png: still.png, unready: problems };
}

export interface CaseResult {
  name: string;
  /** Share of pixels that differ beyond the colour tolerance, percent. */
  percent: number;
  diffPixels: number;
  /** The largest difference of one colour channel (0–255) over the picture. */
  maxDelta: number;
  ratio: number;
  /** Loading or error placeholders seen on either side ("preview: …", "screen: …"). */
  unready: string[];
  passed: boolean;
  diffFile: string | null;
}

/** Compares two pictures: the figures, and the diff image written when the case is over target (or `always`). */
export function comparePictures(
  name: string,
  a: Buffer,
  b: Buffer,
  always = false,
  unready: string[] = [],
): CaseResult {
  const pa = PNG.sync.read(a);
  const pb = PNG.sync.read(b);
  if (pa.width !== pb.width || pa.height !== pb.height)
    throw new Error(`${name}: sizes differ, ${pa.width}×${pa.height} against ${pb.width}×${pb.height}`);
  const { width, height } = pa;
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch(pa.data, pb.data, diff.data, width, height, { threshold: COLOUR_THRESHOLD });
  let maxDelta = 0;
  for (let i = 0; i < pa.data.length; i++) {
    if ((i & 3) === 3) continue;
    const d = Math.abs((pa.data[i] ?? 0) - (pb.data[i] ?? 0));
    if (d > maxDelta) maxDelta = d;
  }
  const percent = (diffPixels / (width * height)) * 100;
  const passed = percent < TARGET_PERCENT && unready.length === 0;
  let diffFile: string | null = null;
  if (!passed || always) {
    mkdirSync(FIDELITY_DIR, { recursive: true });
    diffFile = path.join(FIDELITY_DIR, `${name}-diff.png`);
    writeFileSync(diffFile, PNG.sync.write(diff));
    writeFileSync(path.join(FIDELITY_DIR, `${name}-preview.png`), a);
    writeFileSync(path.join(FIDELITY_DIR, `${name}-player.png`), b);
  }
  return { name, percent, diffPixels, maxDelta, ratio: percent / TARGET_PERCENT, unready, passed, diffFile };
}

/**
 * Captures and compares the scene cases in order (the clocks only move forward); `only` names the
 * cases to run (all when empty); `always` writes every diff image, not only those of failed cases.
 */
export async function runSceneCases(
  f: Fidelity,
  onResult: (r: CaseResult) => void,
  { always = false, only = [] as string[] } = {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const [index, c] of SCENE_CASES.entries()) {
    if (only.length > 0 && !only.includes(c.name)) continue;
    const [preview, screen] = await Promise.all([captureConsole(f, index), capturePlayer(f, index)]);
    const r = comparePictures(c.name, preview.png, screen.png, always, [
      ...preview.unready.map((u) => `preview ${u}`),
      ...screen.unready.map((u) => `screen ${u}`),
    ]);
    results.push(r);
    onResult(r);
  }
  return results;
}

// ---- messages ----

/** A message case: a message drawn by the message form's preview and over the screen's program. */
export interface MessageCase {
  name: string;
  doc: MessageDoc;
}

/** Scroll, notice and emergency, each opaque where it is drawn (what is compared is the message itself). */
export const MESSAGE_CASES: MessageCase[] = [
  {
    name: "message-scroll",
    doc: {
      ...DEFAULT_MESSAGE,
      kind: "scroll",
      text: "Scrolling message · 滚动消息 · same place on both",
      fontSize: 64,
      background: "#0d47a1",
      opacity: 100,
      position: "bottom",
      speed: 200,
    },
  },
  {
    name: "message-notice",
    doc: {
      ...DEFAULT_MESSAGE,
      kind: "notice",
      text: "A notice over the whole screen",
      fontSize: 72,
      bold: true,
      background: "#1b5e20",
      opacity: 100,
      position: "full",
    },
  },
  {
    name: "message-emergency",
    doc: {
      ...DEFAULT_MESSAGE,
      kind: "notice",
      text: "Emergency: please leave the building",
      fontSize: 72,
      color: "#ffffff",
      background: "#b71c1c",
      opacity: 100,
      position: "full",
      priority: "emergency",
      emergencyDisplay: "alone",
    },
  },
];

/** The box of the message's band (where the message draws itself opaque), in the page's pixels. */
async function bandBox(page: Page, scope: string): Promise<Box> {
  const box = await page.locator(scope).locator('[data-testid="mq-message-band"]').first().boundingBox();
  const outer = await page.locator(scope).first().boundingBox();
  if (!box || !outer) throw new Error(`no message band in ${scope}`);
  // The band of a full-screen message is the whole box: clipped to it, in whole pixels.
  const x = Math.max(Math.round(box.x), Math.round(outer.x));
  const y = Math.max(Math.round(box.y), Math.round(outer.y));
  const right = Math.min(Math.round(box.x + box.width), Math.round(outer.x + outer.width));
  const bottom = Math.min(Math.round(box.y + box.height), Math.round(outer.y + outer.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Moves a page's paused clock on in small steps (with real time between) until `done`. */
async function stepUntil(page: Page, what: string, done: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await page.clock.runFor(50);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Each message case: saved and approved, its preview captured in the console's message form (the
 * window as wide as an operator's), then published to the screen, whose window is made the preview's
 * size, captured over the program, and withdrawn. The band of the message is compared.
 */
export async function runMessageCases(
  f: Fidelity,
  onResult: (r: CaseResult) => void,
  { always = false, only = [] as string[] } = {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const page = f.console;
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const c of MESSAGE_CASES) {
    if (only.length > 0 && !only.includes(c.name)) continue;
    const saved = await api<{ id: number }>(page, "POST", "/a/api/publishMessage/ajaxSave", {
      name: c.name,
      doc: c.doc,
      startAt: null,
      endAt: null,
    });
    await api(page, "POST", "/a/api/publishMessage/submit", { ids: String(saved.id) });

    // The console: the message form's preview of the saved message.
    await page.goto(`/message/form?id=${saved.id}`);
    const previewBox = page.getByTestId("message-preview");
    // The console's clock is paused: it moves on in steps while the page loads (its queries batch on timers).
    const drawn = previewBox.locator(`[data-testid="mq-message"][data-kind="${c.doc.kind}"]`);
    await stepUntil(page, `${c.name} in the console's preview`, () => drawn.isVisible());
    const box = await previewBox.boundingBox();
    if (!box) throw new Error("no message preview");
    const size = { width: Math.round(box.width), height: Math.round(box.height) };
    const preview = await stillShot(page, await bandBox(page, '[data-testid="message-preview"]'));
    const previewProblems = await problemsOf(page, preview);

    // The screen, at the preview's size, with the message published to it.
    await f.player.setViewportSize(size);
    await api(page, "POST", "/a/api/publishMessage/savePublish", {
      id: saved.id,
      terminalIds: [f.terminalId],
    });
    const shown = f.player.locator(`[data-testid="mq-message"][data-priority="${c.doc.priority}"]`);
    await stepUntil(f.player, `${c.name} on the screen`, () => shown.isVisible());
    const screen = await stillShot(f.player, await bandBox(f.player, '[data-testid="mq-message"]'));
    const problems = [
      ...previewProblems.map((u) => `preview ${u}`),
      ...(await problemsOf(f.player, screen)).map((u) => `screen ${u}`),
    ];
    const r = comparePictures(c.name, preview.png, screen.png, always, problems);
    results.push(r);
    onResult(r);

    await api(page, "POST", "/a/api/publishMessage/withdraw", { ids: [saved.id] });
    await stepUntil(f.player, `${c.name} withdrawn`, async () => (await shown.count()) === 0);
  }
  await f.player.setViewportSize(VIEWPORT);
  return results;
}
