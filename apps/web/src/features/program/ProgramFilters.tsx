import {
  AppstoreOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import { PROGRAM_STATES, type ProgramState } from "@marquee/contracts";
import { CANVAS_PRESETS, type CanvasPresetKey, LIMITS } from "@marquee/program";
import { Button, DatePicker, Input, InputNumber, Select, Space, Switch, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { canvasLabel } from "./canvas";
import { PROGRAM_SORTS, type ProgramFilterValues, type ProgramSort, type ViewMode } from "./filters";
import { StateTag } from "./StateTag";

/** Search, filters (size, state, only mine, created between), sort and the cards ⇄ table switch. */
export function ProgramFilters({
  value,
  onChange,
  view,
  onView,
  canFilterMine,
}: {
  value: ProgramFilterValues;
  onChange: (v: ProgramFilterValues) => void;
  view: ViewMode;
  onView: (v: ViewMode) => void;
  /** "Only mine" needs the signed-in user's id. */
  canFilterMine: boolean;
}) {
  const { t } = useTranslation();
  const set = (p: Partial<ProgramFilterValues>) => onChange({ ...value, ...p });
  const nextView: ViewMode = view === "grid" ? "table" : "grid";
  const sizeOptions = [
    ...CANVAS_PRESETS.map((p) => ({
      value: p.key,
      label: `${t(`program.presets.${p.key}`)} (${canvasLabel(p.width, p.height)})`,
    })),
    { value: "custom" as const, label: t("program.presets.custom") },
  ];
  return (
    <Space wrap size="small">
      <Input.Search
        allowClear
        placeholder={t("program.list.searchName")}
        defaultValue={value.name}
        onSearch={(name) => set({ name })}
        style={{ width: 200 }}
        maxLength={100}
        data-testid="program-search"
      />
      <Select<CanvasPresetKey>
        allowClear
        placeholder={t("program.list.size")}
        value={value.size}
        onChange={(size) => set({ size, customWidth: undefined, customHeight: undefined })}
        style={{ width: 230 }}
        options={sizeOptions}
        data-testid="program-filter-size"
      />
      {value.size === "custom" && (
        <Space.Compact>
          <InputNumber<number>
            min={LIMITS.canvasMin}
            max={LIMITS.canvasMax}
            precision={0}
            placeholder={t("program.make.width")}
            value={value.customWidth ?? null}
            onChange={(v) => set({ customWidth: v ?? undefined })}
            style={{ width: 100 }}
            data-testid="program-filter-width"
          />
          <InputNumber<number>
            min={LIMITS.canvasMin}
            max={LIMITS.canvasMax}
            precision={0}
            placeholder={t("program.make.height")}
            value={value.customHeight ?? null}
            onChange={(v) => set({ customHeight: v ?? undefined })}
            style={{ width: 100 }}
            data-testid="program-filter-height"
          />
        </Space.Compact>
      )}
      <Select<ProgramState>
        allowClear
        placeholder={t("program.list.state")}
        value={value.state}
        onChange={(state) => set({ state })}
        style={{ width: 160 }}
        options={PROGRAM_STATES.map((s) => ({ value: s, label: <StateTag state={s} /> }))}
        data-testid="program-filter-state"
      />
      <DatePicker.RangePicker
        value={value.range}
        onChange={(r) => set({ range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
        placeholder={[t("program.list.dateFrom"), t("program.list.dateTo")]}
      />
      <Space size={6}>
        <Switch
          size="small"
          checked={value.mine}
          disabled={!canFilterMine}
          onChange={(mine) => set({ mine })}
          aria-label={t("program.list.mine")}
          data-testid="program-filter-mine"
        />
        <span>{t("program.list.mine")}</span>
      </Space>
      <Space.Compact>
        <Select<ProgramSort>
          value={value.sort}
          onChange={(sort) => set({ sort })}
          style={{ width: 150 }}
          options={PROGRAM_SORTS.map((v) => ({ value: v, label: t(`program.list.sort.${v}`) }))}
          aria-label={t("program.list.sortBy")}
        />
        <Tooltip title={value.order === "asc" ? t("program.list.asc") : t("program.list.desc")}>
          <Button
            aria-label={value.order === "asc" ? t("program.list.asc") : t("program.list.desc")}
            icon={value.order === "asc" ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            onClick={() => set({ order: value.order === "asc" ? "desc" : "asc" })}
          />
        </Tooltip>
      </Space.Compact>
      <Tooltip title={nextView === "grid" ? t("program.list.viewGrid") : t("program.list.viewTable")}>
        <Button
          data-testid="program-view-switch"
          data-view={view}
          aria-label={nextView === "grid" ? t("program.list.viewGrid") : t("program.list.viewTable")}
          icon={nextView === "grid" ? <AppstoreOutlined /> : <UnorderedListOutlined />}
          onClick={() => onView(nextView)}
        />
      </Tooltip>
    </Space>
  );
}
