import { existsSync } from "node:fs";
import path from "node:path";
import { API_PREFIX } from "@marquee/contracts";
import {
  applyCommand,
  type Command,
  createProgram,
  createWidget,
  emptyHistory,
  type ProgramDoc,
  push,
  undo,
  type Widget,
} from "@marquee/program";
import type { Page } from "playwright-core";
import { loadConfig } from "../apps/server/src/config";
import { startServer } from "../apps/server/src/server";
import { signIn } from "../e2e/harness";
import { BROWSER_TIMEOUT_MS, launchChromium } from "./lib/browser";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { runBenchmark } from "./lib/run";

/**
 * The editor benchmark, in headless Chromium against the real
 * server and the built console:
 * - a scene of 300 widgets; one is dragged across the canvas with the mouse
 *   for 2 s; frames per second from the page's own requestAnimationFrame
 *   timestamps, against the same page's frame rate while idle (the baseline);
 * - 1,000 undo steps applied through the editor's store and undone again
 *   (until the next painted frame), against the same 1,000 commands applied
 *   and undone on the bare document model in Node (the baseline).
 * Targets: ≥ 50 fps, 1,000 steps under 200 ms. A measurement: it fails only
 * when the page does not do what is measured (the widget did not move, the
 * undo did not restore the document).
 */
const WIDGETS = 300;
const STEPS = 1000;
const DRAG_MS = 2000;
const TARGET_FPS = 50;
const TARGET_STEPS_MS = 200;
const ADMIN = { username: "admin", password: "Admin12345" };
const BENCH_LIMIT_MS = 300_000;

const root = new URL("..", import.meta.url).pathname;
const fmt = (n: number, digits = 1) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 300 text widgets in a grid (20 × 15) over a Full HD canvas. */
function benchProgram(): ProgramDoc {
  const doc = createProgram({ width: 1920, height: 1080 });
  const scene = doc.scenes[0];
  if (!scene) throw new Error("no scene");
  const cols = 20;
  const cellW = 1920 / cols;
  const cellH = 1080 / (WIDGETS / cols);
  for (let i = 0; i < WIDGETS; i++) {
    const w = createWidget("text", doc, { z: i, defaults: { text: `Item ${i + 1}`, fontSize: 20 } });
    w.x = Math.round((i % cols) * cellW + 4);
    w.y = Math.round(Math.floor(i / cols) * cellH + 4);
    w.w = Math.round(cellW - 8);
    w.h = Math.round(cellH - 8);
    scene.widgets.push(w);
  }
  return doc;
}

/** The 1,000 steps: nudges of widgets in turn, each its own command. */
function stepCommands(doc: ProgramDoc): Command[] {
  const scene = doc.scenes[0];
  if (!scene) throw new Error("no scene");
  return Array.from({ length: STEPS }, (_, i) => {
    const w = scene.widgets[i % scene.widgets.length] as Widget;
    return {
      t: "widget.update",
      sceneId: scene.id,
      changes: [{ id: w.id, patch: { x: w.x + 1 + (i % 7) } }],
    };
  });
}

/** The baseline: the same steps pushed on a bare history and undone, in Node, best of 5. */
function baselineSteps(doc: ProgramDoc, commands: Command[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    let state = { doc, history: emptyHistory(STEPS) };
    for (const c of commands) state = push(state.history, state.doc, c, { label: "bench" });
    let d = state.doc;
    let h = state.history;
    for (let i = 0; i < STEPS; i++) {
      const u = undo(h, d);
      if (!u) throw new Error("baseline undo ran out");
      d = u.doc;
      h = u.history;
    }
    best = Math.min(best, performance.now() - t0);
    if (JSON.stringify(d) !== JSON.stringify(doc))
      throw new Error("baseline undo did not restore the document");
  }
  return best;
}

async function api<T>(page: Page, call: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify(body),
      });
      return (await res.json()) as T;
    },
    { url: `${API_PREFIX}${call}`, body },
  );
}

/** Frames painted while `during` runs: the page's rAF timestamps. */
async function framesDuring(page: Page, during: () => Promise<void>) {
  // A string, not a function: tsx's name helper (__name) does not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    const tick = (t) => {
      window.__frames.push(t);
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await during();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  if (frames.length < 2) throw new Error("no frames were painted");
  const span = (frames[frames.length - 1] as number) - (frames[0] as number);
  const gaps = frames.slice(1).map((t, i) => t - (frames[i] as number));
  gaps.sort((a, b) => a - b);
  return {
    fps: ((frames.length - 1) / span) * 1000,
    frames: frames.length,
    p95: gaps[Math.floor(gaps.length * 0.95)] ?? 0,
    worst: gaps[gaps.length - 1] ?? 0,
  };
}

type StoreWindow = {
  __marqueeEditor: {
    getState(): {
      doc: ProgramDoc;
      history: { pointer: number };
      dispatch(c: Command, label: string): boolean;
      undo(): void;
    };
  };
};

async function main(cleanup: Cleanup) {
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    throw new Error("The console is not built: run `npm run build:web` first");
  }
  const db = await openDatabase(cleanup);
  const server = await startServer(
    loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: tempDir(cleanup, "marquee-bench-editor-"),
      DATABASE_URL: db.url,
      LOG_LEVEL: "silent",
      SHUTDOWN_TIMEOUT_MS: "2000",
      RATE_LIMIT_OPEN_PER_MINUTE: "100000",
      MARQUEE_ADMIN_USERNAME: ADMIN.username,
      MARQUEE_ADMIN_PASSWORD: ADMIN.password,
    }),
  );
  cleanup.add("stopping the server", () => server.stop());
  const origin = server.url.replace("0.0.0.0", "127.0.0.1");
  const browser = await launchChromium(cleanup);
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL("**/home");

  const doc = benchProgram();
  const saved = await api<{ code: number; id: number; msg: string }>(page, "/a/api/program/save", {
    name: "Benchmark: 300 widgets",
    doc,
  });
  if (saved.code !== 0) throw new Error(`save answered ${saved.msg}`);
  await page.goto(`/programEditor?id=${saved.id}`);
  await page.waitForFunction((n) => document.querySelectorAll(".mq-widget").length >= n, WIDGETS);
  await page.waitForTimeout(500);
  console.log(`scene: ${WIDGETS} text widgets on a 1920×1080 canvas, viewport 1600×900, headless Chromium`);

  // Baseline: the same page, idle, for as long as the drag.
  const idle = await framesDuring(page, () => page.waitForTimeout(DRAG_MS));

  // The drag: select the widget in the middle, then move it across the canvas for 2 s.
  const target = doc.scenes[0]?.widgets[150] as Widget;
  const el = page.locator(`.mq-widget[data-widget-id="${target.id}"]`);
  const box = await el.boundingBox();
  if (!box) throw new Error("the widget is not on screen");
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.click(start.x, start.y);
  await page.waitForTimeout(300);
  let moves = 0;
  const drag = await framesDuring(page, async () => {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const t0 = Date.now();
    while (Date.now() - t0 < DRAG_MS) {
      const phase = (Date.now() - t0) / DRAG_MS;
      await page.mouse.move(start.x + Math.sin(phase * Math.PI * 2) * 400, start.y + phase * 150);
      moves++;
    }
  });
  await page.mouse.up();
  await page.waitForTimeout(300);
  const after = await page.evaluate((id) => {
    const s = (window as unknown as StoreWindow).__marqueeEditor.getState();
    const w = s.doc.scenes[0]?.widgets.find((x) => x.id === id);
    return { x: w?.x, y: w?.y, steps: s.history.pointer };
  }, target.id);
  if (after.y === target.y && after.x === target.x) throw new Error("the drag did not move the widget");
  if (after.steps !== 1) throw new Error(`the drag made ${after.steps} undo steps, not one`);

  // 1,000 steps through the store, and undone, until the next painted frame.
  const commands = stepCommands(doc);
  const inPage = await page.evaluate(
    async ({ commands }) => {
      const store = (window as unknown as StoreWindow).__marqueeEditor;
      const before = JSON.stringify(store.getState().doc);
      const t0 = performance.now();
      for (const c of commands)
        if (!store.getState().dispatch(c, "bench")) throw new Error("a step was refused");
      const applied = performance.now();
      for (let i = 0; i < commands.length; i++) store.getState().undo();
      const undone = performance.now();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const t1 = performance.now();
      return {
        ms: t1 - t0,
        applyMs: applied - t0,
        undoMs: undone - applied,
        restored: JSON.stringify(store.getState().doc) === before,
      };
    },
    { commands: commands.map((c) => ({ ...c })) },
  );
  if (!inPage.restored) throw new Error("undoing 1,000 steps did not restore the document");
  const afterDrag = applyCommand(doc, {
    t: "widget.update",
    sceneId: doc.scenes[0]?.id as string,
    changes: [{ id: target.id, patch: { x: after.x as number, y: after.y as number } }],
  }).doc;
  const baseline = baselineSteps(afterDrag, commands);

  console.log(
    "\ndrag one widget for 2 s (frames per second from the page's requestAnimationFrame timestamps)",
  );
  console.log(`  baseline: the same page idle     ${fmt(idle.fps)} fps  (p95 frame ${fmt(idle.p95)} ms)`);
  console.log(
    `  dragging (${moves} mouse moves)      ${fmt(drag.fps)} fps  (p95 frame ${fmt(drag.p95)} ms, worst ${fmt(drag.worst)} ms)`,
  );
  console.log(
    `  ratio to idle: ${fmt(drag.fps / idle.fps, 2)} · target ≥ ${TARGET_FPS} fps: ${drag.fps >= TARGET_FPS ? "met" : "NOT met"}`,
  );
  console.log(`\n${STEPS} undo steps applied and undone`);
  console.log(`  baseline: bare document model in Node   ${fmt(baseline)} ms`);
  console.log(
    `  editor store in the page, to the next frame   ${fmt(inPage.ms)} ms (apply ${fmt(inPage.applyMs)} ms, undo ${fmt(inPage.undoMs)} ms, then render and paint)`,
  );
  console.log(
    `  ratio to baseline: ${fmt(inPage.ms / baseline, 2)} · target < ${TARGET_STEPS_MS} ms: ${inPage.ms < TARGET_STEPS_MS ? "met" : "NOT met"}`,
  );
}

await runBenchmark(main, {
  stepLimitMs: 10_000,
  cleanupLimitMs: 30_000,
  benchLimitMs: BENCH_LIMIT_MS,
});
