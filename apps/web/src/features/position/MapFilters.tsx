import { TERMINAL_VIEW_STATUS, type TerminalTreeNodeT, type TerminalViewStatus } from "@marquee/contracts";
import { Input, Select, Space, TreeSelect } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { StatusDot } from "../terminal/StatusDot";
import { hasBranches } from "../terminal/tree";
import { useOfficeTree } from "../terminal/useOfficeTree";
import type { MapFilterValues } from "./api";
import { POSITION_PERMISSIONS, POSITION_ROUTE_PERMISSION } from "./permissions";

interface OfficeOption {
  value: number;
  title: string;
  isLeaf: boolean;
  children: OfficeOption[];
}

/** The institution filter: the caller's office tree (terminal monitoring's), opened level by level. */
function OfficeFilter({
  value,
  onChange,
}: {
  value?: number;
  onChange: (officeId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const offices = useOfficeTree();
  const options = useMemo(() => {
    const toOption = (n: TerminalTreeNodeT): OfficeOption => ({
      value: n.id,
      title: n.name,
      isLeaf: !hasBranches(n, offices.loaded),
      children: n.children.map(toOption),
    });
    return offices.tree.map(toOption);
  }, [offices.tree, offices.loaded]);
  return (
    <TreeSelect<number>
      allowClear
      showSearch
      treeNodeFilterProp="title"
      style={{ width: 240 }}
      value={value}
      onChange={(officeId) => onChange(officeId ?? undefined)}
      treeData={options}
      treeDefaultExpandedKeys={offices.tree.map((n) => n.id)}
      loadData={async (node) => {
        if (typeof node.value === "number") await offices.loadChildren(node.value);
      }}
      placeholder={t("position.filters.office")}
      data-testid="map-filter-office"
    />
  );
}

/**
 * The map's filters: institution with what lies below (for users who may read
 * the office tree), status, and a keyword over name, code, model and address.
 */
export function MapFilters({
  value,
  onChange,
}: {
  value: MapFilterValues;
  onChange: (v: MapFilterValues) => void;
}) {
  const { t } = useTranslation();
  const canOffices = useCan(POSITION_PERMISSIONS.offices, POSITION_ROUTE_PERMISSION);
  const set = (p: Partial<MapFilterValues>) => onChange({ ...value, ...p });
  return (
    <Space wrap size="small">
      {canOffices && <OfficeFilter value={value.officeId} onChange={(officeId) => set({ officeId })} />}
      <Select<TerminalViewStatus>
        allowClear
        placeholder={t("position.filters.status")}
        value={value.status}
        onChange={(status) => set({ status })}
        style={{ width: 170 }}
        options={TERMINAL_VIEW_STATUS.map((s) => ({ value: s, label: <StatusDot status={s} /> }))}
        data-testid="map-filter-status"
      />
      <Input.Search
        allowClear
        placeholder={t("position.filters.search")}
        defaultValue={value.keyword}
        onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
        style={{ width: 280 }}
        maxLength={100}
        data-testid="map-search"
      />
    </Space>
  );
}
