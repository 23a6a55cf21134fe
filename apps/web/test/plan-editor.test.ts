import type { PlanDoc, PlanItem, SchedulePlan } from "@marquee/schedule";
import {
  commitPlan,
  duplicateItem,
  EMPTY_PLAN,
  firstShownDay,
  makeItem,
  newItemId,
  PLAN_HISTORY_LIMIT,
  redoPlan,
  removeWindow,
  startPlanHistory,
  undoPlan,
} from "@marquee/schedule";
import { describe, expect, it } from "vitest";
import { planActions, submittablePlans } from "../src/features/playPlan/actions";
import { initialEditorState, isDirty, planEditorReducer } from "../src/features/playPlan/editorState";
import { conflictsOf, previewPieces, UNSAVED_PLAN_ID, withDraft } from "../src/features/playPlan/resolver";
import { instantOf, piecesByDay, wallOf } from "../src/features/playPlan/zone";

const item = (id: string, over: Partial<PlanItem> = {}): PlanItem => ({
  id,
  programId: 1,
  startDate: "2024-05-06",
  endDate: null,
  weekdays: [1],
  windows: [{ start: "08:00", end: "09:00" }],
  mode: { kind: "loop" },
  tier: "normal",
  ...over,
});
const docOf = (...items: PlanItem[]): PlanDoc => ({ items, defaultProgramId: null });

describe("undoPlan and redoPlan", () => {
  it("steps back and forth through the documents, a new edit dropping the redoPlan steps", () => {
    const a = docOf();
    const b = docOf(item("x"));
    const c = docOf(item("x"), item("y"));
    let h = commitPlan(commitPlan(startPlanHistory(a), b), c);
    h = undoPlan(h);
    expect(h.present).toBe(b);
    h = undoPlan(h);
    expect(h.present).toBe(a);
    expect(undoPlan(h)).toBe(h);
    h = redoPlan(h);
    expect(h.present).toBe(b);
    const d = docOf(item("z"));
    h = commitPlan(h, d);
    expect(h.future).toEqual([]);
    expect(redoPlan(h)).toBe(h);
    expect(undoPlan(h).present).toBe(b);
  });
  it("ignores a commitPlan of the same document and keeps a bounded past", () => {
    const h0 = startPlanHistory(EMPTY_PLAN);
    expect(commitPlan(h0, EMPTY_PLAN)).toBe(h0);
    let h = h0;
    for (let i = 0; i < PLAN_HISTORY_LIMIT + 20; i++) h = commitPlan(h, docOf(item(`i${i}`)));
    expect(h.past.length).toBe(PLAN_HISTORY_LIMIT);
  });
});

describe("document operations", () => {
  it("makes items with fresh ids the model accepts", () => {
    const doc = docOf(item("i00000000"));
    let n = 0;
    // A generator that first repeats a used id: the next one is taken.
    const id = newItemId(doc, () => (n++ === 0 ? 0 : 0.5));
    expect(id).not.toBe("i00000000");
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    const made = makeItem(doc, 7, "2024-05-08", [3, 1, 3], { start: "10:00", end: "11:00" });
    expect(made).toMatchObject({ programId: 7, startDate: "2024-05-08", endDate: null, weekdays: [1, 3] });
    expect(made.mode).toEqual({ kind: "loop" });
  });
  it("duplicates an item just after it, with its own id", () => {
    const doc = docOf(item("a"), item("b"));
    const r = duplicateItem(doc, "a");
    expect(r.doc.items.map((i) => i.id)).toEqual(["a", r.id, "b"]);
    expect(r.doc.items[1]?.windows).toEqual(doc.items[0]?.windows);
  });
  it("removes a window, and the item with its last one", () => {
    const two = item("a", {
      windows: [
        { start: "08:00", end: "09:00" },
        { start: "12:00", end: "13:00" },
      ],
    });
    const one = removeWindow(docOf(two), "a", 0);
    expect(one.items[0]?.windows).toEqual([{ start: "12:00", end: "13:00" }]);
    expect(removeWindow(one, "a", 0).items).toEqual([]);
  });
});

describe("the first day shown", () => {
  it("is today for a plan playing now, else where the plan plays", () => {
    expect(firstShownDay(EMPTY_PLAN, "2024-05-08")).toBe("2024-05-08");
    expect(firstShownDay(docOf(item("a")), "2024-05-08")).toBe("2024-05-08");
    expect(firstShownDay(docOf(item("a", { startDate: "2024-06-01" })), "2024-05-08")).toBe("2024-06-01");
    const ended = docOf(
      item("a", { endDate: "2024-03-01" }),
      item("b", { startDate: "2024-01-01", endDate: "2024-04-02" }),
    );
    expect(firstShownDay(ended, "2024-05-08")).toBe("2024-04-02");
    expect(firstShownDay(docOf(item("a", { startDate: "2024-01-01", endDate: null })), "2030-01-01")).toBe(
      "2030-01-01",
    );
  });
});

describe("plan production state", () => {
  it("is clean when opened, dirty after an edit, clean again after undoPlan", () => {
    let s = initialEditorState("New plan", EMPTY_PLAN);
    expect(isDirty(s)).toBe(false);
    s = planEditorReducer(s, { type: "edit", doc: docOf(item("a")), select: "a" });
    expect(isDirty(s)).toBe(true);
    expect(s.selectedId).toBe("a");
    s = planEditorReducer(s, { type: "undo" });
    expect(isDirty(s)).toBe(false);
    // The selected item is gone with the undoPlan.
    expect(s.selectedId).toBeNull();
  });
  it("counts a renamed plan as unsaved, and a save as the new reference", () => {
    let s = planEditorReducer(initialEditorState("x", EMPTY_PLAN), {
      type: "load",
      id: 4,
      version: 2,
      state: "approved",
      name: "Lobby",
      doc: docOf(item("a")),
    });
    s = planEditorReducer(s, { type: "name", name: "Lobby 2" });
    expect(isDirty(s)).toBe(true);
    const saved = s.history.present;
    s = planEditorReducer(s, {
      type: "saved",
      id: 4,
      version: 3,
      state: "draft",
      doc: saved,
      name: "Lobby 2",
    });
    expect(isDirty(s)).toBe(false);
    expect(s).toMatchObject({ version: 3, state: "draft" });
  });
  it("keeps an edit made while a save was on the way unsaved", () => {
    let s = initialEditorState("p", EMPTY_PLAN);
    s = planEditorReducer(s, { type: "edit", doc: docOf(item("a")) });
    const sent = s.history.present;
    s = planEditorReducer(s, { type: "edit", doc: docOf(item("a"), item("b")) });
    s = planEditorReducer(s, { type: "saved", id: 9, version: 1, state: "draft", doc: sent, name: "p" });
    expect(isDirty(s)).toBe(true);
  });
});

describe("plan list actions", () => {
  const all = { edit: true, remove: true, publish: true };
  const plan = { state: "draft" as const, publicationCount: 0, terminalCount: 0 };
  it("submits drafts and rejected plans only", () => {
    expect(planActions(plan, all).submit).toEqual({ enabled: true });
    expect(planActions({ ...plan, state: "pending" }, all).submit).toEqual({
      enabled: false,
      reason: "state",
    });
    expect(submittablePlans([{ state: "draft" }, { state: "approved" }, { state: "rejected" }])).toHaveLength(
      2,
    );
  });
  it("withdraws only a plan that is published somewhere", () => {
    expect(planActions(plan, all).withdraw).toEqual({ enabled: false, reason: "notPublished" });
    expect(planActions({ ...plan, publicationCount: 1, terminalCount: 3 }, all).withdraw).toEqual({
      enabled: true,
    });
  });
  it("puts the missing permission before any other reason", () => {
    const none = planActions({ ...plan, state: "pending" }, { edit: false, remove: false, publish: false });
    for (const a of ["edit", "copy", "submit", "delete", "publish", "withdraw"] as const)
      expect(none[a], a).toEqual({ enabled: false, reason: "noPermission" });
    expect(none.history).toEqual({ enabled: true });
    expect(none.publications).toEqual({ enabled: true });
  });
});

describe("the draft in a terminal's schedule", () => {
  const published = (
    planId: number,
    order: number,
    source: SchedulePlan["source"] = "plan",
  ): SchedulePlan => ({
    planId,
    name: `p${planId}`,
    source,
    publicationId: planId * 10,
    order,
    items: [],
    defaultProgramId: null,
  });
  it("replaces the published version of the same plan and comes after the others", () => {
    const out = withDraft([published(1, 1), published(5, 2), published(5, 3, "program")], {
      planId: 5,
      name: "mine",
      doc: docOf(item("a")),
    });
    expect(out.map((p) => [p.planId, p.source, p.order])).toEqual([
      [1, "plan", 1],
      [5, "program", 3],
      [5, "plan", 4],
    ]);
    expect(out[2]).toMatchObject({ name: "mine", publicationId: null, items: [item("a")] });
  });
  it("names an unsaved plan with its own id", () => {
    expect(withDraft([], { planId: null, name: "n", doc: EMPTY_PLAN })[0]).toMatchObject({
      planId: UNSAVED_PLAN_ID,
      order: 1,
    });
  });
});

describe("terminal time zones", () => {
  it("finds the instant of a wall time, and back, in UTC and in other zones", () => {
    expect(instantOf("2024-05-06", 8 * 60, "UTC")).toBe(Date.UTC(2024, 4, 6, 8));
    expect(instantOf("2024-05-06", 8 * 60, "Asia/Tokyo")).toBe(Date.UTC(2024, 4, 5, 23));
    expect(instantOf("2024-01-15", 0, "America/New_York")).toBe(Date.UTC(2024, 0, 15, 5));
    expect(wallOf(Date.UTC(2024, 4, 5, 23, 30), "Asia/Tokyo")).toEqual({ date: "2024-05-06", minutes: 510 });
    expect(instantOf("2024-05-06", 60, "Not/AZone")).toBe(Date.UTC(2024, 4, 6, 1));
  });
  it("handles the days the clocks change", () => {
    // Rome goes from 02:00 to 03:00 on 2024-03-31: midnight to midnight is 23 hours.
    const from = instantOf("2024-03-31", 0, "Europe/Rome");
    const to = instantOf("2024-04-01", 0, "Europe/Rome");
    expect(to - from).toBe(23 * 3_600_000);
    expect(wallOf(instantOf("2024-03-31", 4 * 60, "Europe/Rome"), "Europe/Rome").minutes).toBe(240);
  });
  it("cuts stretches of time into pieces per local day", () => {
    const days = ["2024-05-06", "2024-05-07"];
    const tz = "Asia/Tokyo";
    const s = { from: instantOf("2024-05-06", 22 * 60, tz), to: instantOf("2024-05-07", 2 * 60, tz), v: "x" };
    const before = {
      from: instantOf("2024-05-05", 10 * 60, tz),
      to: instantOf("2024-05-05", 11 * 60, tz),
      v: "y",
    };
    const pieces = piecesByDay([s, before], days, tz);
    expect(pieces[0]?.map((p) => [p.top, p.bottom, p.value.v])).toEqual([[1320, 1440, "x"]]);
    expect(pieces[1]?.map((p) => [p.top, p.bottom, p.value.v])).toEqual([[0, 120, "x"]]);
  });
});

describe("what plays when, through the shared resolver", () => {
  const days = ["2024-05-06", "2024-05-07"];
  const rows = (pieces: ReturnType<typeof previewPieces>, day: number) =>
    (pieces[day] ?? []).map((p) => [p.top, p.bottom, p.value.tier, p.value.playing.map((c) => c.itemId)]);

  it("draws the draft's window on its day in the terminal's time zone, and empty time around it", () => {
    const plans = withDraft([], { planId: 3, name: "Draft", doc: docOf(item("a")) });
    const pieces = previewPieces({ plans, messages: [], timezone: "Asia/Tokyo" }, days);
    expect(rows(pieces, 0)).toEqual([
      [0, 480, null, []],
      [480, 540, "normal", ["a"]],
      [540, 1440, null, []],
    ]);
    expect(rows(pieces, 1)).toEqual([[0, 1440, null, []]]);
  });

  it("lets a stronger tier of the terminal's other plan overrule the draft", () => {
    const other: SchedulePlan = {
      planId: 9,
      name: "Alerts",
      source: "plan",
      publicationId: 90,
      order: 1,
      items: [item("x", { programId: 2, tier: "high", windows: [{ start: "08:30", end: "10:00" }] })],
      defaultProgramId: null,
    };
    const plans = withDraft([other], { planId: 3, name: "Draft", doc: docOf(item("a")) });
    const monday = previewPieces({ plans, messages: [], timezone: "UTC" }, days)[0] ?? [];
    const at = monday.find((p) => p.top === 510);
    expect(at?.value.tier).toBe("high");
    expect(at?.value.playing.map((c) => c.itemId)).toEqual(["x"]);
    expect(at?.value.overruled.map((c) => c.itemId)).toEqual(["a"]);
  });

  it("flags two items of one tier that meet, not items of different tiers", () => {
    const a = item("a", { windows: [{ start: "08:00", end: "10:00" }] });
    const b = item("b", { windows: [{ start: "09:00", end: "11:00" }] });
    expect(conflictsOf([a, b]).list).toEqual([
      expect.objectContaining({ a: "a", b: "b", from: "09:00", to: "10:00" }),
    ]);
    expect(conflictsOf([a, { ...b, tier: "high" }]).list).toEqual([]);
  });
});
