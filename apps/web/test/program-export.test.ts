import { PROGRAM_EXPORT_FORMAT } from "@marquee/contracts";
import { createProgram } from "@marquee/program";
import { describe, expect, it } from "vitest";
import { checkExportFile, isPublishedRefusal, missingMediaOf } from "../src/features/program/exportFile";

const good = () => ({
  format: PROGRAM_EXPORT_FORMAT,
  formatVersion: 1,
  exportedAt: "2024-05-01T10:00:00Z",
  name: "Lobby",
  doc: createProgram({ width: 1920, height: 1080 }),
  media: [{ id: 3, name: "logo.png", type: "image", md5: "0".repeat(32), size: 1200, url: null }],
});

describe("program export files", () => {
  it("accepts a file exported before", () => {
    const check = checkExportFile(JSON.stringify(good()));
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.file.name).toBe("Lobby");
      expect(check.file.media).toHaveLength(1);
    }
  });
  it("tells a file that is not JSON", () => {
    expect(checkExportFile("not json {")).toEqual({ ok: false, reason: "notJson" });
  });
  it("tells JSON that is not an export", () => {
    expect(checkExportFile("[1,2]")).toEqual({ ok: false, reason: "notExport" });
    expect(checkExportFile("null")).toEqual({ ok: false, reason: "notExport" });
    expect(checkExportFile(JSON.stringify({ ...good(), format: "something-else" }))).toEqual({
      ok: false,
      reason: "notExport",
    });
  });
  it("tells an export of another format version", () => {
    expect(checkExportFile(JSON.stringify({ ...good(), formatVersion: 2 }))).toEqual({
      ok: false,
      reason: "version",
    });
  });
  it("lists the problems of a damaged export by path", () => {
    const file = good();
    file.doc.width = 10;
    const check = checkExportFile(JSON.stringify({ ...file, name: "" }));
    expect(check.ok).toBe(false);
    if (!check.ok && check.reason === "invalid") {
      expect(check.issues.some((i) => i.startsWith("name:"))).toBe(true);
      expect(check.issues.some((i) => i.startsWith("doc.width:"))).toBe(true);
    } else expect.fail("expected an invalid file");
  });
});

describe("program call refusals", () => {
  it("reads the missing media of a refused import", () => {
    expect(missingMediaOf({ status: 400, body: { missing: ["a.mp4", "b.png"] } })).toEqual([
      "a.mp4",
      "b.png",
    ]);
    expect(missingMediaOf({ status: 400, body: { missing: [{ name: "c.jpg", md5: "x" }] } })).toEqual([
      "c.jpg",
    ]);
    expect(missingMediaOf({ status: 400, body: { errors: [] } })).toBeNull();
    expect(missingMediaOf({ status: 409, body: { missing: ["a"] } })).toBeNull();
    expect(missingMediaOf(new Error("x"))).toBeNull();
    expect(missingMediaOf(null)).toBeNull();
  });
  it("tells a delete refused because the program is published", () => {
    expect(isPublishedRefusal({ status: 409, body: { msg: "published on 3 screens" } })).toBe(true);
    expect(isPublishedRefusal({ status: 400, body: null })).toBe(false);
    expect(isPublishedRefusal(undefined)).toBe(false);
  });
});
