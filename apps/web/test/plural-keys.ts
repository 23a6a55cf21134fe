const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * A catalogue as key → text, each plural message once under its own key (i18next's
 * `x_one`, `x_few`, `x_other`… are the message `x`, with the text of `x_other`),
 * so catalogues compare whatever plural forms their languages need;
 * i18n.test.ts checks the forms themselves.
 */
export function flattenMessages(obj: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === "object" && v !== null) Object.assign(out, flattenMessages(v, `${prefix}${k}.`));
    else if (!PLURAL.test(k)) out[`${prefix}${k}`] = String(v);
    else if (k.endsWith("_other")) out[`${prefix}${k.replace(PLURAL, "")}`] = String(v);
  }
  return out;
}
