import { HttpError } from "../../services/http";

/**
 * Where a refused save's words go: onto the form fields the server named
 * ("labels.fr" is the field ["labels", "fr"]), the rest above the form.
 */
export function serverErrors(
  err: unknown,
  fields: readonly string[],
): { fields: Array<{ name: string[]; errors: string[] }>; general: string | null } {
  if (!(err instanceof HttpError))
    return { fields: [], general: err instanceof Error ? err.message : String(err) };
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const e of err.fieldErrors) {
    if (fields.includes(e.field)) byField.set(e.field, [...(byField.get(e.field) ?? []), e.message]);
    else other.push(e.message);
  }
  const general = byField.size === 0 || other.length > 0 ? [err.message, ...other].join(" ") : null;
  return {
    fields: [...byField].map(([name, errors]) => ({ name: name.split("."), errors })),
    general: err.message === "logout" ? null : general,
  };
}
