import {
  AppstoreOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import { MATERIAL_TYPES, type MaterialType, REVIEW_STATES, type ReviewState } from "@marquee/contracts";
import { Button, Checkbox, DatePicker, Input, InputNumber, Select, Space, Tooltip } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { DictSelect } from "../../components/DictSelect";
import type { MaterialQuery } from "./api";
import { MB } from "./upload";

export type SortField = NonNullable<MaterialQuery["sort"]>;
export const SORT_FIELDS: readonly SortField[] = ["createDate", "name", "size", "type"];
export type ViewMode = "list" | "grid";

export interface MaterialFilterValues {
  name: string;
  type?: MaterialType;
  reviewState?: ReviewState;
  minMb?: number;
  maxMb?: number;
  range: [Dayjs, Dayjs] | null;
  mine: boolean;
  sort: SortField;
  order: "asc" | "desc";
}

export const EMPTY_FILTERS: MaterialFilterValues = {
  name: "",
  range: null,
  mine: false,
  sort: "createDate",
  order: "desc",
};

/** The list call's filters for a page of a folder. */
export function toQuery(
  f: MaterialFilterValues,
  page: { pageNo: number; pageSize: number; folderId?: number; userId?: number },
): MaterialQuery {
  return {
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    folderId: page.folderId,
    name: f.name.trim() || undefined,
    type: f.type,
    reviewState: f.reviewState,
    uploaderId: f.mine ? page.userId : undefined,
    minSize: f.minMb === undefined ? undefined : Math.round(f.minMb * MB),
    maxSize: f.maxMb === undefined ? undefined : Math.round(f.maxMb * MB),
    beginTime: f.range ? f.range[0].startOf("day").toISOString() : undefined,
    endTime: f.range ? f.range[1].endOf("day").toISOString() : undefined,
    sort: f.sort,
    order: f.order,
  };
}

/** Search by name, filters (type, review state, size, date, mine), sort and the list ⇄ grid switch. */
export function MaterialFilters({
  value,
  onChange,
  view,
  onView,
}: {
  value: MaterialFilterValues;
  onChange: (v: MaterialFilterValues) => void;
  view: ViewMode;
  onView: (v: ViewMode) => void;
}) {
  const { t } = useTranslation();
  const set = (p: Partial<MaterialFilterValues>) => onChange({ ...value, ...p });
  const nextView: ViewMode = view === "list" ? "grid" : "list";
  return (
    <Space wrap size="small">
      <Input.Search
        allowClear
        placeholder={t("material.searchName")}
        defaultValue={value.name}
        onSearch={(name) => set({ name })}
        style={{ width: 200 }}
        data-testid="material-search"
      />
      {/* The labels come from the dictionary (materialType); the values stay the server's types. */}
      <DictSelect<MaterialType>
        code="materialType"
        only={MATERIAL_TYPES}
        fallback={MATERIAL_TYPES.map((v) => ({ value: v, label: t(`material.types.${v}`) }))}
        allowClear
        showSearch={false}
        placeholder={t("material.type")}
        value={value.type}
        onChange={(type) => set({ type })}
        style={{ width: 140 }}
        data-testid="material-filter-type"
      />
      <Select<ReviewState>
        allowClear
        placeholder={t("material.reviewState")}
        value={value.reviewState}
        onChange={(reviewState) => set({ reviewState })}
        style={{ width: 130 }}
        options={REVIEW_STATES.map((v) => ({ value: v, label: t(`material.reviewStates.${v}`) }))}
        data-testid="material-filter-review"
      />
      <Space.Compact>
        <InputNumber<number>
          min={0}
          placeholder={t("material.minMb")}
          value={value.minMb ?? null}
          onChange={(v) => set({ minMb: v ?? undefined })}
          style={{ width: 110 }}
        />
        <InputNumber<number>
          min={0}
          placeholder={t("material.maxMb")}
          value={value.maxMb ?? null}
          onChange={(v) => set({ maxMb: v ?? undefined })}
          style={{ width: 110 }}
        />
      </Space.Compact>
      <DatePicker.RangePicker
        value={value.range}
        onChange={(r) => set({ range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
        placeholder={[t("material.dateFrom"), t("material.dateTo")]}
      />
      <Checkbox checked={value.mine} onChange={(e) => set({ mine: e.target.checked })}>
        {t("material.mine")}
      </Checkbox>
      <Space.Compact>
        <Select<SortField>
          value={value.sort}
          onChange={(sort) => set({ sort })}
          style={{ width: 140 }}
          options={SORT_FIELDS.map((v) => ({ value: v, label: t(`material.sort.${v}`) }))}
          aria-label={t("material.sortBy")}
        />
        <Tooltip title={value.order === "asc" ? t("material.asc") : t("material.desc")}>
          <Button
            aria-label={value.order === "asc" ? t("material.asc") : t("material.desc")}
            icon={value.order === "asc" ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            onClick={() => set({ order: value.order === "asc" ? "desc" : "asc" })}
          />
        </Tooltip>
      </Space.Compact>
      <Tooltip title={nextView === "grid" ? t("material.viewGrid") : t("material.viewList")}>
        <Button
          data-testid="material-view-switch"
          data-view={view}
          aria-label={nextView === "grid" ? t("material.viewGrid") : t("material.viewList")}
          icon={nextView === "grid" ? <AppstoreOutlined /> : <UnorderedListOutlined />}
          onClick={() => onView(nextView)}
        />
      </Tooltip>
    </Space>
  );
}
