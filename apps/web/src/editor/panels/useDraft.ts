import { useState } from "react";
import type { Bound } from "./bind";
import { check, type Problem } from "./validate";

/**
 * What an input shows: the stored value, or the operator's draft while it is
 * refused (an invalid value is never dispatched, so the input must keep it to
 * show it with its reason). A new stored value (undo, another widget) replaces
 * the draft.
 */
export function useDraft<V>(b: Bound<V>) {
  const [state, setState] = useState<{ stored: V; key: string; draft: V; problem: Problem | null }>({
    stored: b.value,
    key: b.key,
    draft: b.value,
    problem: null,
  });
  let current = state;
  if (!Object.is(state.stored, b.value) || state.key !== b.key) {
    current = { stored: b.value, key: b.key, draft: b.value, problem: null };
    setState(current);
  }
  /** Checks a new value: dispatches it when the schema accepts it, keeps it as a draft with its reason otherwise. */
  const change = (value: V) => {
    const problem = check(b.schema, value);
    setState((s) => ({ ...s, draft: value, problem }));
    if (problem) return;
    const parsed = b.schema.parse(value) as V;
    if (!Object.is(parsed, b.value)) b.commit(parsed);
  };
  /** Refuses a value without checking it (e.g. an empty number box), with a reason. */
  const refuse = (value: V, problem: Problem) => setState((s) => ({ ...s, draft: value, problem }));
  return { draft: current.draft, problem: current.problem, change, refuse };
}
