import {
  applyCommand,
  createProgram,
  createScene,
  createWidget,
  LIMITS,
  type ProgramDoc,
  parseProgram,
  WIDGET_PROPS,
  WidgetFrame,
} from "@marquee/program";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { normalizeColor, pickerColor } from "../src/editor/panels/color";
import { fromIso, toOffsetIso } from "../src/editor/panels/datetime";
import { moveItem, nextField } from "../src/editor/panels/lists";
import {
  COMMON_TIME_ZONES,
  currencyLabel,
  fontChoices,
  genericFontKey,
  timeZoneChoices,
} from "../src/editor/panels/options";
import { plainToHtml } from "../src/editor/panels/richText";
import {
  buttonsTargeting,
  kindChangeBlock,
  targetFor,
  targetKind,
  targetScenes,
} from "../src/editor/panels/scenes";
import {
  fieldsOfRows,
  formatOfFileName,
  newSource,
  parseDataFile,
  removeSourceCommand,
  widgetsUsingSource,
} from "../src/editor/panels/sources";
import { check, numberBounds, propSchema } from "../src/editor/panels/validate";

describe("colours", () => {
  it("brings the picker's spellings to the document's", () => {
    expect(normalizeColor("#FFF")).toBe("#ffffff");
    expect(normalizeColor("#1677FF")).toBe("#1677ff");
    expect(normalizeColor("#1677ffff")).toBe("#1677ff");
    expect(normalizeColor("#00000080")).toBe("#00000080");
    expect(normalizeColor("#0008")).toBe("#00000088");
    expect(normalizeColor(" Transparent ")).toBe("transparent");
    expect(normalizeColor("rgb(0,0,0)")).toBeNull();
    expect(normalizeColor("#12345")).toBeNull();
  });

  it("gives every normalised colour the schema accepts", () => {
    for (const c of ["#abc", "#ABCDEF", "#abcdef80", "transparent"]) {
      const n = normalizeColor(c);
      expect(n).not.toBeNull();
      expect(check(propSchema("text", "color"), n)).toBeNull();
    }
  });

  it("shows transparent as fully transparent black in the picker", () => {
    expect(pickerColor("transparent")).toBe("#00000000");
    expect(pickerColor("#123456")).toBe("#123456");
  });
});

describe("countdown date-times", () => {
  it("stores the picked instant with its offset, in the schema's format", () => {
    const picked = dayjs("2031-03-04T05:06:07.890Z");
    const iso = toOffsetIso(picked);
    expect(iso).toMatch(/^2031-03-0\dT\d\d:06:07[+-]\d\d:\d\d$/);
    expect(check(propSchema("countdown", "target"), iso)).toBeNull();
    expect(new Date(iso).getTime()).toBe(Date.parse("2031-03-04T05:06:07Z"));
  });

  it("reads stored instants back, and refuses text that is not one", () => {
    expect(fromIso("2030-01-02T09:00:00+08:00")?.valueOf()).toBe(Date.parse("2030-01-02T01:00:00Z"));
    expect(fromIso("2030-01-02T01:00:00Z")?.toISOString()).toBe("2030-01-02T01:00:00.000Z");
    expect(fromIso("not a date")).toBeNull();
  });
});

describe("validation of edited values", () => {
  const key = (schema: Parameters<typeof check>[0], v: unknown) => check(schema, v)?.key ?? null;

  it("refuses what the server would refuse, with a message key of the panel", () => {
    expect(key(propSchema("qrcode", "text"), "")).toBe("editorPanels.errors.required");
    expect(key(propSchema("qrcode", "text"), "https://example.com")).toBeNull();
    expect(key(propSchema("web", "url"), "ftp://example.com")).toBe("editorPanels.errors.urlInvalid");
    expect(key(propSchema("web", "url"), "javascript:alert(1)")).toBe("editorPanels.errors.urlInvalid");
    expect(key(propSchema("web", "url"), null)).toBeNull();
    expect(key(propSchema("text", "color"), "red")).toBe("editorPanels.errors.colorInvalid");
    expect(key(propSchema("exchange", "base"), "eur")).toBe("editorPanels.errors.currencyInvalid");
    expect(key(propSchema("exchange", "symbols"), [])).toBe("editorPanels.errors.chooseOne");
    expect(key(propSchema("countdown", "target"), "2030-01-01 10:00")).toBe(
      "editorPanels.errors.dateInvalid",
    );
    expect(key(propSchema("video", "volume"), 50.5)).toBe("editorPanels.errors.integer");
    expect(key(propSchema("video", "volume"), Number.NaN)).toBe("editorPanels.errors.required");
  });

  it("names the bound that was crossed", () => {
    expect(check(propSchema("video", "volume"), 101)).toEqual({
      key: "editorPanels.errors.max",
      params: { max: 100 },
    });
    expect(check(propSchema("marquee", "speed"), 1)).toEqual({
      key: "editorPanels.errors.min",
      params: { min: 5 },
    });
    expect(check(WidgetFrame.shape.rotation, 400)).toEqual({
      key: "editorPanels.errors.max",
      params: { max: 360 },
    });
    expect(check(propSchema("countdown", "prefix"), "x".repeat(201))).toEqual({
      key: "editorPanels.errors.tooLong",
      params: { max: 200 },
    });
  });

  it("reads number bounds through nullable wrappers, for the number inputs", () => {
    expect(numberBounds(propSchema("video", "volume"))).toEqual({ min: 0, max: 100, int: true });
    expect(numberBounds(propSchema("image", "opacity"))).toEqual({ min: 0, max: 1, int: false });
    expect(numberBounds(WIDGET_PROPS.image.shape.materialId)).toMatchObject({
      max: 2_147_483_647,
      int: true,
    });
    expect(numberBounds(WidgetFrame.shape.x)).toEqual({
      min: -LIMITS.coordinate,
      max: LIMITS.coordinate,
      int: false,
    });
  });

  it("has a schema for every prop of every type, and only for those", () => {
    expect(() => propSchema("text", "nope")).toThrow();
    for (const [type, schema] of Object.entries(WIDGET_PROPS))
      for (const field of Object.keys(schema.shape))
        expect(propSchema(type as keyof typeof WIDGET_PROPS, field)).toBeDefined();
  });
});

/** A program with two main scenes, one popup scene, buttons and a data source used by a table and a text. */
function sample(): ProgramDoc {
  const doc = createProgram({ width: 1920, height: 1080 }, "Home");
  const home = doc.scenes[0] as ProgramDoc["scenes"][number];
  const menu = createScene("Menu");
  const popup = createScene("Offer", "popup");
  const source = { ...newSource("Prices"), kind: "inline" as const, rows: [{ item: "tea", price: 2 }] };
  const go = createWidget("button", doc, { defaults: { action: "jump", targetSceneId: menu.id } });
  const open = createWidget("button", doc, { defaults: { action: "popup", targetSceneId: popup.id } });
  const table = createWidget("table", doc, {
    defaults: { dataSourceId: source.id, columns: [{ field: "item", title: "Item" }] },
  });
  const text = createWidget("text", doc, {
    defaults: { binding: { dataSourceId: source.id, field: "price", row: 0 } },
  });
  home.widgets = [go, open, table];
  menu.widgets = [text];
  return { ...doc, scenes: [home, menu, popup], dataSources: [source] };
}

describe("button targets and scene kinds", () => {
  const doc = sample();
  const [home, menu, popup] = doc.scenes as [
    ProgramDoc["scenes"][number],
    ProgramDoc["scenes"][number],
    ProgramDoc["scenes"][number],
  ];

  it("offers main scenes to jump to and popup scenes to open", () => {
    expect(targetKind("jump")).toBe("main");
    expect(targetKind("popup")).toBe("popup");
    expect(targetKind("exit")).toBeNull();
    expect(targetScenes(doc.scenes, "jump").map((s) => s.id)).toEqual([home.id, menu.id]);
    expect(targetScenes(doc.scenes, "popup").map((s) => s.id)).toEqual([popup.id]);
    expect(targetScenes(doc.scenes, "after")).toEqual([]);
  });

  it("keeps a still-valid target when the action changes, else takes the first allowed", () => {
    expect(targetFor(doc.scenes, "jump", menu.id)).toBe(menu.id);
    expect(targetFor(doc.scenes, "popup", menu.id)).toBe(popup.id);
    expect(targetFor(doc.scenes, "exit", menu.id)).toBeNull();
    expect(targetFor([home], "popup", null)).toBeNull();
  });

  it("refuses kind changes the server would refuse", () => {
    expect(buttonsTargeting(doc, menu.id)).toHaveLength(1);
    expect(kindChangeBlock(doc, menu.id, "popup")).toMatchObject({ reason: "targeted" });
    expect(kindChangeBlock(doc, popup.id, "main")).toMatchObject({ reason: "targeted" });
    expect(kindChangeBlock(doc, home.id, "popup")).toBeNull();
    expect(kindChangeBlock(doc, home.id, "main")).toBeNull();
    const alone = createProgram({ width: 100, height: 100 });
    expect(kindChangeBlock(alone, alone.scenes[0]?.id ?? "", "popup")).toEqual({ reason: "lastMain" });
  });
});

describe("data sources", () => {
  it("names the widgets that read a source", () => {
    const doc = sample();
    const used = widgetsUsingSource(doc, doc.dataSources[0]?.id ?? "");
    expect(used.map((u) => `${u.sceneName}:${u.widget.type}`)).toEqual(["Home:table", "Menu:text"]);
    expect(widgetsUsingSource(doc, "other")).toEqual([]);
  });

  it("deletes a source in use in one step that leaves no dangling reference, and undoes it", () => {
    const doc = sample();
    expect(parseProgram(doc).ok).toBe(true);
    const id = doc.dataSources[0]?.id ?? "";
    const { doc: after, inverse } = applyCommand(doc, removeSourceCommand(doc, id));
    expect(after.dataSources).toEqual([]);
    expect(widgetsUsingSource(after, id)).toEqual([]);
    expect(parseProgram(after).ok).toBe(true);
    const table = after.scenes[0]?.widgets.find((w) => w.type === "table");
    expect(table?.type === "table" && table.props.columns).toEqual([{ field: "item", title: "Item" }]);
    expect(applyCommand(after, inverse).doc).toEqual(doc);
  });

  it("deletes an unused source with a single command", () => {
    const base = sample();
    const doc = { ...base, dataSources: [...base.dataSources, newSource("Spare")] };
    const spare = doc.dataSources[1]?.id ?? "";
    expect(removeSourceCommand(doc, spare).t).toBe("dataSources.set");
  });

  it("reads uploaded CSV and JSON files, keeping at most the inline limit", () => {
    const csv = parseDataFile("name,price\r\ntea,2\r\ncoffee,3\r\n", "csv", "");
    expect(csv).toEqual({
      ok: true,
      fields: ["name", "price"],
      rows: [
        { name: "tea", price: "2" },
        { name: "coffee", price: "3" },
      ],
      truncated: false,
    });
    const json = parseDataFile('{"data":{"items":[{"a":1},{"b":2}]}}', "json", "data.items");
    expect(json).toMatchObject({ ok: true, fields: ["a", "b"], truncated: false });
    const many = `n\n${Array.from({ length: LIMITS.inlineRows + 5 }, (_, i) => i).join("\n")}`;
    const big = parseDataFile(many, "csv", "");
    expect(big.ok && big.rows.length).toBe(LIMITS.inlineRows);
    expect(big.ok && big.truncated).toBe(true);
    const exact = parseDataFile(
      JSON.stringify(Array.from({ length: LIMITS.inlineRows }, (_, i) => ({ i }))),
      "json",
      "",
    );
    expect(exact.ok && exact.truncated).toBe(false);
  });

  it("says why a file gives no rows", () => {
    expect(parseDataFile("{not json", "json", "")).toEqual({ ok: false, error: "jsonInvalid" });
    expect(parseDataFile('{"a":[]}', "json", "a")).toEqual({ ok: false, error: "noRows" });
    expect(parseDataFile("", "csv", "")).toEqual({ ok: false, error: "noRows" });
    expect(parseDataFile("\ufeff[1,2]", "json", "")).toMatchObject({ ok: true, fields: ["value"] });
  });

  it("guesses the format from the file name and lists fields in order", () => {
    expect(formatOfFileName("Prices.CSV")).toBe("csv");
    expect(formatOfFileName("rows.json")).toBe("json");
    expect(formatOfFileName("rows.txt")).toBeNull();
    expect(fieldsOfRows([{ b: 1 }, { a: 1, b: 2 }])).toEqual(["b", "a"]);
  });

  it("starts a new source with values the schema accepts once it has an address", () => {
    const s = newSource("Feed");
    expect(s.id).toMatch(/^d/);
    const base = sample();
    expect(parseProgram({ ...base, dataSources: [...base.dataSources, s] }).ok).toBe(false);
    const withUrl = { ...s, url: "https://example.com/rows.json" };
    expect(parseProgram({ ...base, dataSources: [...base.dataSources, withUrl] }).ok).toBe(true);
  });
});

describe("choices and small conversions", () => {
  it("offers the browser's time zones with UTC, or the common ones", () => {
    expect(timeZoneChoices(() => ["Europe/Rome", "Asia/Shanghai"])).toEqual([
      "UTC",
      "Europe/Rome",
      "Asia/Shanghai",
    ]);
    expect(timeZoneChoices(() => ["UTC", "Europe/Rome"])).toEqual(["UTC", "Europe/Rome"]);
    expect(timeZoneChoices(null)).toEqual(COMMON_TIME_ZONES);
    expect(
      timeZoneChoices(() => {
        throw new RangeError("unsupported");
      }),
    ).toEqual(COMMON_TIME_ZONES);
    for (const z of COMMON_TIME_ZONES)
      expect(() => new Intl.DateTimeFormat("en", { timeZone: z })).not.toThrow();
  });

  it("offers the CJK faces and keeps a family that is not in the list", () => {
    expect(fontChoices("sans-serif")).toContain("Noto Sans CJK SC");
    expect(fontChoices("sans-serif")).toContain("Noto Serif CJK SC");
    expect(fontChoices("Comic Neue")[0]).toBe("Comic Neue");
    expect(genericFontKey("monospace")).toBe("editorPanels.fonts.monospace");
    expect(genericFontKey("Arial")).toBeNull();
  });

  it("names currencies in the operator's language", () => {
    expect(currencyLabel("EUR", "en")).toMatch(/^EUR · .*[Ee]uro/);
    expect(currencyLabel("USD", "zh_CN")).toMatch(/^USD · .*美元/);
    expect(currencyLabel("ZZZ", "en")).toMatch(/^ZZZ/);
  });

  it("escapes plain text into rich text", () => {
    expect(plainToHtml('a < b & "c"\nnext')).toBe("a &lt; b &amp; &quot;c&quot;<br>next");
  });

  it("moves list entries and picks the next unused field", () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(nextField(["a", "b"], [{ field: "a" }])).toBe("b");
    expect(nextField(["a"], [{ field: "a" }])).toBe("");
  });
});
