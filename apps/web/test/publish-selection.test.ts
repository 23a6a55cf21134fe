import { TerminalSelection } from "@marquee/contracts";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { parsePublishParams, reviewBlock } from "../src/features/publish/kinds";
import {
  coveredKeys,
  EMPTY_SELECTION,
  isEmptySelection,
  type SelectionState,
  selectionBody,
  selectionTags,
  toggleChosen,
  withTerminals,
} from "../src/features/publish/selection";
import { defaultPublishName, settingsErrors } from "../src/features/publish/settings";

const pick = (s: SelectionState, ...steps: Array<["office" | "group" | "terminal", number, string]>) =>
  steps.reduce((acc, [kind, id, name]) => toggleChosen(acc, kind, { id, name }, true), s);

describe("terminal selection → TerminalSelection body", () => {
  it("sends only the ways used, ids sorted, with the include switch", () => {
    const s = pick(EMPTY_SELECTION, ["office", 9, "North"], ["office", 3, "HQ"], ["terminal", 42, "Lobby"]);
    expect(selectionBody(s)).toEqual({ officeIds: [3, 9], terminalIds: [42], includeChildren: true });
    expect(selectionBody({ ...s, includeChildren: false }).includeChildren).toBe(false);
  });

  it("makes a body the contract accepts, and equal selections equal bodies", () => {
    const a = pick(EMPTY_SELECTION, ["group", 5, "Windows"], ["group", 2, "Tills"]);
    const b = pick(EMPTY_SELECTION, ["group", 2, "Tills"], ["group", 5, "Windows"]);
    expect(JSON.stringify(selectionBody(a))).toBe(JSON.stringify(selectionBody(b)));
    expect(TerminalSelection.parse(selectionBody(a))).toEqual({ groupIds: [2, 5], includeChildren: true });
  });

  it("is empty until something is chosen, and again once every tag is removed", () => {
    expect(isEmptySelection(EMPTY_SELECTION)).toBe(true);
    expect(selectionBody(EMPTY_SELECTION)).toEqual({ includeChildren: true });
    const s = pick(EMPTY_SELECTION, ["office", 1, "HQ"], ["group", 1, "Tills"]);
    expect(isEmptySelection(s)).toBe(false);
    const cleared = selectionTags(s).reduce((acc, tag) => toggleChosen(acc, tag.kind, tag, false), s);
    expect(isEmptySelection(cleared)).toBe(true);
  });

  it("keeps an office and a group of the same id apart", () => {
    const s = pick(EMPTY_SELECTION, ["office", 7, "Rome"], ["group", 7, "Windows"]);
    const without = toggleChosen(s, "office", { id: 7, name: "Rome" }, false);
    expect(selectionBody(without)).toEqual({ groupIds: [7], includeChildren: true });
  });

  it("lists tags offices first, then groups, then terminals, each in the order chosen", () => {
    const s = pick(
      EMPTY_SELECTION,
      ["terminal", 1, "T1"],
      ["group", 4, "G"],
      ["office", 8, "O8"],
      ["office", 2, "O2"],
    );
    expect(selectionTags(s).map((t) => `${t.kind}:${t.id}`)).toEqual([
      "office:8",
      "office:2",
      "group:4",
      "terminal:1",
    ]);
  });

  it("takes the search table's selection across pages as the chosen terminals", () => {
    const rows = new Map([
      [3, { id: 3, name: "Hall", status: "online" }],
      [11, { id: 11, name: "Gate", status: "offline" }],
    ]);
    const s = withTerminals(pick(EMPTY_SELECTION, ["terminal", 99, "Old"], ["office", 1, "HQ"]), rows);
    expect(selectionBody(s)).toEqual({ terminalIds: [3, 11], officeIds: [1], includeChildren: true });
    expect(s.terminals.get(3)).toEqual({ id: 3, name: "Hall" });
  });
});

describe("offices covered by a chosen parent", () => {
  const tree = [
    {
      id: 1,
      children: [
        { id: 2, children: [{ id: 3, children: [] }] },
        { id: 4, children: [] },
      ],
    },
    { id: 5, children: [] },
  ];
  const key = (n: { id: number }) => `o:${n.id}`;

  it("marks everything below a chosen office while sub-offices are included", () => {
    expect([...coveredKeys(tree, key, new Set(["o:2"]), true)]).toEqual(["o:3"]);
    expect([...coveredKeys(tree, key, new Set(["o:1"]), true)].sort()).toEqual(["o:2", "o:3", "o:4"]);
  });

  it("marks nothing when sub-offices are left out", () => {
    expect(coveredKeys(tree, key, new Set(["o:1"]), false).size).toBe(0);
  });
});

describe("the publish screens' address and review", () => {
  it("reads kind and id, and refuses anything else", () => {
    expect(parsePublishParams(new URLSearchParams("kind=plan&id=12"))).toEqual({ kind: "plan", id: 12 });
    for (const qs of [
      "kind=plan",
      "id=3",
      "kind=folder&id=3",
      "kind=program&id=0",
      "kind=message&id=1.5",
      "kind=program&id=x",
    ])
      expect(parsePublishParams(new URLSearchParams(qs)), qs).toBeNull();
  });

  it("blocks unapproved content only while review is on", () => {
    expect(reviewBlock(false, "draft")).toBeNull();
    expect(reviewBlock(true, "draft")).toBe("submit");
    expect(reviewBlock(true, "rejected")).toBe("submit");
    expect(reviewBlock(true, "pending")).toBe("pending");
    expect(reviewBlock(true, "approved")).toBeNull();
    expect(reviewBlock(true, "published")).toBeNull();
  });

  it("wants a name and, for a timed publication, a time in the future", () => {
    const now = Date.parse("2025-03-10T12:00:00Z");
    expect(settingsErrors("Spring", { mode: "now" }, now)).toEqual({});
    expect(settingsErrors("  ", { mode: "now" }, now).name).toBe("publish.settings.nameRequired");
    expect(settingsErrors("x".repeat(121), { mode: "now" }, now).name).toBe("publish.settings.nameTooLong");
    expect(settingsErrors("Spring", { mode: "at", at: null }, now).time).toBe(
      "publish.settings.timeRequired",
    );
    expect(settingsErrors("Spring", { mode: "at", at: dayjs(now - 60_000) }, now).time).toBe(
      "publish.settings.timeInPast",
    );
    expect(settingsErrors("Spring", { mode: "at", at: dayjs(now + 60_000) }, now)).toEqual({});
  });

  it("offers the content's name and the time as the publish name, within the limit", () => {
    expect(defaultPublishName("Menu", dayjs("2025-03-10T08:05:00"))).toBe("Menu 2025-03-10 08:05:00");
    expect(defaultPublishName("y".repeat(200)).length).toBe(120);
  });
});
