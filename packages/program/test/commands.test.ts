import { describe, expect, it } from "vitest";
import {
  addScene,
  addWidget,
  align,
  applyCommand,
  type Command,
  CommandError,
  createScene,
  createWidget,
  distribute,
  duplicateScene,
  nudge,
  type ProgramDoc,
  parseProgram,
  pasteScene,
  pasteWidgets,
  reorder,
  resizeCanvas,
  type Scene,
  setFrames,
  setProps,
  type Widget,
} from "../src";
import { programWith } from "./fixtures";

const scene0 = (doc: ProgramDoc) => doc.scenes[0] as Scene;
const w = (doc: ProgramDoc, i: number) => scene0(doc).widgets[i] as Widget;

/** Applies a command, then its inverse: the document must be back where it was, deeply and by value. */
function roundTrip(doc: ProgramDoc, cmd: Command) {
  const before = structuredClone(doc);
  const forward = applyCommand(doc, cmd);
  expect(forward.doc).not.toEqual(before);
  const back = applyCommand(forward.doc, forward.inverse);
  expect(back.doc).toEqual(before);
  // Redo after undo gives the same document again.
  expect(applyCommand(back.doc, cmd).doc).toEqual(forward.doc);
  // The original was never mutated.
  expect(doc).toEqual(before);
  return forward.doc;
}

describe("every command and its inverse", () => {
  const doc = programWith(["text", "image", "video", "clock"]);
  const sid = scene0(doc).id;

  it("program.set", () => {
    roundTrip(doc, {
      t: "program.set",
      patch: { width: 1080, height: 1920, background: { kind: "color", color: "#112233" } },
    });
  });
  it("scene.add / scene.remove", () => {
    const added = roundTrip(doc, addScene(doc, "2"));
    roundTrip(added, { t: "scene.remove", sceneId: added.scenes[1]?.id as string });
  });
  it("scene.move", () => {
    const two = applyCommand(doc, addScene(doc, "2")).doc;
    const three = applyCommand(two, addScene(two, "3")).doc;
    const moved = roundTrip(three, { t: "scene.move", sceneId: three.scenes[2]?.id as string, to: 0 });
    expect(moved.scenes.map((s) => s.name)).toEqual(["3", "1", "2"]);
  });
  it("scene.set", () => {
    roundTrip(doc, {
      t: "scene.set",
      sceneId: sid,
      patch: {
        name: "Intro",
        duration: { mode: "media", seconds: 30 },
        transition: { type: "zoom", durationMs: 800 },
      },
    });
  });
  it("widget.add / widget.remove keep positions", () => {
    const extra = createWidget("qrcode", doc, { z: 9 });
    const added = roundTrip(doc, { t: "widget.add", sceneId: sid, widgets: [{ index: 1, widget: extra }] });
    expect(scene0(added).widgets[1]?.id).toBe(extra.id);
    const ids = [w(doc, 0).id, w(doc, 2).id];
    const removed = roundTrip(doc, { t: "widget.remove", sceneId: sid, ids });
    expect(scene0(removed).widgets.map((x) => x.type)).toEqual(["image", "clock"]);
  });
  it("widget.update of frame and props", () => {
    const next = roundTrip(doc, {
      t: "widget.update",
      sceneId: sid,
      changes: [
        { id: w(doc, 0).id, patch: { x: 5, y: 6, rotation: 45, props: { text: "Hello", bold: true } } },
        { id: w(doc, 1).id, patch: { locked: true, hidden: true } },
      ],
    });
    expect(w(next, 0).props).toMatchObject({ text: "Hello", bold: true, fontSize: 48 });
  });
  it("dataSources.set", () => {
    roundTrip(doc, {
      t: "dataSources.set",
      dataSources: [
        {
          id: "d1",
          name: "Menu",
          format: "csv",
          kind: "inline",
          url: null,
          rowsPath: "",
          rows: [{ a: 1 }],
          refreshSec: 60,
        },
      ],
    });
  });
  it("defaultButton.set", () => {
    roundTrip(doc, {
      t: "defaultButton.set",
      kind: "after",
      button: { ...doc.defaultButtons.after, enabled: true },
    });
  });
  it("batch undoes in reverse order", () => {
    const id = w(doc, 0).id;
    roundTrip(doc, {
      t: "batch",
      commands: [setFrames(sid, [{ id, x: 1 }]), setFrames(sid, [{ id, x: 2 }]), addScene(doc, "2")],
    });
  });
  it("refuses what cannot apply, without changing anything", () => {
    expect(() => applyCommand(doc, { t: "scene.remove", sceneId: sid })).toThrow(CommandError);
    expect(() => applyCommand(doc, setFrames(sid, [{ id: "nope", x: 1 }]))).toThrow(CommandError);
    expect(() => applyCommand(doc, { t: "scene.set", sceneId: "nope", patch: { name: "x" } })).toThrow(
      CommandError,
    );
    const dup = w(doc, 0);
    expect(() =>
      applyCommand(doc, { t: "widget.add", sceneId: sid, widgets: [{ index: 0, widget: dup }] }),
    ).toThrow(CommandError);
  });
  it("shares what it does not touch", () => {
    const two = applyCommand(doc, addScene(doc, "2")).doc;
    const next = applyCommand(two, setProps(sid, w(two, 0).id, { text: "x" })).doc;
    expect(next.scenes[1]).toBe(two.scenes[1]);
    expect(scene0(next).widgets[1]).toBe(scene0(two).widgets[1]);
  });
});

describe("editor operations", () => {
  const doc = programWith(["text", "image", "clock"]);
  const sid = scene0(doc).id;
  const ids = scene0(doc).widgets.map((x) => x.id);

  it("duplicate scene deep-copies with new ids, right after the original", () => {
    const next = applyCommand(doc, duplicateScene(doc, sid, "1 copy")).doc;
    const [a, b] = next.scenes as [Scene, Scene];
    expect(b.name).toBe("1 copy");
    expect(b.id).not.toBe(a.id);
    expect(b.widgets.map((x) => x.type)).toEqual(a.widgets.map((x) => x.type));
    for (const [i, copy] of b.widgets.entries()) expect(copy.id).not.toBe(a.widgets[i]?.id);
    // Deep: changing the copy leaves the original alone.
    const edited = applyCommand(next, setProps(b.id, b.widgets[0]?.id as string, { text: "changed" })).doc;
    expect((edited.scenes[0] as Scene).widgets[0]?.props).toMatchObject({ text: "Text" });
  });

  it("paste of the copied scene gives fresh ids each time and drops dangling button targets", () => {
    const copied = structuredClone(scene0(programWith(["button"])));
    (copied.widgets[0] as Extract<Widget, { type: "button" }>).props.targetSceneId = "elsewhere";
    const once = applyCommand(doc, pasteScene(doc, copied, sid)).doc;
    const twice = applyCommand(once, pasteScene(once, copied, sid)).doc;
    const pasted = twice.scenes.slice(1);
    expect(new Set([copied.id, ...pasted.map((s) => s.id)]).size).toBe(3);
    expect(new Set(pasted.flatMap((s) => s.widgets.map((x) => x.id))).size).toBe(2);
    expect(
      ((pasted[0] as Scene).widgets[0] as Extract<Widget, { type: "button" }>).props.targetSceneId,
    ).toBeNull();
  });

  it("pasted widgets get new ids, an offset, and go on top", () => {
    const { command, ids: pastedIds } = pasteWidgets(doc, sid, [w(doc, 0)], 20);
    const next = applyCommand(doc, command).doc;
    const copy = scene0(next).widgets.find((x) => x.id === pastedIds[0]) as Widget;
    expect(copy.x).toBe(w(doc, 0).x + 20);
    expect(copy.z).toBeGreaterThan(Math.max(...scene0(doc).widgets.map((x) => x.z)));
  });

  it("nudge skips locked widgets", () => {
    const locked = applyCommand(doc, {
      t: "widget.update",
      sceneId: sid,
      changes: [{ id: ids[0] as string, patch: { locked: true } }],
    }).doc;
    const next = applyCommand(locked, nudge(locked, sid, ids, 3, -2) as Command).doc;
    expect(w(next, 0).x).toBe(w(locked, 0).x);
    expect(w(next, 1).x).toBe(w(locked, 1).x + 3);
    expect(w(next, 1).y).toBe(w(locked, 1).y - 2);
    expect(nudge(locked, sid, [ids[0] as string], 1, 0)).toBeNull();
  });

  it("align to the selection box, or to the canvas for one widget", () => {
    const spread = applyCommand(
      doc,
      setFrames(sid, [
        { id: ids[0] as string, x: 100, y: 10, w: 100, h: 50 },
        { id: ids[1] as string, x: 400, y: 200, w: 200, h: 50 },
        { id: ids[2] as string, x: 250, y: 400, w: 50, h: 50 },
      ]),
    ).doc;
    const left = applyCommand(spread, align(spread, sid, ids, "left") as Command).doc;
    expect(scene0(left).widgets.map((x) => x.x)).toEqual([100, 100, 100]);
    const right = applyCommand(spread, align(spread, sid, ids, "right") as Command).doc;
    expect(scene0(right).widgets.map((x) => x.x + x.w)).toEqual([600, 600, 600]);
    const bottom = applyCommand(spread, align(spread, sid, ids, "bottom") as Command).doc;
    expect(scene0(bottom).widgets.map((x) => x.y + x.h)).toEqual([450, 450, 450]);
    const one = applyCommand(spread, align(spread, sid, [ids[0] as string], "hcenter") as Command).doc;
    expect(w(one, 0).x).toBe((1920 - 100) / 2);
  });

  it("distribute leaves equal gaps and keeps the outer widgets", () => {
    const spread = applyCommand(
      doc,
      setFrames(sid, [
        { id: ids[0] as string, x: 0, w: 100 },
        { id: ids[1] as string, x: 130, w: 100 },
        { id: ids[2] as string, x: 900, w: 100 },
      ]),
    ).doc;
    const next = applyCommand(spread, distribute(spread, sid, ids, "h") as Command).doc;
    expect(scene0(next).widgets.map((x) => x.x)).toEqual([0, 450, 900]);
    expect(distribute(spread, sid, ids.slice(0, 2), "h")).toBeNull();
  });

  it("reorder renumbers z in the new stacking order", () => {
    const zs = (d: ProgramDoc) => scene0(d).widgets.map((x) => x.z);
    expect(zs(doc)).toEqual([0, 1, 2]);
    expect(zs(applyCommand(doc, reorder(doc, sid, [ids[0] as string], "front") as Command).doc)).toEqual([
      2, 0, 1,
    ]);
    expect(zs(applyCommand(doc, reorder(doc, sid, [ids[2] as string], "back") as Command).doc)).toEqual([
      1, 2, 0,
    ]);
    expect(zs(applyCommand(doc, reorder(doc, sid, [ids[0] as string], "forward") as Command).doc)).toEqual([
      1, 0, 2,
    ]);
    expect(zs(applyCommand(doc, reorder(doc, sid, [ids[2] as string], "backward") as Command).doc)).toEqual([
      0, 2, 1,
    ]);
    expect(reorder(doc, sid, [ids[2] as string], "front")).toBeNull();
  });

  it("resizing the canvas may scale widgets with it, in one undoable step", () => {
    const cmd = resizeCanvas(doc, { width: 960, height: 540 }, true);
    const next = applyCommand(doc, cmd);
    expect(next.doc.width).toBe(960);
    expect(w(next.doc, 0).w).toBe(Math.round(w(doc, 0).w / 2));
    expect(applyCommand(next.doc, next.inverse).doc).toEqual(doc);
  });

  it("a new jump button points at the next main scene (wrapping), so the program stays valid", () => {
    const two = applyCommand(doc, addScene(doc, "2")).doc;
    const second = two.scenes[1]?.id as string;
    const onFirst = addWidget(two, sid, "button");
    expect(onFirst.widget.props).toMatchObject({ action: "jump", targetSceneId: second });
    expect(addWidget(two, second, "button").widget.props).toMatchObject({ targetSceneId: sid });
    expect(parseProgram(applyCommand(two, onFirst.command).doc).ok).toBe(true);
  });

  it("a new scene is empty and main by default", () => {
    const s = createScene("x");
    expect(s).toMatchObject({ kind: "main", widgets: [], duration: { mode: "fixed" } });
  });
});
