import type { Material } from "@marquee/contracts";
import { createProgram, createWidget, type DataSource } from "@marquee/program";
import { describe, expect, it, vi } from "vitest";
import { locateIssue } from "../src/editor/issues";
import { parseEditorParams } from "../src/editor/params";
import { mediaInfo, ttlCache } from "../src/editor/renderData";

describe("editor address", () => {
  it("opens a program by id, or starts a new one with a clamped size", () => {
    expect(parseEditorParams(new URLSearchParams("id=12"))).toEqual({ kind: "open", id: 12 });
    expect(parseEditorParams(new URLSearchParams("new=1&name=%20Lobby%20&w=1080&h=1920"))).toEqual({
      kind: "new",
      name: "Lobby",
      width: 1080,
      height: 1920,
    });
    expect(parseEditorParams(new URLSearchParams("new=1&w=99999&h=x"))).toEqual({
      kind: "new",
      name: null,
      width: 7680,
      height: 1080,
    });
    expect(parseEditorParams(new URLSearchParams("id=abc"))).toEqual({ kind: "none" });
  });
});

describe("save errors located in the document", () => {
  const doc = createProgram({ width: 1920, height: 1080 }, "Lobby");
  const text = { ...createWidget("text", doc), name: "Title" };
  const scene = doc.scenes[0];
  if (scene) scene.widgets = [text];
  const source: DataSource = {
    id: "d1",
    name: "Menu",
    format: "json",
    kind: "url",
    url: null,
    rowsPath: "",
    rows: [],
    refreshSec: 60,
  };
  doc.dataSources = [source];

  it("names the scene and the widget of a path", () => {
    const loc = locateIssue(doc, "doc.scenes.0.widgets.0.props.color");
    expect(loc.scene).toEqual({ id: scene?.id, name: "Lobby", index: 0 });
    expect(loc.widget).toEqual({ id: text.id, name: "Title", type: "text" });
    expect(loc.field).toBe("props.color");
  });

  it("names data sources, default buttons and the program name", () => {
    expect(locateIssue(doc, "doc.dataSources.0.url")).toMatchObject({
      dataSource: { name: "Menu" },
      field: "url",
    });
    expect(locateIssue(doc, "doc.defaultButtons.exit.buttonData.w")).toMatchObject({
      defaultButton: "exit",
      field: "buttonData.w",
    });
    expect(locateIssue(doc, "name").programName).toBe(true);
    expect(locateIssue(doc, "doc.scenes.9.name")).toMatchObject({ scene: null });
  });
});

describe("editor render context data", () => {
  const base = {
    id: 3,
    name: "clip.mp4",
    folderId: null,
    officeId: 1,
    size: 1,
    md5: null,
    mime: null,
    width: 1920,
    height: 1080,
    durationMs: 5000,
    codec: null,
    thumbUrl: null,
    reviewState: "approved",
    reviewNote: null,
    convertState: "done",
    convertProgress: 100,
    convertError: null,
    uploaderId: null,
    uploaderName: null,
    createDate: "",
  } as unknown as Material;

  it("plays files from their file address and web/stream materials from theirs", () => {
    expect(mediaInfo({ ...base, type: "video", fileUrl: "/f/3", url: null })).toMatchObject({
      type: "video",
      url: "/f/3",
      durationMs: 5000,
    });
    expect(mediaInfo({ ...base, type: "web", fileUrl: null, url: "https://example.com" })?.url).toBe(
      "https://example.com",
    );
    expect(mediaInfo(undefined)).toBeNull();
  });

  it("caches loads for a while and forgets failures at once", async () => {
    let now = 0;
    const cache = ttlCache<number>(60_000, () => now);
    const load = vi.fn(async () => 1);
    await cache("a", load);
    now = 59_999;
    await cache("a", load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 60_000;
    await cache("a", load);
    expect(load).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => {
      throw new Error("down");
    });
    await expect(cache("b", failing)).rejects.toThrow("down");
    await expect(cache("b", failing)).rejects.toThrow("down");
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
