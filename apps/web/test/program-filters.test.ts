import type { ProgramSummary } from "@marquee/contracts";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  newestFirst,
  sizeQuery,
  toProgramQuery,
} from "../src/features/program/filters";

const program = (id: number, updateDate: string): ProgramSummary => ({
  id,
  name: `P${id}`,
  width: 1920,
  height: 1080,
  state: "draft",
  version: 1,
  sceneCount: 1,
  widgetCount: 0,
  mediaBytes: 0,
  thumbUrl: null,
  creatorId: 1,
  creatorName: "a",
  updatedByName: "a",
  createDate: "2024-01-01T00:00:00Z",
  updateDate,
});

describe("program list filters", () => {
  it("turns a size choice into width and height", () => {
    expect(sizeQuery(undefined)).toEqual({});
    expect(sizeQuery("landscapeFhd")).toEqual({ width: 1920, height: 1080 });
    expect(sizeQuery("portraitUhd")).toEqual({ width: 2160, height: 3840 });
    expect(sizeQuery("custom", 800, 600)).toEqual({ width: 800, height: 600 });
    expect(sizeQuery("custom", 800)).toEqual({ width: 800, height: undefined });
  });
  it("builds the list query, with only mine and the created range", () => {
    const from = dayjs("2024-03-01T15:00:00");
    const to = dayjs("2024-03-05T08:00:00");
    const q = toProgramQuery(
      {
        ...EMPTY_FILTERS,
        name: "  lobby ",
        size: "landscapeHd",
        state: "rejected",
        mine: true,
        range: [from, to],
      },
      { pageNo: 2, pageSize: 24, userId: 7 },
    );
    expect(q).toEqual({
      pageNo: 2,
      pageSize: 24,
      name: "lobby",
      width: 1280,
      height: 720,
      state: "rejected",
      creatorId: 7,
      beginTime: from.startOf("day").toISOString(),
      endTime: to.endOf("day").toISOString(),
      sort: "updateDate",
      order: "desc",
    });
  });
  it("leaves out what is not chosen", () => {
    const q = toProgramQuery(
      { ...EMPTY_FILTERS, mine: false, sort: "name", order: "asc" },
      { pageNo: 1, pageSize: 12, userId: 7 },
    );
    expect(q).toEqual({
      pageNo: 1,
      pageSize: 12,
      name: undefined,
      state: undefined,
      creatorId: undefined,
      beginTime: undefined,
      endTime: undefined,
      sort: "name",
      order: "asc",
    });
  });
  it("knows when filters narrow the list", () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sort: "name", order: "asc" })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, name: "  " })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, name: "x" })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, size: "custom" })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, state: "draft" })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, mine: true })).toBe(true);
  });
  it("merges the recent drafts and rejected programs, newest first", () => {
    const drafts = [program(1, "2024-05-03T10:00:00Z"), program(2, "2024-05-01T10:00:00Z")];
    const rejected = [program(3, "2024-05-02T10:00:00Z"), program(1, "2024-05-03T10:00:00Z")];
    expect(newestFirst([drafts, rejected], 8).map((p) => p.id)).toEqual([1, 3, 2]);
    expect(newestFirst([drafts, rejected], 2).map((p) => p.id)).toEqual([1, 3]);
    expect(newestFirst([], 8)).toEqual([]);
  });
});
