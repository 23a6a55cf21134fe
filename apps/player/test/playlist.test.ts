import { describe, expect, it } from "vitest";
import { carryOver, nextIndex, playlistOf } from "../src/playlist";
import { manifest, programDoc } from "./fixtures";

describe("playlist", () => {
  it("keeps valid programs in order and skips invalid ones with a reason", () => {
    const noMain = programDoc();
    noMain.scenes = noMain.scenes.map((s) => ({ ...s, kind: "popup" as const }));
    const list = playlistOf(
      manifest([
        { id: 1, doc: programDoc("one") },
        { id: 2, doc: { width: "wide" } },
        { id: 3, doc: programDoc("three") },
        { id: 4, doc: noMain },
      ]),
    );
    expect(list.items.map((p) => p.id)).toEqual([1, 3]);
    expect(list.skipped.map((s) => s.id)).toEqual([2, 4]);
    expect(list.skipped[0]?.reason).toMatch(/\S/);
    expect(list.skipped[1]?.reason).toBe("scenes: program.mainSceneRequired");
    expect(playlistOf(null)).toEqual({ items: [], skipped: [] });
  });

  it("rotates through the programs and loops", () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(5, 2)).toBe(0);
    expect(nextIndex(-1, 2)).toBe(0);
    expect(nextIndex(0, 0)).toBe(-1);
  });

  it("keeps the program on screen playing when a new playlist still has it", () => {
    const { items } = playlistOf(manifest([1, 2, 3].map((id) => ({ id, doc: programDoc() }))));
    const [p1, p2, p3] = items;
    if (!p1 || !p2 || !p3) throw new Error("three programs");
    expect(carryOver(p2, [p3, p2])).toBe(1);
    expect(carryOver(p2, [p1, p3])).toBe(0);
    expect(carryOver(null, [p1])).toBe(0);
    expect(carryOver(p1, [])).toBe(-1);
  });
});
