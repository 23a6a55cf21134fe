import { theme } from "antd";
import { BarChart, LineChart, PieChart } from "echarts/charts";
import {
  DatasetComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from "echarts/components";
import { type EChartsCoreOption, type EChartsType, init, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

// Only what the console draws (tree-shaken); SVG renders crisply in screenshots and works in jsdom.
use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DatasetComponent,
  DataZoomComponent,
  SVGRenderer,
]);

export type ChartOption = EChartsCoreOption;

/**
 * One ECharts chart: created once, given each new option whole (notMerge, so
 * a series that went away goes away), resized with its box and disposed on
 * unmount. Text follows the console's theme colours.
 */
export function EChart({
  option,
  height = 300,
  testId,
}: {
  option: ChartOption;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = init(el, undefined, { renderer: "svg" });
    chart.current = c;
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => c.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        textStyle: { color: token.colorText, fontFamily: token.fontFamily },
        color: [
          token.colorPrimary,
          token.colorSuccess,
          token.colorWarning,
          token.colorError,
          "#722ed1",
          "#13c2c2",
          "#eb2f96",
          "#fa8c16",
        ],
        ...option,
      },
      { notMerge: true },
    );
  }, [option, token]);

  return <div ref={box} style={{ width: "100%", height }} data-testid={testId} />;
}
