import { applyCommand, type Command } from "./commands";
import type { ProgramDoc } from "./document";

/**
 * Undo/redo (spec §4): a list of steps and a pointer. Pushing a step drops the
 * steps beyond the pointer; undo applies the inverse of the step before the
 * pointer, redo the command after it. Selection is not part of it. The list is
 * bounded: past the limit the oldest steps are forgotten.
 */
export interface Step {
  /** What the step did, for the undo button's tooltip (a message key of the editor). */
  label: string;
  command: Command;
  inverse: Command;
  /** Steps with the same key pushed within MERGE_MS merge into one (typing in a field). */
  mergeKey?: string;
  at: number;
}

export interface History {
  steps: Step[];
  /** Number of steps applied: steps[pointer - 1] is undone next, steps[pointer] redone next. */
  pointer: number;
  limit: number;
}

export const HISTORY_LIMIT = 1000;
export const MERGE_MS = 1000;

export function emptyHistory(limit = HISTORY_LIMIT): History {
  return { steps: [], pointer: 0, limit };
}

export interface PushOptions {
  label: string;
  mergeKey?: string;
  now?: number;
}

export function push(
  history: History,
  doc: ProgramDoc,
  command: Command,
  { label, mergeKey, now = Date.now() }: PushOptions,
): { doc: ProgramDoc; history: History } {
  const applied = applyCommand(doc, command);
  const steps = history.steps.slice(0, history.pointer);
  const last = steps[steps.length - 1];
  if (mergeKey !== undefined && last?.mergeKey === mergeKey && now - last.at < MERGE_MS) {
    steps[steps.length - 1] = {
      label,
      mergeKey,
      at: now,
      command: { t: "batch", commands: [last.command, command] },
      inverse: { t: "batch", commands: [applied.inverse, last.inverse] },
    };
  } else {
    steps.push({
      label,
      command,
      inverse: applied.inverse,
      at: now,
      ...(mergeKey !== undefined ? { mergeKey } : {}),
    });
  }
  const drop = Math.max(0, steps.length - history.limit);
  const kept = drop > 0 ? steps.slice(drop) : steps;
  return { doc: applied.doc, history: { steps: kept, pointer: kept.length, limit: history.limit } };
}

export function canUndo(history: History): boolean {
  return history.pointer > 0;
}

export function canRedo(history: History): boolean {
  return history.pointer < history.steps.length;
}

/** Undoes the step before the pointer; null when there is none. */
export function undo(
  history: History,
  doc: ProgramDoc,
): { doc: ProgramDoc; history: History; step: Step } | null {
  const step = history.steps[history.pointer - 1];
  if (!step) return null;
  return {
    doc: applyCommand(doc, step.inverse).doc,
    history: { ...history, pointer: history.pointer - 1 },
    step,
  };
}

/** Redoes the step at the pointer; null when there is none. */
export function redo(
  history: History,
  doc: ProgramDoc,
): { doc: ProgramDoc; history: History; step: Step } | null {
  const step = history.steps[history.pointer];
  if (!step) return null;
  return {
    doc: applyCommand(doc, step.command).doc,
    history: { ...history, pointer: history.pointer + 1 },
    step,
  };
}
