import { describe, expect, it } from "vitest";
import { cellText, parseCsv, rowsAt } from "../src/data";

describe("parseCsv", () => {
  it("names fields by the first line and reads quoted fields, doubled quotes and both line ends", () => {
    const text = 'city,temp,note\r\nRoma,21,"sunny, warm"\nMilano,18,"said ""hi"""\r\n';
    expect(parseCsv(text)).toEqual({
      fields: ["city", "temp", "note"],
      rows: [
        { city: "Roma", temp: "21", note: "sunny, warm" },
        { city: "Milano", temp: "18", note: 'said "hi"' },
      ],
    });
  });

  it("keeps line breaks inside quotes, drops a BOM and blank lines, and names unnamed columns", () => {
    const text = '\ufeffname,,x\n\n"two\nlines",b,c\n';
    const { fields, rows } = parseCsv(text);
    expect(fields).toEqual(["name", "column2", "x"]);
    expect(rows).toEqual([{ name: "two\nlines", column2: "b", x: "c" }]);
  });

  it("fills short rows with empty text and reads a last line without a line end", () => {
    expect(parseCsv("a,b,c\n1\n2,3,4").rows).toEqual([
      { a: "1", b: "", c: "" },
      { a: "2", b: "3", c: "4" },
    ]);
  });

  it("stops after maxRows rows", () => {
    const text = ["n", ...Array.from({ length: 50 }, (_, i) => String(i))].join("\n");
    const { rows } = parseCsv(text, 10);
    expect(rows).toHaveLength(10);
    expect(rows.at(-1)).toEqual({ n: "9" });
  });

  it("answers no fields and no rows for empty text", () => {
    expect(parseCsv("")).toEqual({ fields: [], rows: [] });
  });
});

describe("rowsAt", () => {
  const json = {
    data: {
      items: [
        { a: 1, b: "x" },
        { a: 2, c: true },
      ],
      one: { k: "v" },
    },
    list: [1, "two"],
  };

  it("finds the rows at a dot path and collects every field", () => {
    expect(rowsAt(json, "data.items")).toEqual({
      fields: ["a", "b", "c"],
      rows: [
        { a: 1, b: "x" },
        { a: 2, c: true },
      ],
    });
  });

  it("reads the root with an empty path, an object as one row, and plain values as {value}", () => {
    expect(rowsAt([{ a: 1 }], "").rows).toEqual([{ a: 1 }]);
    expect(rowsAt(json, "data.one")).toEqual({ fields: ["k"], rows: [{ k: "v" }] });
    expect(rowsAt(json, "list")).toEqual({ fields: ["value"], rows: [{ value: 1 }, { value: "two" }] });
  });

  it("answers nothing for a path that leads nowhere or through a plain value", () => {
    expect(rowsAt(json, "data.missing")).toEqual({ fields: [], rows: [] });
    expect(rowsAt(json, "list.0.deeper")).toEqual({ fields: [], rows: [] });
    expect(rowsAt("text", "")).toEqual({ fields: [], rows: [] });
  });

  it("stops after maxRows rows", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ i }));
    expect(rowsAt(many, "", 5).rows).toHaveLength(5);
  });
});

describe("cellText", () => {
  it("shows values as text, objects as JSON, and nothing for absent values", () => {
    expect(cellText({ a: 1, b: { c: 2 }, d: null }, "a")).toBe("1");
    expect(cellText({ b: { c: 2 } }, "b")).toBe('{"c":2}');
    expect(cellText({ d: null }, "d")).toBe("");
    expect(cellText(undefined, "x")).toBe("");
  });
});
