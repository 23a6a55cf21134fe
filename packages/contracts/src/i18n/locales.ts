/** The six console languages; the cookie value is the key (spec §1). */
export const LOCALES = ["zh_CN", "zh_TW", "en", "it", "ru", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh_CN";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale named by a cookie value, or the default. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Replaces `{{name}}` placeholders with values. */
export function interpolate(template: string, values?: Record<string, string | number>): string {
  if (!values) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * Texts kept under one key prefix, with the keys typed:
 * `prefixed("terminal.reason", { offline: "…" })` is `{ "terminal.reason.offline": "…" }`.
 */
export function prefixed<P extends string, T extends Record<string, string>>(
  prefix: P,
  texts: T,
): { [K in keyof T & string as `${P}.${K}`]: T[K] } {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${prefix}.${key}`, text])) as {
    [K in keyof T & string as `${P}.${K}`]: T[K];
  };
}
