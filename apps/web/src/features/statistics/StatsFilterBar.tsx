import { ReloadOutlined } from "@ant-design/icons";
import type { Permission } from "@marquee/contracts";
import { Button, DatePicker, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { GroupSelect, OfficeSelect } from "../terminal/pickers";
import { useOfficeTree } from "../terminal/useOfficeTree";
import { MAX_RANGE_DAYS, presets, rangeOf, type StatsFilters } from "./filters";

export const STATISTICS_ROUTE_PERMISSION: Permission = "stats:data:view";
/** The office tree of the filter comes from terminal monitoring (treeDataNew), like the map's. */
const OFFICE_TREE_PERMISSION: Permission = "terminal:device:view";

/** The office filter: the caller's office tree, opened level by level, with a way back to all offices. */
function OfficeFilter({ value, onChange }: { value?: number; onChange(id: number | undefined): void }) {
  const { t } = useTranslation();
  const offices = useOfficeTree();
  return (
    <Space.Compact style={{ width: 260 }}>
      <OfficeSelect
        tree={offices.tree}
        loaded={offices.loaded}
        onLoad={offices.loadChildren}
        value={value}
        onChange={onChange}
        testId="stats-office"
      />
      {value !== undefined && (
        <Button
          onClick={() => onChange(undefined)}
          aria-label={t("statistics.filters.allOffices")}
          title={t("statistics.filters.allOffices")}
        >
          ×
        </Button>
      )}
    </Space.Compact>
  );
}

/** "as of 14:05" (with the day when it is not today). */
export function asOfText(asOf: string, now = dayjs()): string {
  const at = dayjs(asOf);
  return at.isSame(now, "day") ? at.format("HH:mm") : at.format("YYYY-MM-DD HH:mm");
}

/**
 * The filters every chart of the page shares: the days, the office (with
 * what lies below), the terminal group where terminal figures use it, when
 * the figures were last brought up to date, and a button to do it now.
 */
export function StatsFilterBar({
  value,
  onChange,
  showGroup,
  asOf,
  refreshing,
  onRefresh,
}: {
  value: StatsFilters;
  onChange(f: StatsFilters): void;
  showGroup: boolean;
  /** Null: never brought up to date; undefined: not known on this tab. */
  asOf: string | null | undefined;
  refreshing: boolean;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  const canOffices = useCan(OFFICE_TREE_PERMISSION, STATISTICS_ROUTE_PERMISSION);
  const p = presets();
  const today = dayjs().endOf("day");
  return (
    <Space wrap size="middle" style={{ width: "100%", justifyContent: "space-between" }}>
      <Space wrap size="small">
        {/* The test id on a wrapper: the picker would put it on both of its inputs. */}
        <span data-testid="stats-range">
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(value.from), dayjs(value.to)]}
            onChange={(r) => {
              if (!r?.[0] || !r[1]) return;
              const range = rangeOf([r[0], r[1]]);
              if (range) onChange({ ...value, ...range });
            }}
            disabledDate={(day, info) => {
              if (day.isAfter(today)) return true;
              const from = info?.from;
              return (
                !!from && Math.abs(day.startOf("day").diff(from.startOf("day"), "day")) >= MAX_RANGE_DAYS
              );
            }}
            presets={[
              { label: t("statistics.filters.last7"), value: p.last7 },
              { label: t("statistics.filters.last30"), value: p.last30 },
              { label: t("statistics.filters.thisMonth"), value: p.thisMonth },
              { label: t("statistics.filters.last12Months"), value: p.last12Months },
            ]}
          />
        </span>
        {canOffices && (
          <OfficeFilter
            value={value.officeId}
            onChange={(officeId) => onChange({ ...value, officeId, groupId: undefined })}
          />
        )}
        {canOffices && showGroup && (
          <div style={{ width: 200 }}>
            <GroupSelect
              officeId={value.officeId}
              value={value.groupId}
              onChange={(groupId) => onChange({ ...value, groupId })}
              testId="stats-group"
            />
          </div>
        )}
      </Space>
      <Space size="small">
        <Typography.Text type="secondary" data-testid="stats-asof">
          {asOf
            ? t("statistics.asOf", { time: asOfText(asOf) })
            : asOf === null
              ? t("statistics.asOfUnknown")
              : ""}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={onRefresh}
          data-testid="stats-refresh"
        >
          {t("statistics.refresh")}
        </Button>
      </Space>
    </Space>
  );
}
