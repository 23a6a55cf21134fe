import { describe, expect, it } from "vitest";
import {
  addScene,
  canRedo,
  canUndo,
  emptyHistory,
  type History,
  MERGE_MS,
  type ProgramDoc,
  push,
  redo,
  setFrames,
  setProps,
  undo,
} from "../src";
import { programWith } from "./fixtures";

const start = programWith(["text"]);
const sid = start.scenes[0]?.id as string;
const wid = start.scenes[0]?.widgets[0]?.id as string;
const xOf = (d: ProgramDoc) => d.scenes[0]?.widgets[0]?.x;

function moveTo(h: History, d: ProgramDoc, x: number, now = 0) {
  return push(h, d, setFrames(sid, [{ id: wid, x }]), { label: "move", now });
}

describe("undo/redo (spec §4)", () => {
  it("undoes and redoes in order with a pointer", () => {
    let s = { doc: start, history: emptyHistory() };
    for (const x of [10, 20, 30]) s = moveTo(s.history, s.doc, x, x * 10_000);
    expect(s.history.pointer).toBe(3);
    const u1 = undo(s.history, s.doc);
    expect(u1 && xOf(u1.doc)).toBe(20);
    const u2 = u1 && undo(u1.history, u1.doc);
    expect(u2 && xOf(u2.doc)).toBe(10);
    const r1 = u2 && redo(u2.history, u2.doc);
    expect(r1 && xOf(r1.doc)).toBe(20);
    expect(r1?.history.pointer).toBe(2);
  });

  it("pushing a step discards the redo steps beyond the pointer", () => {
    let s = { doc: start, history: emptyHistory() };
    for (const x of [10, 20, 30]) s = moveTo(s.history, s.doc, x, x * 10_000);
    const u = undo(s.history, s.doc);
    const u2 = u && undo(u.history, u.doc);
    if (!u2) throw new Error("undo failed");
    expect(canRedo(u2.history)).toBe(true);
    const pushed = moveTo(u2.history, u2.doc, 99, 1e9);
    expect(pushed.history.steps.length).toBe(2);
    expect(canRedo(pushed.history)).toBe(false);
    expect(redo(pushed.history, pushed.doc)).toBeNull();
  });

  it("nothing to undo or redo answers null and changes nothing", () => {
    const h = emptyHistory();
    expect(canUndo(h)).toBe(false);
    expect(undo(h, start)).toBeNull();
    expect(redo(h, start)).toBeNull();
  });

  it("is bounded: past the limit the oldest steps go", () => {
    let s = { doc: start, history: emptyHistory(5) };
    for (let i = 1; i <= 8; i++) s = moveTo(s.history, s.doc, i, i * 10_000);
    expect(s.history.steps.length).toBe(5);
    let doc = s.doc;
    let h = s.history;
    for (;;) {
      const u = undo(h, doc);
      if (!u) break;
      doc = u.doc;
      h = u.history;
    }
    expect(xOf(doc)).toBe(3);
  });

  it("steps with the same merge key close in time are one step (typing), apart they are two", () => {
    let s = { doc: start, history: emptyHistory() };
    const type = (text: string, now: number) =>
      push(s.history, s.doc, setProps(sid, wid, { text }), { label: "text", mergeKey: `text:${wid}`, now });
    s = type("H", 1000);
    s = type("He", 1000 + MERGE_MS / 2);
    s = type("Hel", 1000 + MERGE_MS);
    expect(s.history.steps.length).toBe(1);
    const u = undo(s.history, s.doc);
    expect(u?.doc.scenes[0]?.widgets[0]?.props).toMatchObject({ text: "Text" });
    s = type("Hello", 10_000 + 5 * MERGE_MS);
    expect(s.history.steps.length).toBe(2);
  });

  it("a step after an undo never merges into the undone one", () => {
    let s = push(emptyHistory(), start, setProps(sid, wid, { text: "a" }), {
      label: "t",
      mergeKey: "k",
      now: 0,
    });
    const u = undo(s.history, s.doc);
    if (!u) throw new Error("undo failed");
    s = push(u.history, u.doc, setProps(sid, wid, { text: "b" }), { label: "t", mergeKey: "k", now: 10 });
    expect(s.history.steps.length).toBe(1);
    expect(undo(s.history, s.doc)?.doc.scenes[0]?.widgets[0]?.props).toMatchObject({ text: "Text" });
  });

  it("structural steps undo too", () => {
    const s = push(emptyHistory(), start, addScene(start, "2"), { label: "scene" });
    expect(s.doc.scenes).toHaveLength(2);
    expect(undo(s.history, s.doc)?.doc.scenes).toHaveLength(1);
  });
});
