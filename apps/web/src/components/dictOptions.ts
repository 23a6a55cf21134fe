import type { DictOption } from "@marquee/contracts";

/**
 * The options a form offers for a dictionary type: the type's enabled items
 * (already labelled in the user's language by the server), kept to `only`
 * when the field takes a fixed set of values (a server enum), or `fallback`
 * while the dictionary cannot be read, so the form still works.
 */
export function dictOptions(
  items: readonly DictOption[] | undefined,
  opts: { only?: readonly string[]; fallback?: readonly DictOption[] } = {},
): DictOption[] {
  const { only, fallback } = opts;
  const source = items ?? fallback ?? [];
  const allowed = only ? new Set(only) : null;
  const seen = new Set<string>();
  const out: DictOption[] = [];
  for (const o of source) {
    if (seen.has(o.value) || (allowed && !allowed.has(o.value))) continue;
    seen.add(o.value);
    out.push({ value: o.value, label: o.label || o.value });
  }
  return out;
}

/** The label of `value` among the options, or the value itself (an item since disabled or removed). */
export function dictLabelOf(options: readonly DictOption[], value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return options.find((o) => o.value === value)?.label ?? value;
}
