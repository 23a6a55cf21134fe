import { TerminalAuthorizeBody, TerminalListQuery, type TerminalSummary } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { chunk, runLimited } from "../src/features/terminal/batch";
import { ENROL_CODE, normaliseCode } from "../src/features/terminal/enrol";
import { patchRows } from "../src/features/terminal/live";
import {
  ALL_SCOPE,
  clampPageSize,
  countScope,
  DEFAULT_PAGE_SIZE,
  EMPTY_FILTERS,
  hasActiveFilters,
  toTerminalQuery,
} from "../src/features/terminal/query";

const page = { pageNo: 1, pageSize: 50 };

describe("terminal list query", () => {
  it("sends only what is set, and the server's strict schema accepts it", () => {
    const q = toTerminalQuery(EMPTY_FILTERS, ALL_SCOPE, page);
    expect(q).toEqual({
      pageNo: 1,
      pageSize: 50,
      keyword: undefined,
      officeId: undefined,
      includeChildren: undefined,
      groupId: undefined,
      status: undefined,
      sort: "name",
      order: "asc",
    });
    expect(() => TerminalListQuery.parse(JSON.parse(JSON.stringify(q)))).not.toThrow();
  });

  it("trims the keyword, carries the status and sort, and scopes to an office with or without what lies below", () => {
    const q = toTerminalQuery(
      { keyword: "  lobby ", status: "offline", sort: "lastSeen", order: "desc" },
      { officeId: 7, includeChildren: false },
      { pageNo: 3, pageSize: 200 },
    );
    expect(q).toMatchObject({ keyword: "lobby", status: "offline", sort: "lastSeen", order: "desc" });
    expect(q).toMatchObject({
      officeId: 7,
      includeChildren: false,
      groupId: undefined,
      pageNo: 3,
      pageSize: 200,
    });
    expect(
      TerminalListQuery.parse({ ...q, includeChildren: String(q.includeChildren) }).includeChildren,
    ).toBe(false);
  });

  it("scopes to a group without includeChildren", () => {
    const q = toTerminalQuery(EMPTY_FILTERS, { officeId: 7, groupId: 3, includeChildren: true }, page);
    expect(q).toMatchObject({ officeId: 7, groupId: 3, includeChildren: undefined });
    expect(countScope({ officeId: 7, groupId: 3, includeChildren: true })).toEqual({ groupId: 3 });
    expect(countScope({ officeId: 7, includeChildren: true })).toEqual({ officeId: 7 });
    expect(countScope(ALL_SCOPE)).toEqual({ officeId: undefined });
  });

  it("keeps page sizes between 1 and 200 (50 by default)", () => {
    expect(clampPageSize(100)).toBe(100);
    expect(clampPageSize(500)).toBe(200);
    expect(clampPageSize(0)).toBe(DEFAULT_PAGE_SIZE);
    expect(clampPageSize(Number.NaN)).toBe(DEFAULT_PAGE_SIZE);
    expect(clampPageSize(12.5)).toBe(DEFAULT_PAGE_SIZE);
    expect(toTerminalQuery(EMPTY_FILTERS, ALL_SCOPE, { pageNo: 0, pageSize: 1000 })).toMatchObject({
      pageNo: 1,
      pageSize: 200,
    });
  });

  it("cuts a keyword to the 100 characters the server takes", () => {
    const q = toTerminalQuery({ ...EMPTY_FILTERS, keyword: "x".repeat(150) }, ALL_SCOPE, page);
    expect(q.keyword).toHaveLength(100);
    expect(() => TerminalListQuery.parse(JSON.parse(JSON.stringify(q)))).not.toThrow();
  });

  it("tells filters that narrow the list", () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, keyword: "  " })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, keyword: "a" })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, status: "fault" })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sort: "status", order: "desc" })).toBe(false);
  });
});

describe("enrolment code", () => {
  it("normalises what the operator typed to what the server compares", () => {
    expect(normaliseCode(" ab-12 c3 ")).toBe("AB12C3");
    expect(normaliseCode("abcdefgh")).toBe("ABCDEF");
    expect(normaliseCode(undefined)).toBe("");
    expect(ENROL_CODE.test(normaliseCode("a1b2c3"))).toBe(true);
    expect(ENROL_CODE.test(normaliseCode("a1b2"))).toBe(false);
    expect(TerminalAuthorizeBody.parse({ enrolCode: normaliseCode("x9-y8z7"), officeId: 1 }).enrolCode).toBe(
      "X9Y8Z7",
    );
  });
});

const row = (id: number, over: Partial<TerminalSummary> = {}): TerminalSummary => ({
  id,
  name: `Screen ${id}`,
  officeId: 1,
  officeName: "HQ",
  groupId: null,
  groupName: null,
  state: "authorised",
  status: "offline",
  online: false,
  fault: null,
  model: "web",
  version: "1.0.0",
  width: 1920,
  height: 1080,
  ip: null,
  enrolCode: "ABC123",
  programName: null,
  lastSeenAt: null,
  screenshotUrl: null,
  createDate: "2025-03-10T12:00:00Z",
  ...over,
});

describe("live status", () => {
  it("patches the rows that changed and keeps the others as they were", () => {
    const rows = [row(1), row(2), row(3)];
    const live = [
      {
        id: 2,
        status: "online" as const,
        online: true,
        lastSeenAt: "2025-03-10T12:01:00Z",
        programName: "Menu",
        screenshotUrl: null,
      },
      {
        id: 3,
        status: "offline" as const,
        online: false,
        lastSeenAt: null,
        programName: null,
        screenshotUrl: null,
      },
      {
        id: 99,
        status: "online" as const,
        online: true,
        lastSeenAt: null,
        programName: null,
        screenshotUrl: null,
      },
    ];
    const patched = patchRows(rows, live);
    expect(patched).toHaveLength(3);
    expect(patched[0]).toBe(rows[0]);
    expect(patched[2]).toBe(rows[2]);
    expect(patched[1]).toEqual({
      ...rows[1],
      status: "online",
      online: true,
      lastSeenAt: "2025-03-10T12:01:00Z",
      programName: "Menu",
    });
    expect(patchRows(rows, [])).toEqual(rows);
  });
});

describe("batches", () => {
  it("splits ids into calls of a bounded size", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
    expect(chunk([1, 2], 0)).toEqual([[1], [2]]);
  });

  it("runs one call per item a few at a time and reports the failures instead of stopping", async () => {
    let running = 0;
    let peak = 0;
    const r = await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((res) => setTimeout(res, 5));
      running -= 1;
      if (n % 3 === 0) throw new Error("refused");
    });
    expect(peak).toBe(3);
    expect(r.ok.sort()).toEqual([1, 2, 4, 5, 7]);
    expect(r.failed.sort()).toEqual([3, 6]);
    expect(await runLimited([], 3, async () => undefined)).toEqual({ ok: [], failed: [] });
  });
});
