import type { PlanDoc, PlanItem, PlayMode, Tier, TimeWindow } from "./model";

/**
 * Editing a play plan's document: its operations and the editor's undo/redo
 * history of snapshots (beside the document, as the program's history is
 * beside the program's). Every operation returns a new document (the old one is
 * kept for undo); the editor compares documents by reference to know whether
 * there is unsaved work.
 */

export const EMPTY_PLAN: PlanDoc = { items: [], defaultProgramId: null };

/** At most this many steps back. */
export const PLAN_HISTORY_LIMIT = 100;

export interface PlanHistory {
  past: PlanDoc[];
  present: PlanDoc;
  future: PlanDoc[];
}

export const startPlanHistory = (doc: PlanDoc): PlanHistory => ({ past: [], present: doc, future: [] });

/** A new state of the document: the old one goes into the past, the redo steps are dropped. */
export function commitPlan(h: PlanHistory, doc: PlanDoc): PlanHistory {
  if (doc === h.present) return h;
  return { past: [...h.past, h.present].slice(-PLAN_HISTORY_LIMIT), present: doc, future: [] };
}

export function undoPlan(h: PlanHistory): PlanHistory {
  const prev = h.past[h.past.length - 1];
  if (!prev) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

export function redoPlan(h: PlanHistory): PlanHistory {
  const next = h.future[0];
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1) };
}

/** A fresh item id (letters and digits, as the model allows), unused in the document. */
export function newItemId(doc: PlanDoc, rand: () => number = Math.random): string {
  const used = new Set(doc.items.map((i) => i.id));
  for (;;) {
    const id = `i${Math.floor(rand() * 36 ** 8)
      .toString(36)
      .padStart(8, "0")}`;
    if (!used.has(id)) return id;
  }
}

/** A new item of a program: from `date` on, no end, on `weekdays`, in one window, looping, normal tier. */
export function makeItem(
  doc: PlanDoc,
  programId: number,
  date: string,
  weekdays: number[],
  window: TimeWindow,
  tier: Tier = "normal",
): PlanItem {
  return {
    id: newItemId(doc),
    programId,
    startDate: date,
    endDate: null,
    weekdays: sortWeekdays(weekdays),
    windows: [window],
    mode: { kind: "loop" },
    tier,
  };
}

export function addItem(doc: PlanDoc, item: PlanItem): PlanDoc {
  return { ...doc, items: [...doc.items, item] };
}

export function replaceItem(doc: PlanDoc, item: PlanItem): PlanDoc {
  return { ...doc, items: doc.items.map((i) => (i.id === item.id ? item : i)) };
}

export function updateItem(doc: PlanDoc, id: string, patch: Partial<Omit<PlanItem, "id">>): PlanDoc {
  return { ...doc, items: doc.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) };
}

export function removeItem(doc: PlanDoc, id: string): PlanDoc {
  return { ...doc, items: doc.items.filter((i) => i.id !== id) };
}

/** A copy of an item just after it, with a new id. */
export function duplicateItem(doc: PlanDoc, id: string): { doc: PlanDoc; id: string | null } {
  const at = doc.items.findIndex((i) => i.id === id);
  const item = doc.items[at];
  if (!item) return { doc, id: null };
  const copy: PlanItem = { ...item, id: newItemId(doc), windows: item.windows.map((w) => ({ ...w })) };
  const items = [...doc.items.slice(0, at + 1), copy, ...doc.items.slice(at + 1)];
  return { doc: { ...doc, items }, id: copy.id };
}

/** Removes one window; an item left without windows goes too (the model needs one). */
export function removeWindow(doc: PlanDoc, id: string, index: number): PlanDoc {
  const item = doc.items.find((i) => i.id === id);
  if (!item) return doc;
  if (item.windows.length <= 1) return removeItem(doc, id);
  return updateItem(doc, id, { windows: item.windows.filter((_, i) => i !== index) });
}

/** The default play mode of a kind (counts and intervals start at sensible values). */
export function modeOf(kind: PlayMode["kind"], current?: PlayMode): PlayMode {
  if (current?.kind === kind) return current;
  if (kind === "times") return { kind, count: 1 };
  if (kind === "interval") return { kind, everyMin: 30 };
  return { kind: "loop" };
}

/** Programs a document names (items and the default), without repeats. */
export function programIdsOf(doc: PlanDoc): number[] {
  const ids = doc.items.map((i) => i.programId);
  if (doc.defaultProgramId !== null) ids.push(doc.defaultProgramId);
  return [...new Set(ids)];
}

/**
 * The day the editor first shows: today while the plan plays around it (or
 * has no items), else the first day it plays (a plan to come) or its last day
 * (a plan that has ended).
 */
export function firstShownDay(doc: PlanDoc, today: string): string {
  if (doc.items.length === 0) return today;
  const first = doc.items.reduce((min, i) => (i.startDate < min ? i.startDate : min), "9999-12-31");
  const ends = doc.items.map((i) => i.endDate);
  const last = ends.includes(null)
    ? null
    : (ends as string[]).reduce((max, d) => (d > max ? d : max), "0000-01-01");
  if (first > today) return first;
  if (last !== null && last < today) return last;
  return today;
}

/** Weekdays (1 = Monday … 7 = Sunday) without repeats or strays, in order. */
export function sortWeekdays(days: readonly number[]): number[] {
  return [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
}
