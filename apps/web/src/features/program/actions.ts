import type { Permission, ProgramState, ProgramSummary } from "@marquee/contracts";
import type { ContentKind } from "../content/kind";

/** What can be done to one program from program management. */
export type ProgramAction = "edit" | "copy" | "rename" | "delete" | "export" | "submit" | "history";

/** Permissions of program management (packages/contracts permission catalogue). */
export const PROGRAM_PERMISSIONS = {
  view: "content:program:view",
  edit: "content:program:edit",
  remove: "content:program:delete",
} as const satisfies Record<string, Permission>;

/** Programs among the content kinds (publishing them takes the publish screens' permissions: KIND_PERMISSIONS). */
export const PROGRAM_KIND: ContentKind = {
  publication: "program",
  keys: "program",
  queryKey: "program",
  testId: "program",
  permissions: PROGRAM_PERMISSIONS,
};

/** States a program can be submitted for review from. */
export const SUBMITTABLE_STATES: readonly ProgramState[] = ["draft", "rejected"];

/** Whether an action is available, and if not why: the user lacks the permission, or the state forbids it. */
export type ActionAvailability = { enabled: true } | { enabled: false; reason: "noPermission" | "state" };

/** The user's grants that matter to the actions. */
export interface ProgramGrants {
  edit: boolean;
  remove: boolean;
}

const NEEDS: Record<ProgramAction, keyof ProgramGrants | null> = {
  edit: "edit",
  copy: "edit",
  rename: "edit",
  submit: "edit",
  delete: "remove",
  export: null,
  history: null,
};

/**
 * The actions of one program. Only submitting depends on the state (draft or rejected); a
 * published program may still be chosen for delete, and the server's refusal says where it plays.
 */
export function programActions(
  state: ProgramState,
  grants: ProgramGrants,
): Record<ProgramAction, ActionAvailability> {
  const out = {} as Record<ProgramAction, ActionAvailability>;
  for (const action of Object.keys(NEEDS) as ProgramAction[]) {
    const need = NEEDS[action];
    if (need && !grants[need]) out[action] = { enabled: false, reason: "noPermission" };
    else if (action === "submit" && !SUBMITTABLE_STATES.includes(state))
      out[action] = { enabled: false, reason: "state" };
    else out[action] = { enabled: true };
  }
  return out;
}

/** The programs of a selection that can be submitted for review. */
export function submittable(programs: readonly ProgramSummary[]): ProgramSummary[] {
  return programs.filter((p) => SUBMITTABLE_STATES.includes(p.state));
}

/** The tag colour of each state. */
export const STATE_COLORS: Record<ProgramState, string> = {
  draft: "default",
  pending: "gold",
  approved: "green",
  rejected: "red",
  published: "blue",
};
