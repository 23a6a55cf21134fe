/**
 * Choices the panel offers where the schema takes free text: font families,
 * time zones and currency codes. Generic families are named in the operator's
 * language (their keys are in editorPanels.fonts); the others by their name.
 */

/** Font families offered, generic families first; the CJK faces are what Debian screens ship (fonts-noto-cjk). */
export const FONT_FAMILIES = [
  "sans-serif",
  "serif",
  "monospace",
  "Noto Sans CJK SC",
  "Noto Serif CJK SC",
  "Arial",
  "Helvetica",
  "Verdana",
  "Tahoma",
  "Trebuchet MS",
  "Georgia",
  "Times New Roman",
  "Courier New",
  "Microsoft YaHei",
  "PingFang SC",
  "SimSun",
  "SimHei",
  "KaiTi",
] as const;

/** The message key naming a generic family, or null for a named face. */
export function genericFontKey(family: string): string | null {
  if (family === "sans-serif") return "editorPanels.fonts.sansSerif";
  if (family === "serif") return "editorPanels.fonts.serif";
  if (family === "monospace") return "editorPanels.fonts.monospace";
  return null;
}

/** The families to offer for a field: the list, plus the stored value when it is another one. */
export function fontChoices(current: string): string[] {
  const list: string[] = [...FONT_FAMILIES];
  return current && !list.includes(current) ? [current, ...list] : list;
}

/** Zones offered when the browser cannot list its own. */
export const COMMON_TIME_ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Paris",
  "Europe/Rome",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Moscow",
  "Europe/Istanbul",
  "Africa/Cairo",
  "Africa/Johannesburg",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Bangkok",
  "Asia/Singapore",
  "Asia/Shanghai",
  "Asia/Hong_Kong",
  "Asia/Taipei",
  "Asia/Tokyo",
  "Asia/Seoul",
  "Australia/Sydney",
  "Pacific/Auckland",
  "America/Sao_Paulo",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
];

/** IANA zones to offer: the browser's full list when it has one, else the common ones; always with UTC. */
export function timeZoneChoices(
  supported: ((key: "timeZone") => string[]) | null = typeof Intl.supportedValuesOf === "function"
    ? Intl.supportedValuesOf
    : null,
): string[] {
  let zones: string[] = [];
  try {
    zones = supported ? supported("timeZone") : [];
  } catch {
    zones = [];
  }
  if (zones.length === 0) zones = COMMON_TIME_ZONES.slice(1);
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/** Currencies offered for exchange rates (ISO 4217). */
export const CURRENCIES = [
  "EUR",
  "USD",
  "CNY",
  "HKD",
  "TWD",
  "JPY",
  "KRW",
  "GBP",
  "CHF",
  "RUB",
  "CAD",
  "AUD",
  "NZD",
  "SGD",
  "INR",
  "BRL",
  "MXN",
  "ZAR",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "HUF",
  "TRY",
  "AED",
  "SAR",
  "THB",
  "MYR",
  "IDR",
  "PHP",
] as const;

/** BCP 47 tags of the console languages, for Intl. */
const LANG_TAGS: Record<string, string> = {
  zh_CN: "zh-CN",
  zh_TW: "zh-TW",
  en: "en",
  it: "it",
  ru: "ru",
  fr: "fr",
};

/** "USD · US Dollar" in the operator's language, or just the code when Intl cannot name it. */
export function currencyLabel(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([LANG_TAGS[language] ?? "en"], { type: "currency" }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}
