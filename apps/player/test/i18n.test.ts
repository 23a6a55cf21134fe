import { describe, expect, it } from "vitest";
import { PLAYER_LANGUAGES, PLAYER_MESSAGES, pickLanguage, screenLabel, t } from "../src/i18n";

/** Words that are the same in English and that language (not copies). */
const SAME_WORD: Record<string, string[]> = {
  it: ["server", "diagCache"],
  fr: ["diagTerminal", "diagCache", "diagVersion"],
};
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("player strings", () => {
  const en = PLAYER_MESSAGES.en;
  it("has the six languages with the same keys and placeholders", () => {
    expect(Object.keys(PLAYER_MESSAGES).sort()).toEqual([...PLAYER_LANGUAGES].sort());
    for (const lang of PLAYER_LANGUAGES) {
      const dict = PLAYER_MESSAGES[lang];
      expect(Object.keys(dict).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim(), `${lang}.${key}`).not.toBe("");
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    }
  });

  it("writes placeholders as {{name}}, never {name}", () => {
    for (const lang of PLAYER_LANGUAGES)
      for (const [key, text] of Object.entries(PLAYER_MESSAGES[lang]))
        expect(text.replace(/\{\{\w+\}\}/g, ""), `${lang}.${key}`).not.toMatch(/[{}]/);
  });

  it("translates rather than copying English", () => {
    for (const lang of PLAYER_LANGUAGES) {
      if (lang === "en") continue;
      for (const [key, text] of Object.entries(PLAYER_MESSAGES[lang]))
        if (!SAME_WORD[lang]?.includes(key))
          expect(text, `${lang}.${key}`).not.toBe(en[key as keyof typeof en]);
    }
  });

  it("picks the browser's language, else English", () => {
    expect(pickLanguage(["fr-CA", "en"])).toBe("fr");
    expect(pickLanguage(["zh-TW"])).toBe("zh_TW");
    expect(pickLanguage(["zh-Hant-HK"])).toBe("zh_TW");
    expect(pickLanguage(["zh-HK"])).toBe("zh_TW");
    expect(pickLanguage(["zh-Hans-HK"])).toBe("zh_CN");
    expect(pickLanguage(["zh"])).toBe("zh_CN");
    expect(pickLanguage(["zh_CN"])).toBe("zh_CN");
    expect(pickLanguage(["de-DE", "ru-RU"])).toBe("ru");
    expect(pickLanguage(["de"])).toBe("en");
    expect(pickLanguage([])).toBe("en");
  });

  it("fills placeholders", () => {
    expect(t("en", "screenId", { id: 12 })).toBe("Screen 12");
    expect(t("fr", "downloadProgress", { done: 1, total: 3 })).toBe("Fichiers : 1 / 3");
    expect(t("en", "screenId")).toBe("Screen {{id}}");
  });

  it("names the screen by the name an operator gave it, else by its number", () => {
    expect(screenLabel("en", 12, "Lobby left")).toBe("Lobby left (#12)");
    expect(screenLabel("fr", 12, "")).toBe("Écran 12");
    expect(screenLabel("en", 12)).toBe("Screen 12");
    expect(screenLabel("en", null, "Lobby")).toBeNull();
  });
});
