import { describe, expect, it } from "vitest";
import { actionFor, type KeyLike, ownsKeys, shortcutLetter, worksWhileTyping } from "../src/editor/keyboard";

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  code: "",
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("editor keyboard shortcuts", () => {
  it("nudges by 1 design pixel, 10 with Shift", () => {
    expect(actionFor(key("ArrowLeft"))).toEqual({ kind: "nudge", dx: -1, dy: 0 });
    expect(actionFor(key("ArrowDown", { shiftKey: true }))).toEqual({ kind: "nudge", dx: 0, dy: 10 });
  });

  it("maps undo, redo (two ways), save, clipboard, select all, delete and escape", () => {
    expect(actionFor(key("z", { ctrlKey: true }))).toEqual({ kind: "undo" });
    expect(actionFor(key("Z", { metaKey: true, shiftKey: true }))).toEqual({ kind: "redo" });
    expect(actionFor(key("y", { ctrlKey: true }))).toEqual({ kind: "redo" });
    expect(actionFor(key("s", { metaKey: true }))).toEqual({ kind: "save" });
    expect(actionFor(key("c", { ctrlKey: true }))).toEqual({ kind: "copy" });
    expect(actionFor(key("v", { ctrlKey: true }))).toEqual({ kind: "paste" });
    expect(actionFor(key("d", { ctrlKey: true }))).toEqual({ kind: "duplicate" });
    expect(actionFor(key("a", { metaKey: true }))).toEqual({ kind: "selectAll" });
    expect(actionFor(key("Delete"))).toEqual({ kind: "delete" });
    expect(actionFor(key("Backspace"))).toEqual({ kind: "delete" });
    expect(actionFor(key("Escape"))).toEqual({ kind: "escape" });
    expect(actionFor(key("0", { ctrlKey: true }))).toEqual({ kind: "zoomFit" });
  });

  it("leaves plain letters, Alt chords and unknown keys alone", () => {
    expect(actionFor(key("z"))).toBeNull();
    expect(actionFor(key("z", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(actionFor(key("F5"))).toBeNull();
  });

  it("finds the letter on non-Latin layouts by the physical key", () => {
    expect(shortcutLetter({ key: "я", code: "KeyZ" })).toBe("z");
    expect(actionFor(key("я", { code: "KeyZ", ctrlKey: true }))).toEqual({ kind: "undo" });
    // AZERTY: the key labelled Z is typed as z whatever its position.
    expect(shortcutLetter({ key: "z", code: "KeyW" })).toBe("z");
  });

  it("lets fields, editable text, arrow-driven controls and dialogs keep their keys", () => {
    const el = (
      tagName: string,
      attrs: Record<string, string> = {},
      extra: Partial<{ isContentEditable: boolean; inDialog: boolean }> = {},
    ) => ({
      tagName,
      isContentEditable: extra.isContentEditable ?? false,
      getAttribute: (n: string) => attrs[n] ?? null,
      closest: () => (extra.inDialog ? {} : null),
    });
    expect(ownsKeys(el("INPUT"))).toBe(true);
    expect(ownsKeys(el("TEXTAREA"))).toBe(true);
    expect(ownsKeys(el("DIV", {}, { isContentEditable: true }))).toBe(true);
    expect(ownsKeys(el("DIV", { role: "slider" }))).toBe(true);
    expect(ownsKeys(el("BUTTON", {}, { inDialog: true }))).toBe(true);
    expect(ownsKeys(el("BUTTON"))).toBe(false);
    expect(ownsKeys(el("BODY"))).toBe(false);
    expect(ownsKeys(null)).toBe(false);
    // Saving works from anywhere.
    expect(worksWhileTyping({ kind: "save" })).toBe(true);
    expect(worksWhileTyping({ kind: "delete" })).toBe(false);
  });
});
