/**
 * The player's own few strings in the six languages of the console. A screen
 * has no console i18n and nobody to pick a language, so the browser's
 * language decides, falling back to English.
 */

import en from "./locales/en";
import fr from "./locales/fr";
import it from "./locales/it";
import ru from "./locales/ru";
import zh_CN from "./locales/zh_CN";
import zh_TW from "./locales/zh_TW";

/** A key of the player's strings. */
export type PlayerKey = keyof typeof en;
type Dictionary = Record<PlayerKey, string>;

/** The languages of the console, in the order it lists them. */
export const PLAYER_LANGUAGES = ["zh_CN", "zh_TW", "en", "it", "ru", "fr"] as const;
/** One of the six languages. */
export type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number];

/** Every string in every language (one file each in locales/); a test checks they hold the same keys and placeholders. */
export const PLAYER_MESSAGES: Record<PlayerLanguage, Dictionary> = { zh_CN, zh_TW, en, it, ru, fr };

/**
 * The first of the browser's languages the player speaks ("zh-TW", "zh-Hant",
 * "zh-HK" → zh_TW; other Chinese → zh_CN; "fr-CA" → fr…), else English.
 */
export function pickLanguage(browserLanguages: readonly string[]): PlayerLanguage {
  for (const raw of browserLanguages) {
    const tag = raw.toLowerCase().replace(/_/g, "-");
    const [base] = tag.split("-");
    if (base === "zh")
      return /-(tw|hk|mo|hant)(-|$)/.test(tag) && !/-hans(-|$)/.test(tag) ? "zh_TW" : "zh_CN";
    if (base === "en" || base === "it" || base === "ru" || base === "fr") return base;
  }
  return "en";
}

/** A string in a language with its {{placeholders}} filled. */
export function t(lang: PlayerLanguage, key: PlayerKey, vars: Record<string, string | number> = {}): string {
  const text = PLAYER_MESSAGES[lang][key] ?? en[key];
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * How the screen names itself in a corner of its idle and enrolment screens: the name an operator gave it,
 * as its last manifest says (a rename arrives with the next sync), with its number; else its number alone.
 */
export function screenLabel(
  lang: PlayerLanguage,
  terminalId: number | null,
  terminalName?: string,
): string | null {
  if (!terminalId) return null;
  const name = terminalName?.trim();
  return name ? `${name} (#${terminalId})` : t(lang, "screenId", { id: terminalId });
}
