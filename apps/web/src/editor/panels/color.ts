/**
 * Colours as the document stores them (zColor): "#rrggbb", "#rrggbbaa" with a
 * real alpha, or "transparent". The colour picker answers in many spellings;
 * these helpers bring them to one, so the same colour never reads as a change.
 */

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;

/** A colour in the document's spelling (lower-case, 6 or 8 digits, no opaque alpha), or null when it is none. */
export function normalizeColor(input: string): string | null {
  const s = input.trim().toLowerCase();
  if (s === "transparent") return s;
  const m = HEX.exec(s);
  if (!m) return null;
  let digits = m[1] as string;
  if (digits.length <= 4) digits = [...digits].map((c) => c + c).join("");
  if (digits.length === 8 && digits.endsWith("ff")) digits = digits.slice(0, 6);
  return `#${digits}`;
}

/** What the colour picker is given for a stored colour ("transparent" is fully transparent black). */
export function pickerColor(stored: string): string {
  return stored.trim().toLowerCase() === "transparent" ? "#00000000" : stored;
}
