import { describe, expect, it } from "vitest";
import {
  applyCommand,
  createProgram,
  createWidget,
  materialIdsOf,
  type ProgramDoc,
  paintOrder,
  parseProgram,
  presetOf,
  type Scene,
  WIDGET_PROPS,
  WIDGET_SPECS,
  WIDGET_TYPES,
  type WidgetType,
  widgetCounts,
} from "../src";
import { programWith } from "./fixtures";

const issuesOf = (doc: unknown) => {
  const r = parseProgram(doc);
  return r.ok ? [] : r.issues;
};

/** A program whose only widget is of `type` with `props` merged into its defaults. */
function withProps(type: WidgetType, props: Record<string, unknown>): ProgramDoc {
  const doc = programWith([type]);
  const w = (doc.scenes[0] as Scene).widgets[0] as { props: Record<string, unknown> };
  Object.assign(w.props, props);
  return doc;
}

/** A bad value per type, and the field the issue must name. */
const BAD: Record<WidgetType, [Record<string, unknown>, string]> = {
  text: [{ fontSize: 0 }, "fontSize"],
  marquee: [{ direction: "diagonal" }, "direction"],
  image: [{ fit: "stretch" }, "fit"],
  carousel: [{ intervalSec: 0 }, "intervalSec"],
  video: [{ volume: 101 }, "volume"],
  audio: [{ materialId: -1 }, "materialId"],
  web: [{ url: "javascript:alert(1)" }, "url"],
  clock: [{ style: "sundial" }, "style"],
  date: [{ dateStyle: "huge" }, "dateStyle"],
  countdown: [{ target: "next tuesday" }, "target"],
  weather: [{ latitude: 91 }, "latitude"],
  exchange: [{ symbols: ["usd"] }, "symbols"],
  qrcode: [{ text: "" }, "text"],
  table: [{ maxRows: 0 }, "maxRows"],
  stream: [{ url: "ftp://example.com/live.m3u8" }, "url"],
  document: [{ pageSec: 0 }, "pageSec"],
  button: [{ action: "explode" }, "action"],
};

describe("widget types", () => {
  it("the catalogue covers every type, and every default validates", () => {
    expect(Object.keys(WIDGET_SPECS).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const type of WIDGET_TYPES) {
      expect(WIDGET_PROPS[type].safeParse(WIDGET_SPECS[type].defaults()).success, type).toBe(true);
    }
  });

  it("a program with one widget of every type validates (buttons need a target)", () => {
    const doc = programWith(WIDGET_TYPES.filter((t) => t !== "button"));
    expect(issuesOf(doc)).toEqual([]);
    expect(Object.keys(widgetCounts(doc))).toHaveLength(WIDGET_TYPES.length - 1);
  });

  it.each(WIDGET_TYPES)("%s: a bad value is refused and the issue names the field", (type) => {
    const [props, field] = BAD[type];
    const issues = issuesOf(withProps(type, props));
    expect(
      issues.some((i) => i.path.startsWith("scenes.0.widgets.0.props") && i.path.includes(field)),
      type,
    ).toBe(true);
  });

  it("frames are bounded and finite", () => {
    const doc = programWith(["text"]);
    const w = (doc.scenes[0] as Scene).widgets[0] as { w: number; x: number };
    w.w = 0;
    w.x = Number.NaN;
    const paths = issuesOf(doc).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["scenes.0.widgets.0.w", "scenes.0.widgets.0.x"]));
  });

  it("unknown types and unknown fields do not pass", () => {
    const doc = programWith(["text"]) as unknown as {
      scenes: Array<{ widgets: Array<Record<string, unknown>> }>;
    };
    (doc.scenes[0]?.widgets[0] as Record<string, unknown>).type = "flash";
    expect(issuesOf(doc).length).toBeGreaterThan(0);
  });
});

describe("references across the document", () => {
  it("a jump button must target a main scene, a popup button a popup scene", () => {
    let doc = programWith(["button"]);
    const popup = { ...createProgram(doc).scenes[0], id: "popup1", name: "P", kind: "popup" } as Scene;
    doc = applyCommand(doc, { t: "scene.add", index: 1, scene: popup }).doc;
    const button = (doc.scenes[0] as Scene).widgets[0] as {
      props: { action: string; targetSceneId: string | null };
    };
    expect(issuesOf(doc)).toEqual([]);
    button.props.targetSceneId = null;
    expect(issuesOf(doc).map((i) => i.message)).toContain("program.targetInvalid");
    button.props.targetSceneId = "popup1";
    expect(issuesOf(doc).map((i) => i.message)).toContain("program.targetInvalid");
    button.props.action = "popup";
    expect(issuesOf(doc)).toEqual([]);
    button.props.action = "exit";
    button.props.targetSceneId = null;
    expect(issuesOf(doc)).toEqual([]);
  });

  it("a table or a bound text must name an existing data source", () => {
    const doc = withProps("table", { dataSourceId: "ds1" });
    expect(issuesOf(doc).map((i) => i.message)).toContain("program.dataSourceMissing");
    doc.dataSources.push({
      id: "ds1",
      name: "Prices",
      format: "json",
      kind: "url",
      url: "https://example.com/prices.json",
      rowsPath: "items",
      rows: [],
      refreshSec: 60,
    });
    expect(issuesOf(doc)).toEqual([]);
    const bound = withProps("text", { binding: { dataSourceId: "nope", field: "a", row: 0 } });
    expect(issuesOf(bound).map((i) => i.message)).toContain("program.dataSourceMissing");
  });

  it("an address data source needs its address", () => {
    const doc = createProgram({ width: 100, height: 100 });
    doc.dataSources.push({
      id: "d",
      name: "x",
      format: "csv",
      kind: "url",
      url: null,
      rowsPath: "",
      rows: [],
      refreshSec: 60,
    });
    expect(issuesOf(doc).map((i) => i.message)).toContain("program.urlRequired");
  });

  it("ids are unique, and a program has a main scene", () => {
    const doc = programWith(["text", "image"]);
    const scene = doc.scenes[0] as Scene;
    (scene.widgets[1] as { id: string }).id = (scene.widgets[0] as { id: string }).id;
    expect(issuesOf(doc).map((i) => i.message)).toContain("program.idDuplicate");
    const popupOnly = createProgram({ width: 100, height: 100 });
    (popupOnly.scenes[0] as { kind: string }).kind = "popup";
    expect(issuesOf(popupOnly).map((i) => i.message)).toContain("program.mainSceneRequired");
    expect(issuesOf({ ...popupOnly, scenes: [] }).map((i) => i.message)).toContain("program.sceneRequired");
  });

  it("canvas size is bounded and presets are recognised", () => {
    expect(
      issuesOf({ ...createProgram({ width: 1920, height: 1080 }), width: 10 }).map((i) => i.path),
    ).toContain("width");
    expect(presetOf(1080, 1920)).toBe("portraitFhd");
    expect(presetOf(1000, 1000)).toBe("custom");
  });
});

describe("helpers", () => {
  it("materialIdsOf collects backgrounds and media of every scene, once each", () => {
    const doc = programWith(["image", "carousel", "video", "text"]);
    const ws = (doc.scenes[0] as Scene).widgets as Array<{ props: Record<string, unknown> }>;
    (ws[0] as { props: Record<string, unknown> }).props.materialId = 1;
    (ws[1] as { props: Record<string, unknown> }).props.materialIds = [2, 3, 1];
    (ws[2] as { props: Record<string, unknown> }).props.materialId = 4;
    (doc.scenes[0] as { background: unknown }).background = {
      kind: "image",
      materialId: 5,
      fit: "cover",
      color: "#000",
    };
    expect(materialIdsOf(doc).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("paint order follows z, then the array order", () => {
    const doc = createProgram({ width: 100, height: 100 });
    const a = createWidget("text", doc, { z: 2 });
    const b = createWidget("text", doc, { z: 1 });
    const c = createWidget("text", doc, { z: 1 });
    const scene = { ...(doc.scenes[0] as Scene), widgets: [a, b, c] };
    expect(paintOrder(scene).map((w) => w.id)).toEqual([b.id, c.id, a.id]);
  });

  it("new widgets are centred with the catalogue's share of the canvas", () => {
    const w = createWidget("image", { width: 1000, height: 500 });
    expect(w).toMatchObject({ w: 300, h: 150, x: 350, y: 175, rotation: 0, locked: false, hidden: false });
  });
});
