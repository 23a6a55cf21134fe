import { describe, expect, it } from "vitest";
import {
  buildFolderTree,
  folderIdOf,
  folderKey,
  folderPath,
  ROOT_KEY,
} from "../src/features/material/folders";
import { formatDimensions, formatDuration, isFileType } from "../src/features/material/format";

const folders = [
  { id: 3, parentId: 1, name: "Ads" },
  { id: 1, parentId: null, name: "Videos" },
  { id: 2, parentId: null, name: "Images" },
  { id: 4, parentId: 99, name: "Orphan" },
];

describe("material folders", () => {
  it("builds the tree under one root, sorted by name; orphans hang off the root", () => {
    const root = buildFolderTree(folders, "Root");
    expect(root.key).toBe(ROOT_KEY);
    expect(root.children.map((c) => c.title)).toEqual(["Images", "Orphan", "Videos"]);
    expect(root.children[2]?.children.map((c) => c.id)).toEqual([3]);
  });
  it("names a folder by its path", () => {
    expect(folderPath(folders, 3, "Root")).toBe("Root / Videos / Ads");
    expect(folderPath(folders, undefined, "Root")).toBe("Root");
  });
  it("maps tree keys to folder ids and back", () => {
    expect(folderIdOf(folderKey(undefined))).toBeUndefined();
    expect(folderIdOf(folderKey(7))).toBe(7);
  });
});

describe("material facts", () => {
  it("formats durations and dimensions", () => {
    expect(formatDuration(65_000)).toBe("1:05");
    expect(formatDuration(3_725_000)).toBe("1:02:05");
    expect(formatDuration(null)).toBe("");
    expect(formatDimensions(1920, 1080)).toBe("1920 × 1080");
    expect(formatDimensions(null, 1080)).toBe("");
  });
  it("knows which types are files", () => {
    expect(isFileType("video")).toBe(true);
    expect(isFileType("stream")).toBe(false);
  });
});
