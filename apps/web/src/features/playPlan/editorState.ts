import type { ContentState } from "@marquee/contracts";
import type { PlanDoc } from "@marquee/schedule";
import { commitPlan, type PlanHistory, redoPlan, startPlanHistory, undoPlan } from "@marquee/schedule";

/**
 * The state of plan production: the plan (id, version, state, name), its
 * document with undo/redo, what was last saved, and the selected item.
 */
export interface PlanEditorState {
  id: number | null;
  version: number;
  state: ContentState;
  name: string;
  history: PlanHistory;
  /** What the server holds (for a new plan: the empty document it started with). */
  savedDoc: PlanDoc;
  savedName: string;
  selectedId: string | null;
}

export type PlanEditorAction =
  | { type: "load"; id: number | null; version: number; state: ContentState; name: string; doc: PlanDoc }
  | { type: "edit"; doc: PlanDoc; select?: string | null }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "name"; name: string }
  | { type: "select"; id: string | null }
  | { type: "saved"; id: number; version: number; state: ContentState; doc: PlanDoc; name: string };

export function initialEditorState(name: string, doc: PlanDoc): PlanEditorState {
  return {
    id: null,
    version: 0,
    state: "draft",
    name,
    history: startPlanHistory(doc),
    savedDoc: doc,
    savedName: name,
    selectedId: null,
  };
}

/** The selection, kept only while its item exists. */
const keep = (id: string | null, doc: PlanDoc) => (id && doc.items.some((i) => i.id === id) ? id : null);

export function planEditorReducer(s: PlanEditorState, a: PlanEditorAction): PlanEditorState {
  switch (a.type) {
    case "load":
      return {
        id: a.id,
        version: a.version,
        state: a.state,
        name: a.name,
        history: startPlanHistory(a.doc),
        savedDoc: a.doc,
        savedName: a.name,
        selectedId: null,
      };
    case "edit": {
      const history = commitPlan(s.history, a.doc);
      return { ...s, history, selectedId: keep(a.select === undefined ? s.selectedId : a.select, a.doc) };
    }
    case "undo": {
      const history = undoPlan(s.history);
      return { ...s, history, selectedId: keep(s.selectedId, history.present) };
    }
    case "redo": {
      const history = redoPlan(s.history);
      return { ...s, history, selectedId: keep(s.selectedId, history.present) };
    }
    case "name":
      return { ...s, name: a.name };
    case "select":
      return { ...s, selectedId: keep(a.id, s.history.present) };
    case "saved":
      // The document saved is kept as the reference: edits made while the save was on the way stay unsaved.
      return { ...s, id: a.id, version: a.version, state: a.state, savedDoc: a.doc, savedName: a.name };
  }
}

/** Whether there is work to lose: the document or the name differ from what was last saved. */
export function isDirty(s: PlanEditorState): boolean {
  return s.history.present !== s.savedDoc || s.name !== s.savedName;
}
