import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProgramDoc, Widget } from "@marquee/program";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo } from "../apps/server/test/media";
import { confirmDialog, consolePage, type E2E, screenshot, startE2E, upload } from "./harness";

/**
 * Programs in the browser: an operator builds a two-scene program with text,
 * image, video, clock and a jump button; moves and resizes with the mouse;
 * undoes and redoes; saves; finds it as saved after a reload; previews it and
 * presses the button; and a second tab saving an older version is refused.
 */
let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };
const dir = mkdtempSync(path.join(tmpdir(), "marquee-e2e-program-"));
const files = { image: path.join(dir, "sunrise.png"), video: path.join(dir, "clip.webm") };

type EditorWindow = {
  __marqueeEditor: {
    getState(): {
      doc: ProgramDoc;
      activeSceneId: string;
      selectedIds: string[];
      version: number;
      programId: number | null;
      history: { pointer: number; steps: unknown[] };
    };
  };
};

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  writeFileSync(
    files.image,
    await sharp({ create: { width: 800, height: 450, channels: 3, background: "#f4a300" } })
      .png()
      .toBuffer(),
  );
  makeVideo(files.video, { codec: "vp9", width: 320, height: 240, seconds: 2 });
});
afterAll(async () => {
  await e?.close();
});

const signedInPage = () => consolePage(e, ADMIN.username, ADMIN.password);

const state = (page: Page) =>
  page.evaluate(() => {
    const s = (window as unknown as EditorWindow).__marqueeEditor.getState();
    return {
      doc: s.doc,
      activeSceneId: s.activeSceneId,
      selectedIds: s.selectedIds,
      version: s.version,
      programId: s.programId,
      pointer: s.history.pointer,
    };
  });

const sceneWidgets = (doc: ProgramDoc, i: number): Widget[] => doc.scenes[i]?.widgets ?? [];

/** Adds a widget from the palette (a click, or a drag to a point of the canvas, in shares of it); it becomes the selected one. */
async function add(page: Page, type: string, at?: { x: number; y: number }): Promise<Widget> {
  const before = await state(page);
  const count = before.doc.scenes.find((s) => s.id === before.activeSceneId)?.widgets.length ?? 0;
  if (at) {
    const stage = page.getByTestId("editor-canvas").locator(".mq-scene").first();
    const b = await stage.boundingBox();
    if (!b) throw new Error("no canvas");
    await page
      .getByTestId(`editor-palette-${type}`)
      .dragTo(stage, { targetPosition: { x: b.width * at.x, y: b.height * at.y } });
  } else await page.getByTestId(`editor-palette-${type}`).click();
  await expect
    .poll(async () => {
      const s = await state(page);
      return s.doc.scenes.find((x) => x.id === s.activeSceneId)?.widgets.length;
    })
    .toBe(count + 1);
  const s = await state(page);
  const scene = s.doc.scenes.find((x) => x.id === s.activeSceneId);
  const widget = scene?.widgets[scene.widgets.length - 1];
  if (!widget) throw new Error("no widget added");
  return widget;
}

/** Chooses a material of the library for the selected widget through the picker. */
async function choose(page: Page, name: string) {
  await page.getByTestId("property-panel").getByTestId("material-choose").first().click();
  const picker = page.getByTestId("material-picker");
  await picker.waitFor();
  await picker.getByTestId("material-picker-card").filter({ hasText: name }).first().click();
  await confirmDialog(page.getByTestId("material-picker-ok"));
  await picker.waitFor({ state: "hidden" });
}

async function setText(page: Page, text: string) {
  const field = page.getByTestId("widget-panel").locator("textarea").first();
  await field.fill(text);
  await field.blur();
}

const box = async (page: Page, id: string) => {
  const b = await page
    .getByTestId("editor-canvas")
    .locator(`.mq-widget[data-widget-id="${id}"]`)
    .boundingBox();
  if (!b) throw new Error(`widget ${id} is not on screen`);
  return b;
};

describe("the program editor in the browser", () => {
  it("builds, edits with the mouse, undoes, saves, reloads, previews, and refuses a stale save", async () => {
    const page = await signedInPage();
    await upload(page, [files.image, files.video]);

    // Program production: a name and a preset, then the editor.
    await page.goto("/program/make");
    await page.getByTestId("program-new-name").fill("Lobby");
    await page.getByTestId("program-create").click();
    await page.waitForURL("**/programEditor?**");
    await page.getByTestId("editor").waitFor();

    // Scene 1: text, image, video, clock.
    const text = await add(page, "text", { x: 0.3, y: 0.15 });
    await setText(page, "Welcome to the lobby");
    const image = await add(page, "image", { x: 0.27, y: 0.55 });
    await choose(page, "sunrise");
    const video = await add(page, "video", { x: 0.72, y: 0.55 });
    await choose(page, "clip");
    const clock = await add(page, "clock", { x: 0.82, y: 0.12 });

    // Scene 2 with its own text; then the jump button on scene 1.
    await page.getByTestId("editor-add-scene").click();
    await expect.poll(async () => (await state(page)).doc.scenes.length).toBe(2);
    await add(page, "text");
    await setText(page, "Second scene");
    await page.getByTestId("editor-scene").first().click();
    const button = await add(page, "button", { x: 0.5, y: 0.88 });
    let s = await state(page);
    expect(button.type).toBe("button");
    expect((button as Extract<Widget, { type: "button" }>).props.targetSceneId).toBe(s.doc.scenes[1]?.id);
    expect(sceneWidgets(s.doc, 0).map((w) => w.type)).toEqual(["text", "image", "video", "clock", "button"]);
    expect(sceneWidgets(s.doc, 0).find((w) => w.id === image.id)?.props).toMatchObject({
      materialId: expect.any(Number),
    });

    // Move the clock with the mouse: one undo step, the frame follows the pointer (in design pixels).
    const scale = (await box(page, clock.id)).width / clock.w;
    const start = await box(page, clock.id);
    const stepsBefore = (await state(page)).pointer;
    expect(scale).toBeGreaterThan(0.2);
    // Grab it near its left edge: the button added last sits on top of its middle.
    const grab = { x: start.x + start.width * 0.08, y: start.y + start.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(grab.x - i * 20, grab.y + i * 5);
    await page.mouse.up();
    await expect.poll(async () => (await state(page)).pointer).toBe(stepsBefore + 1);
    s = await state(page);
    const moved = sceneWidgets(s.doc, 0).find((w) => w.id === clock.id) as Widget;
    expect(Math.abs(moved.x - (clock.x - 200 / scale))).toBeLessThanOrEqual(3);
    expect(Math.abs(moved.y - (clock.y + 50 / scale))).toBeLessThanOrEqual(3);

    // Resize it with the bottom-right handle.
    const handle = page.locator(".moveable-control.moveable-se").first();
    const h = await handle.boundingBox();
    if (!h) throw new Error("no resize handle");
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(h.x + h.width / 2 + i * 8, h.y + h.height / 2 + i * 4);
    await page.mouse.up();
    await expect.poll(async () => (await state(page)).pointer).toBe(stepsBefore + 2);
    s = await state(page);
    const resized = sceneWidgets(s.doc, 0).find((w) => w.id === clock.id) as Widget;
    expect(resized.w).toBeGreaterThan(moved.w + 40 / scale);
    expect(resized.x).toBe(moved.x);

    // Undo the resize, then the move; redo both.
    await page.getByTestId("editor-undo").click();
    await expect
      .poll(async () => sceneWidgets((await state(page)).doc, 0).find((w) => w.id === clock.id)?.w)
      .toBe(moved.w);
    await page.keyboard.press("Control+z");
    await expect
      .poll(async () => sceneWidgets((await state(page)).doc, 0).find((w) => w.id === clock.id)?.x)
      .toBe(clock.x);
    await page.getByTestId("editor-redo").click();
    await page.keyboard.press("Control+Shift+z");
    await expect
      .poll(async () => sceneWidgets((await state(page)).doc, 0).find((w) => w.id === clock.id)?.w)
      .toBe(resized.w);

    // Save: the URL names the program and the status says saved.
    await page.getByTestId("editor-save").click();
    await expect.poll(() => page.getByTestId("editor-save-status").getAttribute("data-status")).toBe("saved");
    await page.waitForURL(/programEditor\?id=\d+/);
    const saved = await state(page);
    await screenshot(page, "program-editor");

    // Reload: the same document comes back.
    await page.reload();
    await page.getByTestId("editor").waitFor();
    await expect.poll(async () => (await state(page)).programId).toBe(saved.programId);
    const reloaded = await state(page);
    expect(reloaded.doc).toEqual(saved.doc);
    expect(reloaded.version).toBe(saved.version);
    await expect.poll(() => page.getByTestId("editor-canvas").locator(".mq-widget").count()).toBe(5);
    await expect(page.getByTestId("editor-canvas").getByText("Welcome to the lobby").count()).resolves.toBe(
      1,
    );

    // Preview: scene 1 plays; the button jumps to scene 2.
    await page.getByTestId("editor-preview").click();
    const overlay = page.getByTestId("editor-preview-overlay");
    await overlay.waitFor();
    await overlay.getByText("Welcome to the lobby").waitFor();
    await screenshot(page, "program-preview");
    await overlay.locator(`.mq-widget[data-widget-id="${button.id}"]`).click();
    await overlay.getByText("Second scene").waitFor();
    // The fade between the scenes shows both for half a second.
    await expect.poll(() => overlay.getByText("Welcome to the lobby").count()).toBe(0);
    await screenshot(page, "program-preview-scene-2");
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "hidden" });

    // Two tabs on the same version: the first saves, the second's save is refused with a choice.
    const other = await page.context().newPage();
    await other.goto(`/programEditor?id=${saved.programId}`);
    await other.getByTestId("editor").waitFor();
    await expect.poll(async () => (await state(other)).programId).toBe(saved.programId);

    await page.locator(`[data-testid="editor-layer"][data-widget-id="${text.id}"]`).click();
    await page.keyboard.press("ArrowRight");
    await page.getByTestId("editor-save").click();
    await expect.poll(async () => (await state(page)).version).toBe(saved.version + 1);

    await other.locator(`[data-testid="editor-layer"][data-widget-id="${video.id}"]`).click();
    await other.keyboard.press("ArrowDown");
    await other.getByTestId("editor-save").click();
    await other.getByTestId("editor-conflict-overwrite").waitFor();
    await expect(other.getByTestId("editor-conflict-load").isVisible()).resolves.toBe(true);
    await expect(other.getByTestId("editor-conflict-copy").isVisible()).resolves.toBe(true);
    await expect
      .poll(() => other.getByTestId("editor-save-status").getAttribute("data-status"))
      .toBe("conflict");
    await screenshot(other, "program-editor-conflict");

    // Nothing was overwritten: the stored program is the first tab's.
    const stored = await page.evaluate(async (id) => {
      const res = await fetch(`/apm-web/a/api/program/detail?id=${id}`);
      return (await res.json()) as { program: { version: number }; doc: ProgramDoc };
    }, saved.programId);
    expect(stored.program.version).toBe(saved.version + 1);
    expect(stored.doc).toEqual((await state(page)).doc);

    // Choosing "load the latest" brings the first tab's version into the second.
    await other.getByTestId("editor-conflict-load").click();
    await expect.poll(async () => (await state(other)).version).toBe(saved.version + 1);
    expect((await state(other)).doc).toEqual(stored.doc);

    // Program management lists it with the thumbnail the server drew from the first scene.
    await page.goto("/program/list");
    const card = page.getByTestId("program-card").filter({ hasText: "Lobby" });
    await card.waitFor();
    await expect
      .poll(() =>
        card
          .locator("img")
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(480);
    // The page's entrance animation ends before the picture is taken.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await screenshot(page, "program-list");
  });
});
