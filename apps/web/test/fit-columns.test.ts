import { describe, expect, it } from "vitest";
import { fitColumns } from "../src/components/fitColumns";

const columns = [
  { key: "name", width: 300 },
  { key: "type", width: 100 },
  { key: "size", width: 100, drop: 2 },
  { key: "uploader", width: 120, drop: 1 },
  { key: "created", width: 170, drop: 3 },
  { key: "actions", width: 120 },
];
const keys = (cs: Array<{ key: string }>) => cs.map((c) => c.key);

describe("fitting a table's columns to its box", () => {
  it("shows every column where they fit, and all of them before the box is measured", () => {
    expect(keys(fitColumns(columns, 2000).columns)).toEqual(keys(columns));
    expect(fitColumns(columns, 0)).toMatchObject({ total: 910 });
    expect(keys(fitColumns(columns, 0).columns)).toEqual(keys(columns));
  });

  it("drops the secondary columns highest first until the rest fit, keeping their order", () => {
    expect(keys(fitColumns(columns, 800).columns)).toEqual(["name", "type", "size", "uploader", "actions"]);
    expect(fitColumns(columns, 800).total).toBe(740);
    expect(keys(fitColumns(columns, 700).columns)).toEqual(["name", "type", "uploader", "actions"]);
    expect(keys(fitColumns(columns, 600).columns)).toEqual(["name", "type", "actions"]);
  });

  it("never drops a primary column, and counts the selection column", () => {
    const fitted = fitColumns(columns, 300, 32);
    expect(keys(fitted.columns)).toEqual(["name", "type", "actions"]);
    expect(fitted.total).toBe(552);
  });

  it("drops more secondary columns when asked (cells wider than their widths), never a primary one", () => {
    expect(keys(fitColumns(columns, 2000, 0, 1).columns)).toEqual([
      "name",
      "type",
      "size",
      "uploader",
      "actions",
    ]);
    expect(keys(fitColumns(columns, 2000, 0, 9).columns)).toEqual(["name", "type", "actions"]);
  });
});
