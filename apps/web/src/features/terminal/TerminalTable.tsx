import type { TerminalSummary } from "@marquee/contracts";
import { Table, Tag, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useTranslation } from "react-i18next";
import { dateTime } from "../../components/dateTime";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { rowSelectionAcrossPages } from "../../components/listSelection";
import type { TerminalSort } from "./api";
import { PAGE_SIZES } from "./query";
import { RunwayCell } from "./runway";
import { StatusDot } from "./StatusDot";
import { relativeTime } from "./time";
import { useNow } from "./useNow";

/** Height of the scrolling body: the virtual table renders only the rows in view. */
const BODY_HEIGHT = 560;
const THUMB = { width: 64, height: 36 };
const SORTABLE: readonly TerminalSort[] = ["name", "status", "lastSeen", "createDate"];

/**
 * The facts a row shows: how the screen is doing (`monitor`: its screen, what plays, when last seen), or
 * what the device is (`info`: model, version, resolution, address, when it was registered).
 */
export type TableView = "monitor" | "info";
/** The columns of each view (shown in the order they are defined below). */
const COLUMNS: Record<TableView, readonly string[]> = {
  monitor: [
    "status",
    "screenshot",
    "name",
    "place",
    "program",
    "runway",
    "resolution",
    "version",
    "ip",
    "lastSeen",
  ],
  info: ["status", "name", "place", "model", "version", "resolution", "ip", "createDate", "lastSeen"],
};

/** The centre list: one page from the server, virtualised so that 200 rows scroll smoothly. */
export function TerminalTable({
  view = "monitor",
  rows,
  loading,
  total,
  pageNo,
  pageSize,
  onPage,
  sort,
  order,
  onSort,
  selected,
  onSelect,
  onOpen,
}: {
  rows: TerminalSummary[];
  loading: boolean;
  total: number;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number, pageSize: number) => void;
  sort: TerminalSort;
  order: "asc" | "desc";
  onSort: (sort: TerminalSort, order: "asc" | "desc") => void;
  selected: ReadonlyMap<number, TerminalSummary>;
  onSelect: (selected: Map<number, TerminalSummary>) => void;
  onOpen: (terminal: TerminalSummary) => void;
  view?: TableView;
}) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const sortOrder = (field: TerminalSort) =>
    sort === field ? (order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  const every: FitColumns<TerminalSummary> = [
    {
      key: "status",
      title: t("terminal.columns.status"),
      width: 130,
      sorter: true,
      sortOrder: sortOrder("status"),
      render: (_, r) => <StatusDot status={r.status} />,
    },
    {
      key: "screenshot",
      drop: 8,
      title: t("terminal.columns.screenshot"),
      width: 90,
      render: (_, r) =>
        r.screenshotUrl ? (
          <img
            src={r.screenshotUrl}
            alt={t("terminal.screenshotOf", { name: r.name })}
            loading="lazy"
            {...THUMB}
            style={{ objectFit: "contain", background: "#000", display: "block", borderRadius: 2 }}
          />
        ) : (
          <div style={{ ...THUMB, background: "rgba(0,0,0,0.04)", borderRadius: 2 }} />
        ),
    },
    {
      key: "name",
      title: t("terminal.columns.name"),
      width: 220,
      sorter: true,
      sortOrder: sortOrder("name"),
      render: (_, r) => (
        <span style={{ display: "flex", gap: 6, alignItems: "center", minWidth: 0 }}>
          <Typography.Link ellipsis title={r.name} style={{ minWidth: 0 }} onClick={() => onOpen(r)}>
            {r.name}
          </Typography.Link>
          {r.state === "pending" && (
            <Tag style={{ fontFamily: "monospace", marginInlineEnd: 0 }} title={t("terminal.columns.code")}>
              {r.enrolCode}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: "place",
      drop: 7,
      title: t("terminal.columns.place"),
      width: 220,
      render: (_, r) => {
        const place = [r.officeName, r.groupName].filter(Boolean).join(" / ");
        return (
          <Typography.Text ellipsis title={place}>
            {place || "-"}
          </Typography.Text>
        );
      },
    },
    {
      key: "program",
      title: t("terminal.columns.program"),
      width: 180,
      render: (_, r) => (
        <Typography.Text
          ellipsis
          title={r.programName ?? undefined}
          type={r.programName ? undefined : "secondary"}
        >
          {r.programName ?? t("terminal.nothingPlaying")}
        </Typography.Text>
      ),
    },
    // Offline runway (issue 24)
    {
      key: "runway",
      drop: 6,
      title: t("terminal.columns.runway"),
      width: 200,
      render: (_, r) => <RunwayCell runway={r.runway} now={now} />,
    },
    {
      key: "resolution",
      drop: 1,
      title: t("terminal.columns.resolution"),
      width: 110,
      render: (_, r) => `${r.width}×${r.height}`,
    },
    {
      key: "version",
      drop: 2,
      title: t("terminal.columns.version"),
      width: 100,
      render: (_, r) => (
        <Typography.Text ellipsis title={`${r.model} ${r.version}`}>
          {r.version}
        </Typography.Text>
      ),
    },
    {
      key: "model",
      title: t("terminal.columns.model"),
      width: 160,
      render: (_, r) => (
        <Typography.Text ellipsis title={r.model}>
          {r.model || "-"}
        </Typography.Text>
      ),
    },
    { key: "ip", drop: 3, title: t("terminal.columns.ip"), width: 130, render: (_, r) => r.ip ?? "-" },
    {
      key: "createDate",
      drop: 4,
      title: t("terminal.columns.registered"),
      width: 160,
      sorter: true,
      sortOrder: sortOrder("createDate"),
      render: (_, r) => dateTime(r.createDate),
    },
    {
      key: "lastSeen",
      drop: 5,
      title: t("terminal.columns.lastSeen"),
      width: 130,
      sorter: true,
      sortOrder: sortOrder("lastSeen"),
      render: (_, r) => {
        const ago = relativeTime(r.lastSeenAt, now);
        return (
          <span title={r.lastSeenAt ? dateTime(r.lastSeenAt) : undefined}>
            {t(`terminal.ago.${ago.key}`, "values" in ago ? ago.values : undefined)}
          </span>
        );
      },
    },
  ];
  // A virtual table wants a numeric width: the fitted columns' own, within the box once it is measured.
  const fit = useFitColumns(
    every.filter((c) => COLUMNS[view].includes(String(c.key))),
    48,
  );

  return (
    <div ref={fit.ref}>
      <Table<TerminalSummary>
        data-testid="terminal-table"
        rowKey="id"
        size="small"
        virtual
        scroll={{ x: fit.scrollX ?? fit.total, y: BODY_HEIGHT }}
        loading={loading}
        columns={fit.columns}
        dataSource={rows}
        onRow={(r) => ({
          onClick: (e) => {
            // a click on the checkbox, a link or an image preview is its own action
            if ((e.target as HTMLElement).closest("a, button, input, .ant-checkbox-wrapper")) return;
            onOpen(r);
          },
          style: { cursor: "pointer" },
        })}
        rowSelection={rowSelectionAcrossPages(selected, onSelect)}
        onChange={(_, __, sorter, extra) => {
          if (extra.action !== "sort") return;
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TerminalSummary> | undefined;
          const field = SORTABLE.find((f) => f === s?.columnKey);
          if (!field || !s?.order) onSort("name", "asc");
          else onSort(field, s.order === "ascend" ? "asc" : "desc");
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZES],
          showTotal: (n: number, range: [number, number]) => `${range[0]}-${range[1]} / ${n}`,
          onChange: (page: number, size: number) => onPage(size === pageSize ? page : 1, size),
        }}
      />
    </div>
  );
}
