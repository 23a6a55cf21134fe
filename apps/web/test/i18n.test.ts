import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { LOCALES, MENU_SEED, ROUTE_TITLES } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { MENU_ICONS } from "../src/layouts/icons";
import en from "../src/locales/en";
import fr from "../src/locales/fr";
import it_ from "../src/locales/it";
import ru from "../src/locales/ru";
import zh_CN from "../src/locales/zh_CN";
import zh_TW from "../src/locales/zh_TW";

const CATALOGUES = { zh_CN, zh_TW, en, it: it_, ru, fr };

function flatten(obj: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === "object" && v !== null) Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Strings the spec gives in Chinese for every language, and the language names. */
const FIXED = new Set(["common.actionDenied", "login.expired", "layout.noAccess"]);
/** Words that are the same in English and that language. */
const SAME_WORD: Record<string, string[]> = { it: ["login.password"], fr: ["common.version"] };

describe("console translations", () => {
  const source = flatten(en);

  it.each(LOCALES)("%s has every key of English, non-empty, with the same placeholders", (locale) => {
    const flat = flatten(CATALOGUES[locale]);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(source).sort());
    for (const [key, text] of Object.entries(flat)) {
      expect(text.trim(), `${locale} ${key}`).not.toBe("");
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(source[key] ?? ""));
    }
  });

  it("has every key the console's code asks for by name", () => {
    const src = path.join(import.meta.dirname, "../src");
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = path.join(dir, n);
        if (statSync(p).isDirectory()) return n === "locales" ? [] : files(p);
        return /\.tsx?$/.test(n) ? [p] : [];
      });
    const missing: string[] = [];
    for (const file of files(src)) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([A-Za-z][\w]*(?:\.[\w]+)+)"/g)) {
        const key = m[1] ?? "";
        // Route titles join the catalogue from the contracts' ROUTE_TITLES when the console starts.
        if (key.startsWith("routes.")) {
          if (!(key.slice("routes.".length) in ROUTE_TITLES))
            missing.push(`${path.relative(src, file)}: ${key}`);
          continue;
        }
        // A plural key is asked for by its stem.
        if (!(key in source) && !Object.keys(source).some((k) => k.startsWith(`${key}_`)))
          missing.push(`${path.relative(src, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("translates rather than copies English", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const flat = flatten(CATALOGUES[locale]);
      const copied = Object.entries(flat).filter(
        ([k, v]) =>
          v === source[k] &&
          !FIXED.has(k) &&
          !SAME_WORD[locale]?.includes(k) &&
          !k.startsWith("common.languages.") &&
          v.length > 3,
      );
      expect(
        copied.map(([k]) => k),
        locale,
      ).toEqual([]);
    }
  });

  it("keeps the spec's fixed Chinese messages", () => {
    for (const locale of LOCALES) {
      const flat = flatten(CATALOGUES[locale]);
      expect(flat["login.expired"]).toBe("登录已失效，请重新登录");
      expect(flat["common.actionDenied"]).toBe("对不起，您没有操作权限：{{name}}");
    }
  });

  it("has a title for every route in every language, and an icon for every menu entry", () => {
    const walk = (nodes: typeof MENU_SEED): void => {
      for (const n of nodes) {
        for (const l of LOCALES) expect(ROUTE_TITLES[n.name]?.[l], `${n.name} ${l}`).toBeTruthy();
        if (n.icon) expect(MENU_ICONS[n.icon], n.icon).toBeDefined();
        walk(n.children ?? []);
      }
    };
    walk(MENU_SEED);
  });
});
