import type { ContentState, Permission, PlanSummary } from "@marquee/contracts";
import type { Tier } from "@marquee/schedule";
import type { ContentKind } from "../content/kind";

/** Permissions of play plans (packages/contracts permission catalogue). */
export const PLAN_PERMISSIONS = {
  view: "content:playPlan:view",
  edit: "content:playPlan:edit",
  remove: "content:playPlan:delete",
  publish: "content:playPlan:publish",
  review: "content:playPlan:review",
} as const satisfies Record<string, Permission>;

/** Play plans among the content kinds. */
export const PLAN_KIND: ContentKind = {
  publication: "plan",
  keys: "playPlan",
  queryKey: "plan",
  testId: "plan",
  permissions: PLAN_PERMISSIONS,
};

/** What can be done to one plan from the plan list. */
export type PlanAction =
  | "edit"
  | "copy"
  | "delete"
  | "submit"
  | "publish"
  | "publications"
  | "withdraw"
  | "history";

/** The user's grants that matter to the actions. */
export interface PlanGrants {
  edit: boolean;
  remove: boolean;
  publish: boolean;
}

/** Whether an action is available, and if not why. */
export type Availability =
  | { enabled: true }
  | { enabled: false; reason: "noPermission" | "state" | "notPublished" };

/** States a plan can be submitted for review from. */
export const SUBMITTABLE: readonly ContentState[] = ["draft", "rejected"];

const NEEDS: Record<PlanAction, keyof PlanGrants | null> = {
  edit: "edit",
  copy: "edit",
  submit: "edit",
  delete: "remove",
  publish: "publish",
  withdraw: "publish",
  publications: null,
  history: null,
};

/**
 * The actions of one plan. Submitting needs a draft or a rejected plan;
 * withdrawing needs a publication of it. Whether it may be published
 * (review on: approved only) and deleted (not on screens) the server decides
 * and says why.
 */
export function planActions(
  plan: Pick<PlanSummary, "state" | "publicationCount" | "terminalCount">,
  grants: PlanGrants,
): Record<PlanAction, Availability> {
  const out = {} as Record<PlanAction, Availability>;
  for (const action of Object.keys(NEEDS) as PlanAction[]) {
    const need = NEEDS[action];
    if (need && !grants[need]) out[action] = { enabled: false, reason: "noPermission" };
    else if (action === "submit" && !SUBMITTABLE.includes(plan.state))
      out[action] = { enabled: false, reason: "state" };
    else if (action === "withdraw" && plan.publicationCount === 0 && plan.terminalCount === 0)
      out[action] = { enabled: false, reason: "notPublished" };
    else out[action] = { enabled: true };
  }
  return out;
}

/** The plans of a selection that can be submitted for review. */
export function submittablePlans<T extends Pick<PlanSummary, "state">>(plans: readonly T[]): T[] {
  return plans.filter((p) => SUBMITTABLE.includes(p.state));
}

/** Where the publish settings screen takes a plan. */
export const publishUrl = (id: number) => `/publishSet?kind=plan&id=${id}`;

/** Where plan production opens a plan (inside the console layout). */
export const editPlanUrl = (id: number) => `/playPlan/planMake?id=${id}`;

/**
 * Colours of the tiers: strong to weak, red → orange → blue → green. Drawn as
 * a tinted fill with a solid edge, readable on light and dark backgrounds.
 */
export const TIER_COLORS: Record<Tier, string> = {
  emergency: "#e5484d",
  high: "#f08c00",
  normal: "#3b82f6",
  filler: "#30a46c",
};

/** A colour with an alpha (hex `#rrggbb` + 0–1). */
export function withAlpha(hex: string, alpha: number): string {
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, "0");
  return `${hex}${a}`;
}
