import { PubMessageSaveBody } from "@marquee/contracts";
import { MessageDoc } from "@marquee/schedule";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  docOf,
  emptyValues,
  endPassed,
  endsBeforeStart,
  excerpt,
  formFieldOf,
  fromDetail,
  type MessageFormValues,
  previewSize,
  timesProblem,
  toSaveBody,
} from "../src/features/publishMessage/form";

const values = (patch: Partial<MessageFormValues> = {}): MessageFormValues => ({
  ...emptyValues(),
  name: "  Closing time ",
  text: "  The store closes at 21:00\n",
  ...patch,
});

describe("the message form's save body", () => {
  it("creates a message with a valid doc, trimmed, with open times", () => {
    const body = toSaveBody(values(), null);
    expect(body).not.toHaveProperty("id");
    expect(body).not.toHaveProperty("version");
    expect(body.name).toBe("Closing time");
    expect(body.doc.text).toBe("The store closes at 21:00");
    expect(body.startAt).toBeNull();
    expect(body.endAt).toBeNull();
    expect(PubMessageSaveBody.safeParse(body).success).toBe(true);
  });

  it("updates at the saved version, and overwrites only when told to", () => {
    const saved = { id: 7, version: 3, state: "draft" as const };
    expect(toSaveBody(values(), saved)).toMatchObject({ id: 7, version: 3 });
    expect(toSaveBody(values(), saved)).not.toHaveProperty("force");
    expect(toSaveBody(values(), saved, true)).toMatchObject({ id: 7, version: 3, force: true });
    // A new message has no version to overwrite.
    expect(toSaveBody(values(), null, true)).not.toHaveProperty("force");
  });

  it("sends the times as ISO instants on whole minutes, which the contract accepts", () => {
    const start = dayjs("2026-03-01T08:30:45.123");
    const end = dayjs("2026-03-02T18:00:00");
    const body = toSaveBody(values({ startAt: start, endAt: end }), null);
    expect(body.startAt).toBe(dayjs("2026-03-01T08:30:00").toISOString());
    expect(body.endAt).toBe(end.toISOString());
    expect(PubMessageSaveBody.safeParse(body).success).toBe(true);
  });

  it("rounds numbers and falls back to the defaults for cleared fields", () => {
    const doc = docOf(
      values({
        fontSize: 47.6,
        speed: null as unknown as number,
        repeat: undefined as unknown as number,
        color: "",
      }),
    );
    expect(doc.fontSize).toBe(48);
    expect(doc.speed).toBe(120);
    expect(doc.repeat).toBe(0);
    expect(doc.color).toBe("#ffffff");
    expect(MessageDoc.safeParse(doc).success).toBe(true);
  });

  it("keeps an emergency notice as chosen", () => {
    const doc = docOf(
      values({ kind: "notice", priority: "emergency", position: "full", noticeSec: 30, repeat: 2 }),
    );
    expect(doc).toMatchObject({
      kind: "notice",
      priority: "emergency",
      position: "full",
      noticeSec: 30,
      repeat: 2,
    });
  });

  it("loads a saved message back into the same values", () => {
    const doc: MessageDoc = {
      ...docOf(values()),
      kind: "notice",
      bold: true,
      fontFamily: "Noto Sans CJK SC",
    };
    const v = fromDetail({
      message: {
        id: 4,
        name: "Closing time",
        state: "approved",
        version: 2,
        kind: "notice",
        priority: "normal",
        text: doc.text,
        startAt: "2026-03-01T08:30:00.000Z",
        endAt: null,
        publicationCount: 0,
        terminalCount: 0,
        creatorId: 1,
        creatorName: "Ann",
        updatedByName: "Ann",
        createDate: "2026-02-01T00:00:00.000Z",
        updateDate: "2026-02-01T00:00:00.000Z",
      },
      doc,
    });
    expect(v.name).toBe("Closing time");
    expect(v.startAt?.toISOString()).toBe("2026-03-01T08:30:00.000Z");
    expect(v.endAt).toBeNull();
    const again = toSaveBody(v, { id: 4, version: 2, state: "approved" });
    expect(again.doc).toEqual(doc);
    expect(again.startAt).toBe("2026-03-01T08:30:00.000Z");
  });
});

describe("the message form's times", () => {
  const now = dayjs("2026-03-01T12:00:00");
  it("refuses an end at or before the start", () => {
    expect(endsBeforeStart(now, now)).toBe(true);
    expect(endsBeforeStart(now, now.subtract(1, "minute"))).toBe(true);
    expect(endsBeforeStart(now, now.add(1, "minute"))).toBe(false);
    // Open on either side: nothing to compare.
    expect(endsBeforeStart(null, now)).toBe(false);
    expect(endsBeforeStart(now, null)).toBe(false);
    expect(timesProblem(now, now.subtract(1, "hour"), now.subtract(1, "day"))).toBe("endBeforeStart");
  });

  it("warns of an end already past", () => {
    expect(endPassed(now.subtract(1, "minute"), now)).toBe(true);
    expect(endPassed(now.add(1, "minute"), now)).toBe(false);
    expect(endPassed(null, now)).toBe(false);
    expect(timesProblem(null, now.subtract(1, "hour"), now)).toBe("endPast");
    expect(timesProblem(now.add(1, "hour"), now.add(2, "hour"), now)).toBeNull();
  });

  it("puts a server field error on the form field it names", () => {
    expect(formFieldOf("doc.text")).toBe("text");
    expect(formFieldOf("doc.fontSize")).toBe("fontSize");
    expect(formFieldOf("endAt")).toBe("endAt");
    expect(formFieldOf("name")).toBe("name");
    expect(formFieldOf("doc")).toBeNull();
  });
});

describe("the message preview and lists", () => {
  it("draws a 16:9 screen at the width available", () => {
    expect(previewSize(640)).toEqual({ width: 640, height: 360 });
    expect(previewSize(712.8)).toEqual({ width: 712, height: 401 });
    expect(previewSize(0)).toEqual({ width: 160, height: 90 });
  });

  it("cuts a long text to one short line", () => {
    expect(excerpt("Hello\n  world")).toBe("Hello world");
    const long = "x".repeat(100);
    expect(excerpt(long, 20)).toHaveLength(20);
    expect(excerpt(long, 20).endsWith("…")).toBe(true);
  });
});
