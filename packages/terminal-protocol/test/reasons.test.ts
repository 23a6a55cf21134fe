import { describe, expect, it } from "vitest";
import {
  AckFrame,
  DeliveryItem,
  decodeReason,
  EventFrame,
  messageFields,
  PLAYER_REASONS,
  playerReason,
  playerReasonText,
  REASON_CODES,
  ReasonError,
  reasonFields,
  storedReason,
  whyOf,
  whyText,
} from "../src";

describe("a player's reasons as codes", () => {
  it("counts every player code among the reason codes, once", () => {
    for (const code of Object.keys(PLAYER_REASONS)) expect(REASON_CODES).toContain(code);
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
  });

  it("writes each sentence from its code and values", () => {
    expect(playerReasonText("argWholeRange", { name: "volume", min: 0, max: 100 })).toBe(
      "volume must be a whole number from 0 to 100",
    );
    expect(whyText(playerReason("programDownloading", { name: "Menu", id: 3, files: 2 }))).toBe(
      "program Menu (#3): 2 file(s) not downloaded yet",
    );
    // Words of its own stay as they are.
    expect(whyText("no disk")).toBe("no disk");
    for (const code of Object.keys(PLAYER_REASONS) as (keyof typeof PLAYER_REASONS)[])
      expect(playerReasonText(code, {})).not.toMatch(/\{\{/);
  });

  it("sends a reason the player made as its words with its code and values, and words of its own alone", () => {
    expect(reasonFields(playerReason("fileHttp", { file: "m9.png", status: 404 }))).toEqual({
      reason: "m9.png: HTTP 404",
      reasonCode: "fileHttp",
      reasonValues: { file: "m9.png", status: 404 },
    });
    expect(reasonFields(playerReason("untilPast"))).toEqual({
      reason: "until is already past",
      reasonCode: "untilPast",
    });
    expect(reasonFields("schedule: boom")).toEqual({ reason: "schedule: boom" });
    // Within the lengths a frame takes: the words cut, each value too.
    const long = reasonFields(playerReason("fileFailed", { file: "a.png", error: "e".repeat(900) }));
    expect(long.reason).toHaveLength(500);
    expect(String(long.reasonValues?.error)).toHaveLength(500);
    const event = EventFrame.parse({
      type: "event",
      kind: "playbackError",
      ...messageFields(playerReason("programSkipped", { name: "Menu", id: 3, error: "doc: bad" })),
      at: 1,
    });
    expect(event).toMatchObject({
      message: "program Menu (#3) skipped: doc: bad",
      messageCode: "programSkipped",
      messageValues: { name: "Menu", id: 3, error: "doc: bad" },
    });
    // An older player's event (no code) is still a valid frame.
    expect(
      EventFrame.parse({ type: "event", kind: "fault", message: "fan", at: 1 }).messageCode,
    ).toBeUndefined();
  });

  it("carries a reason through an exception", () => {
    const e = new ReasonError(playerReason("noCanvas"));
    expect(e.message).toBe("no 2D canvas");
    expect(whyOf(e)).toEqual({ code: "noCanvas" });
    expect(whyOf(new Error("boom"))).toBe("boom");
    expect(whyOf("plain")).toBe("plain");
  });

  it("takes the code beside the words in an ack and a delivery item, and stores a known one coded", () => {
    const ack = AckFrame.parse({
      type: "ack",
      id: "c1",
      ok: false,
      reason: "until is already past",
      reasonCode: "untilPast",
    });
    expect(storedReason(ack.reason, ack.reasonCode, ack.reasonValues)).toBe('{"code":"untilPast"}');
    const item = DeliveryItem.parse({
      publicationId: 1,
      state: "failed",
      reason: "m9.png: HTTP 404",
      reasonCode: "fileHttp",
      reasonValues: { file: "m9.png", status: 404 },
    });
    const stored = storedReason(item.reason, item.reasonCode, item.reasonValues);
    expect(decodeReason(stored)).toEqual({ code: "fileHttp", values: { file: "m9.png", status: 404 } });
    // An unknown code (a newer player's) or none (an older player's): the words.
    expect(storedReason("a new failure", "somethingNew", undefined)).toBe("a new failure");
    expect(storedReason("no disk", undefined, undefined)).toBe("no disk");
    expect(storedReason(undefined, undefined, undefined)).toBeNull();
    // A coded reason longer than a reason column keeps: the words.
    expect(storedReason("x", "fileFailed", { file: "a.png", error: "e".repeat(600) })).toBe("x");
  });
});
