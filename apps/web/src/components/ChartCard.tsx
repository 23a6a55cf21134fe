import { DownloadOutlined } from "@ant-design/icons";
import { Button, Card, Empty, Segmented, Space, Table, type TableColumnsType } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardHead } from "./CardHead";
import { type ChartOption, EChart } from "./EChart";

/** A table column of a chart card: its title and how a row reads for the table and the CSV. */
export interface ChartColumn<Row> {
  key: string;
  title: string;
  value: (row: Row) => string | number | null;
  align?: "left" | "right";
}

/** RFC 4180 CSV with a BOM, so Excel opens Chinese and Cyrillic text correctly. */
export function toCsv<Row>(columns: ChartColumn<Row>[], rows: Row[]): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? "" : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [columns.map((c) => cell(c.title)), ...rows.map((r) => columns.map((c) => cell(c.value(r))))];
  return `\uFEFF${lines.map((l) => l.join(",")).join("\r\n")}\r\n`;
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A chart with its table view and its export: the same rows feed the chart,
 * the table and the CSV, so what is exported is exactly what is shown.
 */
export function ChartCard<Row>({
  title,
  testId,
  option,
  columns,
  rows,
  rowKey,
  fileName,
  loading,
  extra,
  height,
}: {
  title: ReactNode;
  testId: string;
  option: ChartOption;
  columns: ChartColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Without extension; ".csv" is added. */
  fileName: string;
  loading?: boolean;
  extra?: ReactNode;
  height?: number;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<"chart" | "table">("chart");
  const tableColumns: TableColumnsType<Row> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    render: (_: unknown, row: Row) => c.value(row),
  }));
  return (
    <Card
      // The toolbar moves under a long title instead of squeezing it (see CardHead).
      title={
        <CardHead
          title={title}
          testId={testId}
          toolbar={
            <Space wrap size={8}>
              {extra}
              <Segmented
                size="small"
                value={view}
                onChange={(v) => setView(v as "chart" | "table")}
                options={[
                  { value: "chart", label: t("common.chart.chart") },
                  { value: "table", label: t("common.chart.table") },
                ]}
                data-testid={`${testId}-view`}
              />
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={!rows.length}
                onClick={() => download(`${fileName}.csv`, toCsv(columns, rows))}
                data-testid={`${testId}-export`}
              >
                {t("common.chart.export")}
              </Button>
            </Space>
          }
        />
      }
      loading={loading}
      data-testid={testId}
    >
      {!rows.length ? (
        <Empty description={t("common.chart.empty")} />
      ) : view === "chart" ? (
        <EChart option={option} height={height} testId={`${testId}-chart`} />
      ) : (
        <Table<Row>
          size="small"
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={rows}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          data-testid={`${testId}-table`}
        />
      )}
    </Card>
  );
}
