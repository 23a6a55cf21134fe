import type { Candidate, ScheduleMessage, Why } from "@marquee/schedule";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import {
  instantFormatter,
  untilText,
  type WhyContext,
  weekdaysText,
  whySentence,
  windowText,
} from "../src/features/publish/why";
import en from "../src/locales/en/publish";
import fr from "../src/locales/fr/publish";
import it_ from "../src/locales/it/publish";
import ru from "../src/locales/ru/publish";
import zh_CN from "../src/locales/zh_CN/publish";
import zh_TW from "../src/locales/zh_TW/publish";

const CATALOGUES = { en, fr, it: it_, ru, zh_CN, zh_TW };
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: "en",
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      Object.entries(CATALOGUES).map(([l, publish]) => [l, { translation: { publish } }]),
    ),
  });
});

const PROGRAMS = new Map([
  [10, "Breakfast menu"],
  [20, "Evacuation notice"],
  [30, "Brand loop"],
]);

function ctx(lng = "en"): WhyContext {
  return {
    t: i18n.getFixedT(lng),
    programName: (id) => PROGRAMS.get(id) ?? `#${id}`,
    formatInstant: (ms) => new Date(ms).toISOString().slice(11, 16),
  };
}

const candidate = (over: Partial<Candidate> = {}): Candidate => ({
  planId: 1,
  planName: "Spring",
  source: "plan",
  publicationId: 7,
  itemId: "a1",
  programId: 10,
  tier: "normal",
  mode: { kind: "loop" },
  windowStart: 0,
  windowEnd: 0,
  rule: {
    startDate: "2025-03-01",
    endDate: "2025-03-31",
    weekdays: [1, 2, 3, 4, 5],
    window: { start: "07:00", end: "10:30" },
  },
  ...over,
});

const message = (over: Partial<ScheduleMessage> = {}): ScheduleMessage => ({
  id: 3,
  name: "Fire drill",
  publicationId: 9,
  startAt: null,
  endAt: null,
  doc: {
    kind: "notice",
    text: "Leave the building",
    fontFamily: "",
    fontSize: 48,
    bold: true,
    color: "#ffffff",
    background: "#cc0000",
    opacity: 100,
    position: "full",
    speed: 120,
    repeat: 0,
    noticeSec: 10,
    priority: "emergency",
    emergencyDisplay: "alone",
  },
  ...over,
});

describe("why → sentence", () => {
  it("plays: the program, its tier, its plan and the item's rule", () => {
    const s = whySentence({ kind: "plays", candidate: candidate() }, ctx());
    expect(s).toBe(
      "Breakfast menu plays (Normal tier) from plan “Spring”: 2025-03-01 to 2025-03-31, Mon–Fri, 07:00–10:30.",
    );
  });

  it("plays without a rule: a program published or assigned on its own", () => {
    const s = whySentence(
      { kind: "plays", candidate: candidate({ source: "assigned", rule: null, planName: "x" }) },
      ctx(),
    );
    expect(s).toBe("Breakfast menu plays (Normal tier) from the programs assigned to this screen.");
    const published = whySentence(
      { kind: "plays", candidate: candidate({ source: "program", planName: "Lobby loop", rule: null }) },
      ctx(),
    );
    expect(published).toContain("the published program “Lobby loop”");
  });

  it("overrules: which program won over which, with both tiers and where the loser comes from", () => {
    const why: Why = {
      kind: "overrules",
      winner: candidate({ programId: 20, tier: "high" }),
      loser: candidate({ programId: 30, tier: "filler", planName: "Brand" }),
    };
    expect(whySentence(why, ctx())).toBe(
      "Evacuation notice (High) overrules Brand loop (Filler) from plan “Brand”.",
    );
  });

  it("plays with a rule that leaves nothing out: no dates or hours to explain", () => {
    const always = candidate({
      source: "program",
      planName: "Lobby loop",
      rule: {
        startDate: "2000-01-01",
        endDate: null,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        window: { start: "00:00", end: "24:00" },
      },
    });
    expect(whySentence({ kind: "plays", candidate: always }, ctx())).toBe(
      "Breakfast menu plays (Normal tier) from the published program “Lobby loop”.",
    );
    const evenings = candidate({
      rule: { ...(always.rule as NonNullable<Candidate["rule"]>), window: { start: "18:00", end: "02:00" } },
    });
    expect(whySentence({ kind: "plays", candidate: evenings }, ctx())).toBe(
      "Breakfast menu plays (Normal tier) from plan “Spring”: from 2000-01-01, every day, 18:00–02:00 the next day.",
    );
  });

  it("default: the plan's program for empty time", () => {
    const why: Why = {
      kind: "default",
      candidate: candidate({ programId: 30, itemId: null, tier: "filler", rule: null }),
    };
    expect(whySentence(why, ctx())).toBe(
      "Nothing is scheduled now, so plan “Spring” plays its default program Brand loop.",
    );
  });

  it("nothing: says the screen shows nothing and why", () => {
    expect(whySentence({ kind: "nothing" }, ctx())).toMatch(/no plan has a default program/);
  });

  it("interrupt: the emergency message, until its end when it has one", () => {
    expect(whySentence({ kind: "interrupt", message: message() }, ctx())).toBe(
      "Emergency message “Fire drill” interrupts the programs.",
    );
    const until = Date.parse("2025-03-10T14:45:00Z");
    expect(whySentence({ kind: "interrupt", message: message({ endAt: until }) }, ctx())).toBe(
      "Emergency message “Fire drill” interrupts the programs until 14:45.",
    );
  });

  it("over: an emergency message shown over the programs says so rather than interrupting them", () => {
    const over = message({ doc: { ...message().doc, emergencyDisplay: "over" } });
    expect(whySentence({ kind: "interrupt", message: over }, ctx())).toBe(
      "Emergency message “Fire drill” shows over the programs.",
    );
    const until = Date.parse("2025-03-10T14:45:00Z");
    expect(whySentence({ kind: "interrupt", message: { ...over, endAt: until } }, ctx())).toBe(
      "Emergency message “Fire drill” shows over the programs until 14:45.",
    );
  });

  it("words every kind in the reader's language, with the names in place", () => {
    const whys: Why[] = [
      { kind: "plays", candidate: candidate() },
      {
        kind: "overrules",
        winner: candidate({ programId: 20, tier: "high" }),
        loser: candidate({ programId: 30 }),
      },
      { kind: "default", candidate: candidate({ programId: 30, rule: null }) },
      { kind: "nothing" },
      { kind: "interrupt", message: message() },
    ];
    for (const lng of Object.keys(CATALOGUES).filter((l) => l !== "en")) {
      for (const why of whys) {
        const s = whySentence(why, ctx(lng));
        expect(s, `${lng} ${why.kind}`).not.toBe(whySentence(why, ctx("en")));
        expect(s, `${lng} ${why.kind}`).not.toMatch(/publish\.|\{\{/);
      }
    }
    const zh = whySentence({ kind: "plays", candidate: candidate() }, ctx("zh_CN"));
    expect(zh).toContain("Breakfast menu");
    expect(zh).toContain("周一–周五");
    expect(zh).toContain("计划“Spring”");
  });
});

describe("the parts of a rule", () => {
  it("writes weekdays as runs", () => {
    const t = i18n.getFixedT("en");
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7], t)).toBe("every day");
    expect(weekdaysText([6, 7], t)).toBe("Sat, Sun");
    expect(weekdaysText([1, 3, 4, 5, 7], t)).toBe("Mon, Wed–Fri, Sun");
  });

  it("writes windows across midnight and the whole day", () => {
    const t = i18n.getFixedT("en");
    expect(windowText({ start: "22:00", end: "02:00" }, t)).toBe("22:00–02:00 the next day");
    expect(windowText({ start: "00:00", end: "24:00" }, t)).toBe("all day");
    expect(windowText({ start: "06:00", end: "06:00" }, t)).toBe("all day");
    expect(windowText({ start: "18:00", end: "24:00" }, t)).toBe("18:00–24:00");
  });

  it("says until when, or that nothing changes within the horizon", () => {
    expect(untilText(null, ctx())).toBe("No change scheduled in the coming 8 days");
    expect(untilText(Date.parse("2025-03-10T10:30:00Z"), ctx())).toBe(
      "Holds until 10:30 at least: the next point where the schedule can change",
    );
  });

  it("reads instants on the screen's clock: the time alone today there, the date otherwise", () => {
    const now = Date.parse("2026-03-04T21:30:00Z"); // 22:30 in Rome, 06:30 next day in Tokyo
    const rome = instantFormatter("Europe/Rome", now);
    expect(rome(Date.parse("2026-03-04T22:00:00Z"))).toBe("23:00");
    expect(rome(Date.parse("2026-03-04T23:00:00Z"))).toBe("2026-03-05 00:00");
    const tokyo = instantFormatter("Asia/Tokyo", now);
    expect(tokyo(Date.parse("2026-03-04T23:00:00Z"))).toBe("08:00");
    expect(instantFormatter("Not/AZone", now)(now)).toMatch(/^\d{2}:\d{2}$/);
  });
});
