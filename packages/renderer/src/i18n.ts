/**
 * The renderer's own few strings, in the six languages of the console. They
 * live here rather than in the console's locale files because the web player
 * on a screen draws them too, without the console's i18n.
 */
import en from "./locales/en";
import fr from "./locales/fr";
import it from "./locales/it";
import ru from "./locales/ru";
import zh_CN from "./locales/zh_CN";
import zh_TW from "./locales/zh_TW";

/** A key of the renderer's strings. */
export type RtKey = keyof typeof en;

/** Every language of the renderer, by the console's locale names (one file each in locales/). */
export const RENDERER_MESSAGES: Record<string, Record<RtKey, string>> = { zh_CN, zh_TW, en, it, ru, fr };

/** The BCP 47 tag of a console locale (zh_CN → zh-CN), for Intl; unknown locales fall back to English. */
export function localeTag(locale: string): string {
  return locale in RENDERER_MESSAGES ? locale.replace("_", "-") : "en";
}

/** A renderer string in a locale (English when the locale is unknown), with {{name}} placeholders filled. */
export function rt(locale: string, key: RtKey, vars?: Record<string, string | number>): string {
  const text = (RENDERER_MESSAGES[locale] ?? en)[key];
  return vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
}
