import { describe, expect, it } from "vitest";
import {
  initialPlayerState,
  MAX_POPUPS,
  type PlayerAction,
  type PlayerState,
  reducePlayer,
  waitsForMedia,
} from "../src";
import { program, scene, widget } from "./helpers";

const doc = program([
  scene("m1"),
  scene("p1", { kind: "popup" }),
  scene("m2"),
  scene("p2", { kind: "popup" }),
  scene("m3"),
]);

function run(state: PlayerState, ...actions: PlayerAction[]): PlayerState {
  return actions.reduce((s, a) => reducePlayer(doc, s, a), state);
}

describe("the player's navigation", () => {
  it("starts at the first main scene, or at the one asked for", () => {
    expect(initialPlayerState(doc)).toMatchObject({ mainIndex: 0, activeMainSceneId: "m1", stack: [] });
    expect(initialPlayerState(doc, "m3")).toMatchObject({ mainIndex: 2, activeMainSceneId: "m3" });
    expect(initialPlayerState(doc, "p2")).toMatchObject({ activeMainSceneId: "m1", stack: ["p2"] });
    expect(initialPlayerState(doc, "nope")).toMatchObject({ activeMainSceneId: "m1" });
  });

  it("rotates the main scenes, skipping popups, and signals the end once a loop", () => {
    let s = initialPlayerState(doc);
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      s = run(s, { type: "sceneEnded" });
      seen.push(`${s.activeMainSceneId}@${s.mainIndex}/${s.loops}`);
    }
    expect(seen).toEqual(["m2@1/0", "m3@2/0", "m1@0/1", "m2@1/1", "m3@2/1", "m1@0/2", "m2@1/2"]);
  });

  it("ignores a stale timer of a showing that is gone", () => {
    const s = initialPlayerState(doc);
    const next = run(s, { type: "sceneEnded", run: s.mainRun });
    expect(run(next, { type: "sceneEnded", run: s.mainRun })).toBe(next);
  });

  it("jumps to a main scene and closes popups; ignores a jump to a popup or nowhere", () => {
    const s = run(initialPlayerState(doc), { type: "popup", sceneId: "p1" }, { type: "jump", sceneId: "m3" });
    expect(s).toMatchObject({ activeMainSceneId: "m3", mainIndex: 2, stack: [], loops: 0 });
    expect(run(s, { type: "jump", sceneId: "p1" })).toBe(s);
    expect(run(s, { type: "jump", sceneId: "zz" })).toBe(s);
  });

  it("pushes popups and pops them with exit, keeping the main scene", () => {
    let s = run(initialPlayerState(doc), { type: "popup", sceneId: "p1" }, { type: "popup", sceneId: "p2" });
    expect(s.stack).toEqual(["p1", "p2"]);
    expect(s.activeMainSceneId).toBe("m1");
    s = run(s, { type: "exit" });
    expect(s.stack).toEqual(["p1"]);
    s = run(s, { type: "exit" }, { type: "exit" });
    expect(s.stack).toEqual([]);
    expect(run(s, { type: "popup", sceneId: "m2" }).stack).toEqual([]);
  });

  it("does not stack the same popup on itself, and bounds the stack", () => {
    const s = run(
      initialPlayerState(doc),
      { type: "popup", sceneId: "p1" },
      { type: "popup", sceneId: "p1" },
    );
    expect(s.stack).toEqual(["p1"]);
    let deep = initialPlayerState(doc);
    for (let i = 0; i < MAX_POPUPS + 5; i++)
      deep = run(deep, { type: "popup", sceneId: i % 2 ? "p1" : "p2" });
    expect(deep.stack).toHaveLength(MAX_POPUPS);
    expect(deep.stackRuns).toHaveLength(MAX_POPUPS);
  });

  it("a popup's own time closes it, not the main scene", () => {
    const s = run(initialPlayerState(doc), { type: "popup", sceneId: "p1" }, { type: "sceneEnded" });
    expect(s).toMatchObject({ stack: [], activeMainSceneId: "m1" });
  });

  it("goes before and after, wrapping both ways, without counting a loop", () => {
    const s = initialPlayerState(doc);
    expect(run(s, { type: "before" })).toMatchObject({ activeMainSceneId: "m3", mainIndex: 2, loops: 0 });
    expect(run(s, { type: "after" }, { type: "after" }, { type: "after" })).toMatchObject({
      activeMainSceneId: "m1",
      loops: 0,
    });
  });

  it("moves a media scene on when its media are done, and only such a scene", () => {
    const media = program([
      scene("a", { mode: "media", widgets: [widget("video", { materialId: 10 })] }),
      scene("b", { mode: "fixed", widgets: [widget("video", { materialId: 10 })] }),
      scene("c", { mode: "media" }),
    ]);
    const [a, b, c] = media.scenes;
    expect(a && waitsForMedia(a)).toBe(true);
    expect(b && waitsForMedia(b)).toBe(false);
    // "Until the media end" without media falls back to the scene's seconds.
    expect(c && waitsForMedia(c)).toBe(false);
    let s = initialPlayerState(media);
    s = reducePlayer(media, s, { type: "mediaDone", run: s.mainRun });
    expect(s.activeMainSceneId).toBe("b");
    expect(reducePlayer(media, s, { type: "mediaDone", run: s.mainRun })).toBe(s);
  });

  it("moves a media scene on when the popup over it closes, if its media ended meanwhile", () => {
    const media = program([
      scene("a", { mode: "media", widgets: [widget("video", { materialId: 10 })] }),
      scene("b"),
      scene("p", { kind: "popup" }),
    ]);
    let s = initialPlayerState(media);
    const mainRun = s.mainRun;
    s = reducePlayer(media, s, { type: "popup", sceneId: "p" });
    s = reducePlayer(media, s, { type: "mediaDone", run: mainRun });
    expect(s).toMatchObject({ activeMainSceneId: "a", stack: ["p"], mainEndPending: true });
    s = reducePlayer(media, s, { type: "exit" });
    expect(s).toMatchObject({ activeMainSceneId: "b", stack: [], mainEndPending: false });
  });

  it("keeps its place when the document changes, and recovers when the scene is gone", () => {
    let s = run(initialPlayerState(doc), { type: "after" }, { type: "popup", sceneId: "p2" });
    const reordered = program([doc.scenes[2], doc.scenes[0], doc.scenes[3]].filter((x) => x !== undefined));
    const kept = reducePlayer(reordered, s, { type: "sync" });
    expect(kept).toMatchObject({ activeMainSceneId: "m2", mainIndex: 0, stack: ["p2"] });
    s = reducePlayer(program([scene("m1"), scene("m9")]), s, { type: "sync" });
    expect(s).toMatchObject({ activeMainSceneId: "m9", mainIndex: 1, stack: [] });
  });
});
