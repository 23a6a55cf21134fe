import { SortAscendingOutlined, SortDescendingOutlined } from "@ant-design/icons";
import { TERMINAL_VIEW_STATUS, type TerminalViewStatus } from "@marquee/contracts";
import { Button, Checkbox, Input, Select, Space, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import type { TerminalSort } from "./api";
import { TERMINAL_SORTS, type TerminalFilterValues } from "./query";
import { SHORT_RUNWAY_HOURS } from "./runway";
import { StatusDot } from "./StatusDot";

/** Search by keyword (name, code, model, address), status filter, the short-runway filter and sort. */
export function TerminalFilters({
  value,
  onChange,
}: {
  value: TerminalFilterValues;
  onChange: (v: TerminalFilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = (p: Partial<TerminalFilterValues>) => onChange({ ...value, ...p });
  const nextOrder = value.order === "asc" ? "desc" : "asc";
  return (
    <Space wrap size="small">
      <Input.Search
        allowClear
        placeholder={t("terminal.filters.search")}
        defaultValue={value.keyword}
        onSearch={(keyword) => set({ keyword })}
        style={{ width: 260 }}
        maxLength={100}
        data-testid="terminal-search"
      />
      <Select<TerminalViewStatus>
        allowClear
        placeholder={t("terminal.filters.status")}
        value={value.status}
        onChange={(status) => set({ status })}
        style={{ width: 170 }}
        options={TERMINAL_VIEW_STATUS.map((s) => ({ value: s, label: <StatusDot status={s} /> }))}
        data-testid="terminal-filter-status"
      />
      <Checkbox
        checked={value.runwayShort === true}
        onChange={(e) => set({ runwayShort: e.target.checked || undefined })}
        data-testid="terminal-filter-runway"
      >
        {t("terminal.filters.runwayShort", { hours: SHORT_RUNWAY_HOURS })}
      </Checkbox>
      <Space.Compact>
        <Select<TerminalSort>
          value={value.sort}
          onChange={(sort) => set({ sort })}
          style={{ width: 190 }}
          options={TERMINAL_SORTS.map((s) => ({ value: s, label: t(`terminal.filters.sort.${s}`) }))}
          prefix={t("terminal.filters.sortBy")}
          data-testid="terminal-sort"
        />
        <Tooltip title={t(`terminal.filters.${nextOrder}`)}>
          <Button
            icon={value.order === "asc" ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            onClick={() => set({ order: nextOrder })}
            aria-label={t(`terminal.filters.${nextOrder}`)}
            data-testid="terminal-order"
          />
        </Tooltip>
      </Space.Compact>
    </Space>
  );
}
