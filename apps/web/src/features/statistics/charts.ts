import type { TerminalCountOffice } from "@marquee/contracts";
import type { ChartOption } from "../../components/EChart";
import { STATUS_COLORS } from "../terminal/status";

/** A value axis: its name with the unit; counts (the default) tick on whole numbers, hours and % do not. */
export type Axis = string | { name: string; fractional: true };
const valueAxis = (axis: Axis, i: number) => ({
  type: "value",
  name: typeof axis === "string" ? axis : axis.name,
  ...(typeof axis === "string" ? { minInterval: 1 } : {}),
  ...(i > 0 ? { splitLine: { show: false } } : {}),
});

/** One series of a daily chart: its name (with its unit), how it is drawn and its figure per day. */
export interface DailySeries {
  name: string;
  type: "line" | "bar";
  data: Array<number | null>;
  /** 1 for the right-hand axis. */
  axis?: 0 | 1;
  stack?: string;
  area?: boolean;
  /** A fixed colour (a status's, from the shared palette); else the chart's own. */
  color?: string;
}

/**
 * A chart over the days of the range: days along the bottom, one or two value
 * axes named with their unit, a tooltip over all series of a day.
 */
export function dailyOption(days: string[], series: DailySeries[], axes: Axis[], yMax?: number): ChartOption {
  return {
    tooltip: { trigger: "axis" },
    legend: { top: 0, type: "scroll" },
    grid: { left: 56, right: axes.length > 1 ? 56 : 24, top: 48, bottom: 32 },
    xAxis: { type: "category", data: days, boundaryGap: series.some((s) => s.type === "bar") },
    yAxis: axes.map((axis, i) => ({
      ...valueAxis(axis, i),
      ...(i === 0 && yMax !== undefined ? { max: yMax } : {}),
    })),
    series: series.map((s) => ({
      name: s.name,
      type: s.type,
      data: s.data,
      yAxisIndex: s.axis ?? 0,
      ...(s.stack ? { stack: s.stack } : {}),
      ...(s.type === "line" ? { smooth: false, showSymbol: days.length <= 31, connectNulls: false } : {}),
      ...(s.area ? { areaStyle: { opacity: 0.15 } } : {}),
      ...(s.color ? { itemStyle: { color: s.color }, lineStyle: { color: s.color } } : {}),
    })),
  };
}

/** Bars over named categories (offices, types); a series may go on the right-hand axis (another unit). */
export function categoryOption(
  categories: string[],
  series: Array<{
    name: string;
    data: Array<number | null>;
    stack?: string;
    axis?: 0 | 1;
    type?: "bar" | "line";
    color?: string;
  }>,
  axes: Axis | Axis[],
): ChartOption {
  const names = [axes].flat();
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0, type: "scroll" },
    grid: { left: 56, right: names.length > 1 ? 56 : 24, top: 48, bottom: 56 },
    xAxis: {
      type: "category",
      data: categories,
      axisLabel: { interval: 0, rotate: categories.length > 6 ? 30 : 0 },
    },
    yAxis: names.map(valueAxis),
    series: series.map((s) => ({
      name: s.name,
      type: s.type ?? "bar",
      data: s.data,
      yAxisIndex: s.axis ?? 0,
      ...(s.stack ? { stack: s.stack } : {}),
      ...(s.color ? { itemStyle: { color: s.color } } : {}),
    })),
  };
}

/** A pie of named parts (hidden labels for tiny parts are echarts' own). */
export function pieOption(name: string, parts: Array<{ name: string; value: number }>): ChartOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}: {c} ({d}%)" },
    legend: { orient: "vertical", left: 0, top: "middle", type: "scroll" },
    series: [{ name, type: "pie", radius: ["40%", "70%"], center: ["60%", "50%"], data: parts }],
  };
}

/** Whether a daily series has anything to show: a range of zeros reads as "no data in this range". */
export const anyFigure = <Row>(rows: Row[], figures: Array<(r: Row) => number | null>): boolean =>
  rows.some((r) => figures.some((f) => (f(r) ?? 0) !== 0));

/** The statuses an office's terminals are stacked by, in the tiles' order. */
export const OFFICE_STATUSES = ["online", "offline", "fault", "unauthorised", "disabled"] as const;

/** Per office, a stacked bar per status in the console's status colours (online green, offline grey …). */
export function officeStatusSeries(
  offices: readonly TerminalCountOffice[],
  name: (status: (typeof OFFICE_STATUSES)[number]) => string,
) {
  return OFFICE_STATUSES.map((s) => ({
    name: name(s),
    data: offices.map((o) => o[s]),
    stack: "status",
    color: STATUS_COLORS[s],
  }));
}
