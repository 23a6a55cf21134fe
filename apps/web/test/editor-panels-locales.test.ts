import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  BUTTON_ACTIONS,
  CANVAS_PRESETS,
  DEFAULT_BUTTON_KINDS,
  FIT_MODES,
  TRANSITIONS,
} from "@marquee/program";
import { describe, expect, it } from "vitest";
import en from "../src/locales/en/editorPanels";
import fr from "../src/locales/fr/editorPanels";
import it_ from "../src/locales/it/editorPanels";
import ru from "../src/locales/ru/editorPanels";
import zh_CN from "../src/locales/zh_CN/editorPanels";
import zh_TW from "../src/locales/zh_TW/editorPanels";
import { flattenMessages } from "./plural-keys";

const CATALOGUES = { zh_CN, zh_TW, en, it: it_, ru, fr };

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const source = flattenMessages(en);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("editor panel translations", () => {
  it.each(Object.keys(CATALOGUES))(
    "%s has every key of English with the same placeholders, translated",
    (locale) => {
      const flat = flattenMessages(CATALOGUES[locale as keyof typeof CATALOGUES]);
      expect(Object.keys(flat).sort()).toEqual(Object.keys(source).sort());
      for (const [key, text] of Object.entries(flat)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(source[key] ?? ""));
        if (locale !== "en" && text.length > 3)
          expect(text, `${locale} ${key} copies English`).not.toBe(source[key]);
      }
    },
  );

  it("has every key the panels use", () => {
    const dir = join(__dirname, "../src/editor/panels");
    const used = new Set<string>();
    for (const file of sourceFiles(dir))
      for (const m of readFileSync(file, "utf8").matchAll(/["`]editorPanels\.([A-Za-z0-9_.]+)["`]/g))
        used.add(m[1] as string);
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => source[k] === undefined)).toEqual([]);
  });

  it("names every option the panels build keys for", () => {
    const need = [
      ...FIT_MODES.map((f) => `fit.${f}`),
      ...TRANSITIONS.map((t) => `transitions.${t}`),
      ...BUTTON_ACTIONS.flatMap((a) => [`button.actions.${a}`, `button.hints.${a}`]),
      ...DEFAULT_BUTTON_KINDS.flatMap((k) => [`defaultButtons.${k}`, `defaultButtons.${k}Hint`]),
      ...CANVAS_PRESETS.map((p) => `canvas.presets.${p.key}`),
      ...["image", "video", "audio", "document", "web", "stream"].map((k) => `material.kinds.${k}`),
      ...["color", "image", "video"].map((k) => `background.kinds.${k}`),
      ...["left", "right", "up", "down"].map((d) => `directions.${d}`),
      ...["left", "center", "right", "justify", "top", "middle", "bottom"].map((a) => `align.${a}`),
      ...["L", "M", "Q", "H"].map((l) => `qrcode.levels.${l}`),
      ...["dhms", "hms", "days"].map((u) => `countdown.unitOptions.${u}`),
      ...["full", "long", "medium", "short"].map((s) => `time.dateStyles.${s}`),
      ...["digital", "analog"].map((s) => `time.clockStyles.${s}`),
      ...["metric", "imperial"].map((u) => `weather.unitOptions.${u}`),
      ...["none", "fade", "slide"].map((e) => `carousel.effects.${e}`),
      ...["main", "popup"].map((k) => `scene.kinds.${k}`),
      ...["fixed", "media"].map((m) => `scene.durationModes.${m}`),
      ...["url", "inline"].map((k) => `dataSources.kinds.${k}`),
      ...["library", "address"].map((s) => `media.sources.${s}`),
      ...["web", "stream"].map((k) => `media.address.${k}`),
      ...[
        "jsonInvalid",
        "noRows",
        "colorInvalid",
        "urlInvalid",
        "urlRequired",
        "currencyInvalid",
        "idInvalid",
      ].map((e) => `errors.${e}`),
      ...["invalid", "min", "max", "tooShort", "tooLong", "tooFew", "tooMany", "integer", "dateInvalid"].map(
        (e) => `errors.${e}`,
      ),
      "canvas.widthShort",
      "canvas.heightShort",
      "fields.w",
      "fields.h",
      "fields.locked",
      "fields.hidden",
    ];
    expect(need.filter((k) => source[k] === undefined)).toEqual([]);
  });
});
