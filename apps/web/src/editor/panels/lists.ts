/** Moves one entry of a list by one place (up: -1, down: +1); at either end the list comes back unchanged. */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list.slice();
  const next = list.slice();
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}

/** The first field no column shows yet, for a new table column ("" when every known field is shown). */
export function nextField(fields: readonly string[], columns: ReadonlyArray<{ field: string }>): string {
  return fields.find((f) => !columns.some((c) => c.field === f)) ?? "";
}
