import { HttpError } from "../../services/http";

/** Where a refused form call's words go: onto the fields the server named, the rest above the form. */
export function formErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
): { fields: Array<{ name: F; errors: string[] }>; general: string | null } {
  if (!(err instanceof HttpError))
    return { fields: [], general: err instanceof Error ? err.message : String(err) };
  const byField = new Map<F, string[]>();
  const other: string[] = [];
  for (const e of err.fieldErrors) {
    const field = fields.find((f) => f === e.field);
    if (field) byField.set(field, [...(byField.get(field) ?? []), e.message]);
    else other.push(e.message);
  }
  const general = byField.size === 0 || other.length > 0 ? [err.message, ...other].join(" ") : null;
  // An ended session has already sent the console to /logout: nothing to show on the form.
  return {
    fields: [...byField].map(([name, errors]) => ({ name, errors })),
    general: err.message === "logout" ? null : general,
  };
}
