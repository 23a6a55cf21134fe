import { PROGRAM_STATES, type ProgramSummary } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { programActions, STATE_COLORS, submittable } from "../src/features/program/actions";

const all = { edit: true, remove: true };

describe("program actions by state", () => {
  it("offers submitting for drafts and rejected programs only", () => {
    for (const state of PROGRAM_STATES) {
      const submit = programActions(state, all).submit;
      if (state === "draft" || state === "rejected") expect(submit, state).toEqual({ enabled: true });
      else expect(submit, state).toEqual({ enabled: false, reason: "state" });
    }
  });
  it("leaves delete to the server for a published program (it says where it plays)", () => {
    expect(programActions("published", all).delete).toEqual({ enabled: true });
    expect(programActions("published", all).edit).toEqual({ enabled: true });
  });
  it("disables what the user may not do, before any state reason", () => {
    const viewer = programActions("draft", { edit: false, remove: false });
    for (const a of ["edit", "copy", "rename", "submit", "delete"] as const) {
      expect(viewer[a], a).toEqual({ enabled: false, reason: "noPermission" });
    }
    expect(viewer.export).toEqual({ enabled: true });
    expect(viewer.history).toEqual({ enabled: true });
    expect(programActions("pending", { edit: true, remove: false }).delete).toEqual({
      enabled: false,
      reason: "noPermission",
    });
  });
  it("picks the submittable programs of a selection", () => {
    const rows = PROGRAM_STATES.map((state, id) => ({ id, state }) as ProgramSummary);
    expect(submittable(rows).map((p) => p.state)).toEqual(["draft", "rejected"]);
  });
  it("has a colour for every state", () => {
    expect(Object.keys(STATE_COLORS).sort()).toEqual([...PROGRAM_STATES].sort());
  });
});
