import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ContentHistoryEntry } from "@marquee/contracts";
import { TIERS } from "@marquee/schedule";
import { describe, expect, it } from "vitest";
import en from "../src/locales/en/playPlan";
import fr from "../src/locales/fr/playPlan";
import it_ from "../src/locales/it/playPlan";
import ru from "../src/locales/ru/playPlan";
import zh_CN from "../src/locales/zh_CN/playPlan";
import zh_TW from "../src/locales/zh_TW/playPlan";
import { flattenMessages } from "./plural-keys";

const CATALOGUES = { zh_CN, zh_TW, en, it: it_, ru, fr };

const source = flattenMessages(en);
const DIR = join(import.meta.dirname, "../src/features/playPlan");
const code = readdirSync(DIR)
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => readFileSync(join(DIR, f), "utf8"))
  .join("\n");

describe("plan translations", () => {
  it.each(Object.entries(CATALOGUES))("%s has exactly the keys of English", (_, catalogue) => {
    expect(Object.keys(flattenMessages(catalogue)).sort()).toEqual(Object.keys(source).sort());
  });

  it("has every key the plan screens ask for", () => {
    const used = [...code.matchAll(/t\("playPlan\.([\w.]+)"/g)].map((m) => m[1] as string);
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((k) => !(k in source))).toEqual([]);
  });

  it("has the keys the screens build: tiers, weekdays, modes, history events, version choices, model messages", () => {
    const built = [
      ...TIERS.map((t) => `tiers.${t}`),
      ...[1, 2, 3, 4, 5, 6, 7].flatMap((d) => [`weekdays.short.${d}`, `weekdays.long.${d}`]),
      ...["every", "workdays", "weekend"].map((k) => `weekdays.${k}`),
      ...["loop", "times", "interval"].map((k) => `mode.${k}Help`),
      ...ContentHistoryEntry.shape.event.options.map((e) => `history.events.${e}`),
      ...["load", "copy", "overwrite"].map((k) => `conflict.${k}`),
      ...[
        "dateInvalid",
        "timeInvalid",
        "idInvalid",
        "weekdaysRequired",
        "weekdaysDuplicate",
        "windowsRequired",
        "endBeforeStart",
        "idDuplicate",
      ].map((k) => `validation.${k}`),
    ];
    expect(built.filter((k) => !(k in source))).toEqual([]);
  });
});
