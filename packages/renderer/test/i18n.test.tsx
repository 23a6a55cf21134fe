import { describe, expect, it } from "vitest";
import { localeTag, RENDERER_MESSAGES, rt } from "../src";

const LANGUAGES = ["zh_CN", "zh_TW", "en", "it", "ru", "fr"];

describe("the renderer's strings", () => {
  const en = RENDERER_MESSAGES.en as Record<string, string>;

  it("exist in the six languages, each with every key, none empty", () => {
    expect(Object.keys(RENDERER_MESSAGES).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      const messages = RENDERER_MESSAGES[lang] as Record<string, string>;
      expect(Object.keys(messages).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(messages)) expect(text.trim(), `${lang}.${key}`).not.toBe("");
    }
  });

  it("keep the placeholders of English", () => {
    const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES)
      for (const [key, text] of Object.entries(en))
        expect(
          names((RENDERER_MESSAGES[lang] as Record<string, string>)[key] ?? ""),
          `${lang}.${key}`,
        ).toEqual(names(text));
  });

  it("write placeholders as {{name}}, never {name}", () => {
    for (const lang of LANGUAGES)
      for (const [key, text] of Object.entries(RENDERER_MESSAGES[lang] as Record<string, string>))
        expect(text.replace(/\{\{\w+\}\}/g, ""), `${lang}.${key}`).not.toMatch(/[{}]/);
  });

  it("are translated, not copied from English (beyond unit symbols shared by several languages)", () => {
    const shared = new Set(["unitHour", "unitSecond", "unitMinute"]);
    for (const lang of LANGUAGES.filter((l) => l !== "en"))
      for (const [key, text] of Object.entries(en))
        if (!shared.has(key))
          expect((RENDERER_MESSAGES[lang] as Record<string, string>)[key], `${lang}.${key}`).not.toBe(text);
  });

  it("fill placeholders and fall back to English for an unknown locale", () => {
    expect(rt("fr", "badTimezone", { zone: "Mars/Base" })).toBe("Fuseau horaire inconnu : Mars/Base");
    expect(rt("de", "noData")).toBe("No data");
  });

  it("map the console's locales to BCP 47 tags for Intl", () => {
    expect(LANGUAGES.map(localeTag)).toEqual(["zh-CN", "zh-TW", "en", "it", "ru", "fr"]);
    expect(localeTag("xx_YY")).toBe("en");
  });
});
