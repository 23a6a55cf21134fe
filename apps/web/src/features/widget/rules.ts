import type { WidgetCategory } from "@marquee/program";

/** Categories in the order the catalogue shows them (the editor's palette uses the same order). */
export const WIDGET_CATEGORIES: readonly WidgetCategory[] = ["basic", "media", "data", "interactive"];

/** The textarea's text for a type's defaults. */
export const prettyDefaults = (defaults: Record<string, unknown>) => JSON.stringify(defaults, null, 2);

/** What the defaults editor's text is. */
export type DefaultsText =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: "json" | "object" };

/** Reads the defaults editor's text: it must be JSON, and a JSON object (the props of one widget). */
export function parseDefaults(text: string): DefaultsText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "json" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, reason: "object" };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The server's field errors of a refused save, grouped by prop: "defaults.fontSize" and
 * "fontSize" both name the prop fontSize; an error without a prop is listed under "".
 */
export function errorsByProp(
  errors: ReadonlyArray<{ field: string; message: string }>,
): Array<{ prop: string; messages: string[] }> {
  const groups = new Map<string, string[]>();
  for (const e of errors) {
    const prop = e.field.replace(/^defaults\.?/, "");
    groups.set(prop, [...(groups.get(prop) ?? []), e.message]);
  }
  return [...groups].map(([prop, messages]) => ({ prop, messages }));
}

/** Largest palette image: it is drawn at 32 px, so a few hundred KB is already generous. */
export const WIDGET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Image types a palette image may be (the server checks the bytes). */
export const WIDGET_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Why a chosen palette image is refused before upload, or null. */
export function checkWidgetImage(file: { size: number; type: string }): "empty" | "type" | "tooLarge" | null {
  if (file.size <= 0) return "empty";
  if (!(WIDGET_IMAGE_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > WIDGET_IMAGE_MAX_BYTES) return "tooLarge";
  return null;
}
