import { describe, expect, it } from "vitest";
import { noticeMsg, renderNotice, renderNoticeValue } from "../src/message";

describe("notices rendered in the reader's language", () => {
  it("translates catalogue values, lines and multilingual texts when read", () => {
    const values = { name: "Lobby", result: noticeMsg("program.state.approved") };
    expect(renderNotice("en", "plan.reviewNotice", values)).toBe("Play plan Lobby: Approved");
    expect(renderNotice("it", "plan.reviewNotice", values)).toBe(
      `Piano di riproduzione Lobby: ${renderNoticeValue("it", noticeMsg("program.state.approved"))}`,
    );
    expect(renderNoticeValue("ru", { lines: ["a", 1, noticeMsg("alarm.kind.fault")] })).toBe(
      "a\n1\nНеисправность",
    );
    expect(renderNoticeValue("fr", { l: { en: "Storage", fr: "Stockage" } })).toBe("Stockage");
    expect(renderNoticeValue("ru", { l: { en: "Storage", fr: "Stockage" } })).toBe("Storage");
  });

  it("answers null for an unknown key and renders odd stored values as nothing", () => {
    expect(renderNotice("en", "no.such.key", {})).toBeNull();
    expect(renderNotice("en", null, {})).toBeNull();
    expect(renderNotice("en", "toString", {})).toBeNull();
    expect(renderNoticeValue("en", { t: "no.such.key" })).toBe("");
    expect(renderNoticeValue("en", [1, 2])).toBe("");
    expect(renderNoticeValue("en", null)).toBe("");
    // nesting is bounded
    let deep: unknown = "x";
    for (let i = 0; i < 10; i++) deep = { lines: [deep] };
    expect(renderNoticeValue("en", deep)).toBe("");
  });
});
