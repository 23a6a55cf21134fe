import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { COMMAND_NAMES, COMMAND_STATES, type CommandLogRow } from "@marquee/contracts";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Button, DatePicker, Input, Select, Space, Table, type TableColumnsType, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { OutcomeTag } from "../terminal/OutcomeTag";
import { reasonText } from "../terminal/reason";
import { logApi } from "./api";
import { LoadMore } from "./LoadMore";
import { type CommandFilterValues, EMPTY_COMMAND_FILTERS, toCommandQuery } from "./logFilters";

const SLICE = 50;
/** The commands an operator can send (what the filter offers). */

const NO_ROWS: CommandLogRow[] = [];
const when = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : "-");

/** The commands sent to terminals (sysSetting/ajaxScrollCmd): who sent what to which screen, and what became of it. */
export function CommandLogTab() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CommandFilterValues>(EMPTY_COMMAND_FILTERS);
  const [keyword, setKeyword] = useState("");
  const query = toCommandQuery(filters);
  const list = useInfiniteQuery({
    queryKey: ["system", "commands", query],
    queryFn: ({ pageParam }) => logApi.commands(query, pageParam, SLICE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.lastId : undefined),
  });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? NO_ROWS, [list.data]);
  const set = (patch: Partial<CommandFilterValues>) => setFilters((f) => ({ ...f, ...patch }));
  // Names this console knows are translated; a newer one shows as the server sent it.
  const commandName = (name: string) =>
    i18n.exists(`system.cmd.names.${name}`) ? t(`system.cmd.names.${name}`) : name;

  const columns: TableColumnsType<CommandLogRow> = [
    { key: "time", title: t("system.cmd.columns.time"), width: 170, render: (_, r) => when(r.createDate) },
    {
      key: "terminal",
      title: t("system.cmd.columns.terminal"),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.terminalName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.deviceId}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "name",
      title: t("system.cmd.columns.command"),
      width: 130,
      render: (_, r) => commandName(r.name),
    },
    {
      key: "args",
      title: t("system.cmd.columns.args"),
      ellipsis: true,
      render: (_, r) => (Object.keys(r.args).length ? JSON.stringify(r.args) : "-"),
    },
    {
      key: "state",
      title: t("system.cmd.columns.outcome"),
      width: 120,
      render: (_, r) => <OutcomeTag outcome={r} />,
    },
    {
      key: "reason",
      title: t("system.cmd.columns.reason"),
      ellipsis: true,
      render: (_, r) => reasonText(t, r.reason) ?? "-",
    },
    { key: "by", title: t("system.cmd.columns.by"), width: 120, render: (_, r) => r.createdByName ?? "-" },
    { key: "done", title: t("system.cmd.columns.done"), width: 170, render: (_, r) => when(r.doneDate) },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap>
        <Input
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => set({ keyword })}
          placeholder={t("system.cmd.filters.keyword")}
          allowClear
          maxLength={100}
          style={{ width: 220 }}
          aria-label={t("system.cmd.filters.keyword")}
          data-testid="cmd-filter-keyword"
        />
        <Select<string>
          value={filters.name}
          onChange={(name) => set({ name })}
          allowClear
          placeholder={t("system.cmd.filters.command")}
          options={COMMAND_NAMES.map((n) => ({ value: n, label: commandName(n) }))}
          style={{ width: 160 }}
          aria-label={t("system.cmd.filters.command")}
          data-testid="cmd-filter-name"
        />
        <Select<CommandLogRow["state"]>
          value={filters.state}
          onChange={(state) => set({ state })}
          allowClear
          placeholder={t("system.cmd.filters.outcome")}
          options={COMMAND_STATES.map((s) => ({ value: s, label: t(`terminal.outcomes.${s}`) }))}
          style={{ width: 160 }}
          aria-label={t("system.cmd.filters.outcome")}
          data-testid="cmd-filter-state"
        />
        <DatePicker.RangePicker
          showTime
          value={filters.range}
          onChange={(r) => set({ range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
          placeholder={[t("system.log.filters.from"), t("system.log.filters.to")]}
          data-testid="cmd-filter-range"
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => set({ keyword })}
          data-testid="cmd-search"
        >
          {t("system.log.filters.search")}
        </Button>
        <Button
          onClick={() => {
            setKeyword("");
            setFilters(EMPTY_COMMAND_FILTERS);
          }}
          data-testid="cmd-reset"
        >
          {t("system.log.filters.reset")}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: ["system", "commands"] })}
          aria-label={t("common.refresh")}
        />
      </Space>
      <div data-testid="cmd-table">
        <Table<CommandLogRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isLoading}
          pagination={false}
        />
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          shown={rows.length}
          onMore={() => void list.fetchNextPage()}
          testId="cmd"
        />
      </div>
    </Space>
  );
}
