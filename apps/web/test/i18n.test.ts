import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { LOCALES, MENU_SEED, ROUTE_TITLES } from "@marquee/contracts";
import i18next from "i18next";
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
const FIXED = new Set(["common.actionDenied", "session.expired", "layout.noAccess"]);
/** Words that are the same in English and that language. */
const SAME_WORD: Record<string, string[]> = {
  it: ["session.password"],
  fr: ["common.version", "publishMessage.list.reach_one", "pay.terminals_one"],
};

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix: `x_one`, `x_few` and `x_other` are the message `x`. */
const base = (key: string) => key.replace(PLURAL, "");
/** The plural forms a language needs (CLDR, as i18next picks them): en one/other, ru one/few/many/other, zh other. */
const formsOf = (locale: string) =>
  new Intl.PluralRules(locale.replace("_", "-")).resolvedOptions().pluralCategories.slice().sort();
/**
 * A catalogue's keys with each plural message written once, `x_{forms}`:
 * English's `x_one, x_other` and Russian's `x_few, x_many, x_one, x_other`
 * both give `x`, and the forms are compared with the language's own.
 */
function shape(flat: Record<string, string>) {
  const plain: string[] = [];
  const plurals = new Map<string, string[]>();
  for (const key of Object.keys(flat)) {
    const m = PLURAL.exec(key);
    if (m?.[1]) plurals.set(base(key), [...(plurals.get(base(key)) ?? []), m[1]].sort());
    else plain.push(key);
  }
  return { plain: plain.sort(), plurals };
}

describe("console translations", () => {
  const source = flatten(en);
  const english = shape(source);
  /** The English text of a key, for its placeholders: a plural form takes its message's `_other`. */
  const sourceText = (key: string) => source[key] ?? source[`${base(key)}_other`] ?? "";

  it.each(LOCALES)("%s has every key of English, non-empty, with the same placeholders", (locale) => {
    const flat = flatten(CATALOGUES[locale]);
    const own = shape(flat);
    expect(own.plain).toEqual(english.plain);
    expect([...own.plurals.keys()].sort()).toEqual([...english.plurals.keys()].sort());
    const forms = formsOf(locale);
    for (const [key, have] of own.plurals) expect(have, `${locale} ${key}`).toEqual(forms);
    for (const [key, text] of Object.entries(flat)) {
      expect(text.trim(), `${locale} ${key}`).not.toBe("");
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(sourceText(key)));
    }
  });

  it("writes every count as a plural message", () => {
    for (const locale of LOCALES) {
      const flat = flatten(CATALOGUES[locale]);
      const counted = Object.keys(flat).filter((k) => flat[k]?.includes("{{count}}") && !PLURAL.test(k));
      expect(counted, locale).toEqual([]);
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
      expect(flat["session.expired"]).toBe("登录已失效，请重新登录");
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

describe("counts follow each language's plural rules", () => {
  /** The console's catalogues under the console's language codes, as src/locales loads them. */
  const i18n = i18next.createInstance();
  void i18n.init({
    initAsync: false,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      Object.entries(CATALOGUES).map(([locale, catalogue]) => [locale, { translation: catalogue }]),
    ),
  });
  it("English: 1 material, 2 materials", () => {
    const t = i18n.getFixedT("en");
    expect(t("material.review.approved", { count: 1 })).toBe("Approved 1 material");
    expect(t("material.review.approved", { count: 2 })).toBe("Approved 2 materials");
    expect(t("home.storage.seatsUnlimited", { count: 1 })).toBe("1 terminal authorised, no quota");
    expect(t("home.storage.seatsUnlimited", { count: 2 })).toBe("2 terminals authorised, no quota");
  });

  it("Russian: 1, 2 and 5 take their own forms", () => {
    const t = i18n.getFixedT("ru");
    expect([1, 2, 5, 21].map((count) => t("material.review.approved", { count }))).toEqual([
      "Одобрен 1 материал",
      "Одобрены 2 материала",
      "Одобрено 5 материалов",
      "Одобрен 21 материал",
    ]);
    expect([1, 2, 5].map((count) => t("sync.chosen", { count }))).toEqual([
      "Выбран 1 терминал",
      "Выбрано 2 терминала",
      "Выбрано 5 терминалов",
    ]);
    expect([1, 3, 11].map((count) => t("office.agents.daysLeft", { count }))).toEqual([
      "Остался 1 день",
      "Осталось 3 дня",
      "Осталось 11 дней",
    ]);
  });

  it("Chinese has one form for every count", () => {
    const t = i18n.getFixedT("zh_CN");
    expect(t("material.review.approved", { count: 1 })).toBe("已通过 1 个素材");
    expect(t("material.review.approved", { count: 5 })).toBe("已通过 5 个素材");
  });
});
