import { describe, expect, it } from "vitest";
import { RUNWAY_HORIZON_MS, runwayOf, type ScheduleInput } from "../src";
import { item, message, plan, t } from "./fixtures";

// Monday 2 June 2025, 10:00 in Rome (summer time, +02:00).
const NOW = t("2025-06-02T10:00:00+02:00");
const rome = (plans: ScheduleInput["plans"], messages: ScheduleInput["messages"] = []): ScheduleInput => ({
  plans,
  messages,
  timezone: "Europe/Rome",
});
const open = rome([plan(1, [item("always", { programId: 1 })])]);

describe("runwayOf", () => {
  it("is beyond the horizon when nothing the screen holds ends within 7 days", () => {
    expect(runwayOf({ schedule: open, now: NOW, mediaMissing: 0 })).toEqual({
      until: null,
      reason: "beyond",
      name: null,
    });
    // An item ending after the horizon plays on past it.
    const later = rome([plan(1, [item("a", { endDate: "2025-06-20" })])]);
    expect(runwayOf({ schedule: later, now: NOW, mediaMissing: 0 }).reason).toBe("beyond");
  });

  it("ends now while media are missing", () => {
    expect(runwayOf({ schedule: open, now: NOW, mediaMissing: 2 })).toEqual({
      until: NOW,
      reason: "mediaMissing",
      name: null,
    });
  });

  it("ends at the last window of a plan's item that ends, in the screen's time zone", () => {
    const ending = rome([
      plan(1, [item("always")]),
      plan(2, [item("sale", { endDate: "2025-06-04", windows: [{ start: "12:00", end: "14:00" }] })], {
        name: "Summer sale",
      }),
    ]);
    expect(runwayOf({ schedule: ending, now: NOW, mediaMissing: 0 })).toEqual({
      until: t("2025-06-04T14:00:00+02:00"),
      reason: "planEnds",
      name: "Summer sale",
    });
    // A window crossing midnight ends the next morning.
    const night = rome([
      plan(3, [item("n", { endDate: "2025-06-03", windows: [{ start: "22:00", end: "02:00" }] })]),
    ]);
    expect(runwayOf({ schedule: night, now: NOW, mediaMissing: 0 }).until).toBe(
      t("2025-06-04T02:00:00+02:00"),
    );
  });

  it("ends at a message's end time", () => {
    const endAt = t("2025-06-03T18:00:00+02:00");
    const withMessage = rome(open.plans, [message(9, { name: "Opening hours", endAt }), message(10)]);
    expect(runwayOf({ schedule: withMessage, now: NOW, mediaMissing: 0 })).toEqual({
      until: endAt,
      reason: "messageExpires",
      name: "Opening hours",
    });
    // An ended message, or one ending beyond the horizon, does not count.
    const other = rome(open.plans, [
      message(1, { endAt: NOW - 1 }),
      message(2, { endAt: NOW + RUNWAY_HORIZON_MS + 1 }),
    ]);
    expect(runwayOf({ schedule: other, now: NOW, mediaMissing: 0 }).reason).toBe("beyond");
  });

  it("ends when a data source of a program that plays goes stale since the last contact", () => {
    const lastContact = NOW - 30 * 60_000;
    const sources = [
      { programId: 1, name: "Menu prices", refreshSec: 3600 },
      // Program 7 plays nowhere within the horizon: its source does not matter.
      { programId: 7, name: "Unused", refreshSec: 60 },
    ];
    expect(runwayOf({ schedule: open, now: NOW, lastContact, mediaMissing: 0, sources })).toEqual({
      until: lastContact + 3_600_000,
      reason: "dataStale",
      name: "Menu prices",
    });
    // Already stale: now.
    expect(
      runwayOf({ schedule: open, now: NOW, lastContact: NOW - 7200_000, mediaMissing: 0, sources }).until,
    ).toBe(NOW);
  });

  it("takes the earliest of all, and ranks equal instants by reason", () => {
    const endAt = t("2025-06-04T14:00:00+02:00");
    const both = rome(
      [plan(2, [item("sale", { endDate: "2025-06-04", windows: [{ start: "12:00", end: "14:00" }] })])],
      [message(9, { endAt }), message(10, { endAt: t("2025-06-05T09:00:00+02:00") })],
    );
    expect(runwayOf({ schedule: both, now: NOW, mediaMissing: 0 })).toMatchObject({
      until: endAt,
      reason: "planEnds",
    });
  });
});
