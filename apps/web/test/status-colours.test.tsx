// @vitest-environment jsdom
import type { TerminalCountOffice } from "@marquee/contracts";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChartCard } from "../src/components/ChartCard";
import { STATUS_PALETTE } from "../src/config/statusColors";
import { dailyOption, officeStatusSeries } from "../src/features/statistics/charts";
import { PagedCard } from "../src/features/statistics/PagedCard";
import { STATUS_COLORS } from "../src/features/terminal/status";
import "./system-helpers";

const office: TerminalCountOffice = {
  officeId: 1,
  officeName: "Milano",
  total: 9,
  online: 5,
  offline: 2,
  fault: 1,
  unauthorised: 1,
  disabled: 0,
};

describe("status colours: one palette across the console", () => {
  it("gives the terminal statuses the palette's colours: online green, offline grey, fault red, pending amber", () => {
    expect(STATUS_PALETTE).toMatchObject({
      online: "#52c41a",
      offline: "#8c8c8c",
      fault: "#ff4d4f",
      pending: "#faad14",
    });
    expect(STATUS_COLORS.online).toBe(STATUS_PALETTE.online);
    expect(STATUS_COLORS.offline).toBe(STATUS_PALETTE.offline);
    expect(STATUS_COLORS.fault).toBe(STATUS_PALETTE.fault);
    expect(STATUS_COLORS.unauthorised).toBe(STATUS_PALETTE.pending);
  });

  it("paints the statistics' terminals by institution in those colours, not the chart's own (offline was green, online blue)", () => {
    const series = officeStatusSeries([office], (s) => s);
    const colour = Object.fromEntries(series.map((s) => [s.name, s.color]));
    expect(colour).toMatchObject({
      online: STATUS_PALETTE.online,
      offline: STATUS_PALETTE.offline,
      fault: STATUS_PALETTE.fault,
      unauthorised: STATUS_PALETTE.pending,
    });
    expect(series.find((s) => s.name === "online")?.data).toEqual([5]);
  });

  it("passes a series' colour to the chart", () => {
    const option = dailyOption(
      ["2024-05-06"],
      [{ name: "on", type: "bar", data: [1], color: "#123456" }],
      ["n"],
    );
    expect((option.series as Array<{ itemStyle?: { color: string } }>)[0]?.itemStyle?.color).toBe("#123456");
  });
});

describe("statistics card heads", () => {
  const title = "Терминалы по учреждениям сейчас — длинный заголовок";
  it("put a chart card's toolbar in a wrapping row beside the title, not in antd's extra that squeezes it", () => {
    const { container } = render(
      <ChartCard
        title={title}
        testId="c"
        option={{}}
        columns={[{ key: "a", title: "A", value: () => 1 }]}
        rows={[]}
        rowKey={() => "x"}
        fileName="f"
      />,
    );
    const head = screen.getByTestId("c-head");
    expect(head.style.flexWrap).toBe("wrap");
    expect(head.textContent).toContain(title);
    expect(head.contains(screen.getByTestId("c-toolbar"))).toBe(true);
    expect(screen.getByTestId("c-toolbar").contains(screen.getByTestId("c-export"))).toBe(true);
    expect(container.querySelector(".ant-card-extra")).toBeNull();
  });
  it("does the same for a paged card's search", () => {
    const { container } = render(
      <PagedCard
        title={title}
        testId="p"
        rows={[]}
        total={0}
        loading={false}
        rowKey="id"
        columns={[]}
        sortable={[]}
        defaultSort="x"
        paging={{ pageNo: 1, pageSize: 10, sort: "x", order: "desc" }}
        onPaging={() => {}}
        searchPlaceholder="search"
      />,
    );
    expect(screen.getByTestId("p-toolbar").contains(screen.getByTestId("p-search"))).toBe(true);
    expect(container.querySelector(".ant-card-extra")).toBeNull();
  });
});
