import { WIDGET_SPECS, WIDGET_TYPES } from "@marquee/program";
import { describe, expect, it } from "vitest";
import { WIDGET_ICONS } from "../src/features/widget/icons";
import {
  checkWidgetImage,
  errorsByProp,
  parseDefaults,
  prettyDefaults,
  WIDGET_CATEGORIES,
  WIDGET_IMAGE_MAX_BYTES,
} from "../src/features/widget/rules";
import en from "../src/locales/en";

describe("widget management", () => {
  it("has an icon, a name and a description for every widget type, and every category", () => {
    for (const type of WIDGET_TYPES) {
      expect(WIDGET_ICONS[WIDGET_SPECS[type].icon], type).toBeDefined();
      expect(en.widget.types[type], type).toBeTruthy();
      expect(en.widget.descriptions[type], type).toBeTruthy();
      expect(WIDGET_CATEGORIES, type).toContain(WIDGET_SPECS[type].category);
    }
    for (const c of WIDGET_CATEGORIES) expect(en.widget.categories[c], c).toBeTruthy();
  });
  it("reads the defaults editor's text as one JSON object", () => {
    const defaults = WIDGET_SPECS.clock.defaults();
    expect(parseDefaults(prettyDefaults(defaults))).toEqual({ ok: true, value: defaults });
    expect(parseDefaults("{ fontSize: 3 }")).toEqual({ ok: false, reason: "json" });
    expect(parseDefaults("[]")).toEqual({ ok: false, reason: "object" });
    expect(parseDefaults("42")).toEqual({ ok: false, reason: "object" });
    expect(parseDefaults("{}")).toEqual({ ok: true, value: {} });
  });
  it("groups the server's field errors by prop", () => {
    expect(
      errorsByProp([
        { field: "defaults.fontSize", message: "too big" },
        { field: "fontSize", message: "not whole" },
        { field: "defaults.color", message: "bad colour" },
        { field: "defaults", message: "unknown key" },
      ]),
    ).toEqual([
      { prop: "fontSize", messages: ["too big", "not whole"] },
      { prop: "color", messages: ["bad colour"] },
      { prop: "", messages: ["unknown key"] },
    ]);
  });
  it("checks a palette image before upload", () => {
    expect(checkWidgetImage({ size: 1000, type: "image/png" })).toBeNull();
    expect(checkWidgetImage({ size: 0, type: "image/png" })).toBe("empty");
    expect(checkWidgetImage({ size: 1000, type: "image/svg+xml" })).toBe("type");
    expect(checkWidgetImage({ size: 1000, type: "video/mp4" })).toBe("type");
    expect(checkWidgetImage({ size: WIDGET_IMAGE_MAX_BYTES + 1, type: "image/webp" })).toBe("tooLarge");
  });
});
