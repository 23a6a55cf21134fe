import { SETTING_GROUPS, type SettingGroup, type SettingType, UPLOAD_LIMIT_OFF_MB } from "@marquee/contracts";

/** What the server shows instead of the saved SMTP password; sent back unchanged, it keeps the password. */
export const SECRET_MASK = "********";

/** The definitions in screen order, per group (groups with no key left out). */
export function groupTypes(
  types: Record<string, SettingType>,
): Array<{ group: SettingGroup; types: SettingType[] }> {
  const sorted = Object.values(types).sort((a, b) => a.order - b.order);
  return SETTING_GROUPS.map((group) => ({ group, types: sorted.filter((s) => s.group === group) })).filter(
    (g) => g.types.length > 0,
  );
}

/** Deep equality of JSON values (what a setting holds). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Errors of one setting: its own (a scalar's, keyed "body" or "value" by the server) and its fields'. */
export interface SettingErrors {
  own: string | null;
  fields: Record<string, string>;
}

/** Sorts a saveKey refusal's field errors into the setting's own message and its sub-fields' (password policy, SMTP). */
export function settingErrors(
  errors: ReadonlyArray<{ field: string; message: string }>,
  fallback: string,
): SettingErrors {
  const out: SettingErrors = { own: null, fields: {} };
  for (const e of errors) {
    if (e.field === "body" || e.field === "value" || e.field === "key" || e.field === "") {
      out.own ??= e.message;
    } else {
      const field = e.field.replace(/^value\./, "");
      out.fields[field] ??= e.message;
    }
  }
  if (!out.own && Object.keys(out.fields).length === 0) out.own = fallback;
  return out;
}

/** A switch's value: booleans, or the "true"/"false" strings of capacitySetting. */
export function switchOn(value: unknown): boolean {
  return value === true || value === "true";
}
export function switchValue(on: boolean, type: SettingType): boolean | string {
  return typeof type.default === "string" ? String(on) : on;
}

/** The upload limit in force (spec §5, §9): the set size while the limit is on, else 10240 MB. */
export function effectiveUploadLimitMb(open: unknown, size: unknown): number {
  return switchOn(open) && typeof size === "number" ? size : UPLOAD_LIMIT_OFF_MB;
}

/** Whether a setting is in use given the current values (activeWhen). */
export function isActive(type: SettingType, values: Record<string, unknown>): boolean {
  if (!type.activeWhen) return true;
  const v = values[type.activeWhen.key];
  return typeof type.activeWhen.equals === "boolean"
    ? switchOn(v) === type.activeWhen.equals
    : v === type.activeWhen.equals;
}

/** The bounds of a number setting (or of one field of an object setting) from its JSON Schema. */
export function numberBounds(
  schema: Record<string, unknown>,
  field?: string,
): { min?: number; max?: number } {
  const s = field
    ? ((schema.properties as Record<string, Record<string, unknown>> | undefined)?.[field] ?? {})
    : schema;
  return {
    min: typeof s.minimum === "number" ? s.minimum : undefined,
    max: typeof s.maximum === "number" ? s.maximum : undefined,
  };
}

/** The largest length of a text setting, from its JSON Schema (the longest branch of a union). */
export function maxLengthOf(schema: Record<string, unknown>): number | undefined {
  if (typeof schema.maxLength === "number") return schema.maxLength;
  const branches = (schema.anyOf as Array<Record<string, unknown>> | undefined) ?? [];
  const lengths = branches.map((b) => b.maxLength).filter((n): n is number => typeof n === "number");
  return lengths.length ? Math.max(...lengths) : undefined;
}

/** The SMTP fields as the form edits them (null: mail off). */
export interface SmtpForm {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  from: string;
}

export const EMPTY_SMTP: SmtpForm = {
  host: "",
  port: 587,
  secure: false,
  username: "",
  password: "",
  from: "",
};
