import { formErrors } from "../terminal/errors";

/**
 * Where a refused save's words go (formErrors), with dotted fields as form
 * paths: "labels.fr" is the field ["labels", "fr"].
 */
export function serverErrors(
  err: unknown,
  fields: readonly string[],
): { fields: Array<{ name: string[]; errors: string[] }>; general: string | null } {
  const shown = formErrors(err, fields);
  return {
    fields: shown.fields.map((f) => ({ name: f.name.split("."), errors: f.errors })),
    general: shown.general,
  };
}
