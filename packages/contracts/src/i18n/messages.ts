import { interpolate, type Locale } from "./locales";
import { en, type MessageCatalogue, type MessageKey } from "./messages.en";
import { fr } from "./messages.fr";
import { it } from "./messages.it";
import { ru } from "./messages.ru";
import { zh_CN } from "./messages.zh_CN";
import { zh_TW } from "./messages.zh_TW";

export type { MessageCatalogue, MessageKey };

/** Server messages in every console language. */
export const MESSAGES: Record<Locale, MessageCatalogue> = { zh_CN, zh_TW, en, it, ru, fr };

/** The message `key` in `locale`, with `{{placeholders}}` filled in. */
export function translate(locale: Locale, key: MessageKey, values?: Record<string, string | number>): string {
  return interpolate(MESSAGES[locale][key] ?? en[key], values);
}
