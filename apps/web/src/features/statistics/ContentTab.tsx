import type {
  MaterialTypeCount,
  PublishDay,
  StorageDay,
  WidgetTypeCount,
  WidgetUseRow,
} from "@marquee/contracts";
import { Col, Row, Space } from "antd";
import { useTranslation } from "react-i18next";
import { ChartCard, type ChartColumn } from "../../components/ChartCard";
import { type StatsRange, statisticsApi } from "./api";
import { anyFigure, categoryOption, dailyOption, pieOption } from "./charts";
import { inUnit, storageUnit } from "./format";
import { useStats } from "./useStats";

const fileName = (name: string, range: StatsRange) => `${name}-${range.from}-${range.to}`;

/** Library materials now by type (a pie), and the storage they took at the end of each day of the range. */
function Resources({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const q = useStats("resources", range, () => statisticsApi.resources(range));
  const typeName = (type: string) => t(`material.types.${type}`, { defaultValue: type });
  const byType = q.data?.byType ?? [];
  const days = q.data?.growth ?? [];
  const growth = anyFigure(days, [(d) => d.count, (d) => d.bytes]) ? days : [];
  const typeUnit = storageUnit(Math.max(0, ...byType.map((r) => r.bytes)));
  const growthUnit = storageUnit(Math.max(0, ...growth.map((r) => r.bytes)));
  const typeColumns: ChartColumn<MaterialTypeCount>[] = [
    { key: "type", title: t("statistics.resources.type"), value: (r) => typeName(r.type) },
    { key: "count", title: t("statistics.resources.count"), value: (r) => r.count, align: "right" },
    {
      key: "size",
      title: t("statistics.resources.size", { unit: typeUnit }),
      value: (r) => inUnit(r.bytes, typeUnit),
      align: "right",
    },
  ];
  const growthColumns: ChartColumn<StorageDay>[] = [
    { key: "day", title: t("statistics.day"), value: (r) => r.day },
    { key: "count", title: t("statistics.resources.count"), value: (r) => r.count, align: "right" },
    {
      key: "size",
      title: t("statistics.resources.size", { unit: growthUnit }),
      value: (r) => inUnit(r.bytes, growthUnit),
      align: "right",
    },
  ];
  const total = q.data
    ? t("statistics.resources.summary", {
        count: q.data.count,
        size: inUnit(q.data.bytes, storageUnit(q.data.bytes)),
        unit: storageUnit(q.data.bytes),
      })
    : "";
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <ChartCard<MaterialTypeCount>
          title={
            <Space size="small">
              {t("statistics.resources.title")}
              <span style={{ fontWeight: "normal" }} data-testid="stats-resources-summary">
                {total}
              </span>
            </Space>
          }
          testId="stats-resources"
          loading={q.isLoading}
          rows={byType}
          rowKey={(r) => r.type}
          columns={typeColumns}
          fileName={fileName("materials-by-type", range)}
          option={pieOption(
            t("statistics.resources.count"),
            byType.map((r) => ({ name: typeName(r.type), value: r.count })),
          )}
        />
      </Col>
      <Col xs={24} xl={14}>
        <ChartCard<StorageDay>
          title={t("statistics.resources.growthTitle")}
          testId="stats-storage-growth"
          loading={q.isLoading}
          rows={growth}
          rowKey={(r) => r.day}
          columns={growthColumns}
          fileName={fileName("storage-growth", range)}
          option={dailyOption(
            growth.map((d) => d.day),
            [
              {
                name: t("statistics.resources.size", { unit: growthUnit }),
                type: "line",
                area: true,
                data: growth.map((d) => inUnit(d.bytes, growthUnit)),
              },
              {
                name: t("statistics.resources.count"),
                type: "line",
                data: growth.map((d) => d.count),
                axis: 1,
              },
            ],
            [{ name: growthUnit, fractional: true }, t("statistics.unit.materials")],
          )}
        />
      </Col>
    </Row>
  );
}

/** Publications per day, and the widget types of the programs published in the range. */
function Publish({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const q = useStats("publish", range, () => statisticsApi.publish(range));
  const widgetName = (type: string) => t(`widget.types.${type}`, { defaultValue: type });
  const days = q.data?.series ?? [];
  const rows = anyFigure(days, [(d) => d.publications]) ? days : [];
  const widgets = q.data?.widgets ?? [];
  const dayColumns: ChartColumn<PublishDay>[] = [
    { key: "day", title: t("statistics.day"), value: (r) => r.day },
    {
      key: "publications",
      title: t("statistics.publish.publications"),
      value: (r) => r.publications,
      align: "right",
    },
    { key: "programs", title: t("statistics.publish.programs"), value: (r) => r.programs, align: "right" },
  ];
  const widgetColumns: ChartColumn<WidgetTypeCount>[] = [
    { key: "type", title: t("statistics.widgets.type"), value: (r) => widgetName(r.type) },
    { key: "widgets", title: t("statistics.widgets.widgets"), value: (r) => r.widgets, align: "right" },
    { key: "programs", title: t("statistics.widgets.programs"), value: (r) => r.programs, align: "right" },
  ];
  const total = q.data
    ? t("statistics.publish.summary", { publications: q.data.publications, programs: q.data.programs })
    : "";
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <ChartCard<PublishDay>
          title={
            <Space size="small">
              {t("statistics.publish.title")}
              <span style={{ fontWeight: "normal" }} data-testid="stats-publish-summary">
                {total}
              </span>
            </Space>
          }
          testId="stats-publish"
          loading={q.isLoading}
          rows={rows}
          rowKey={(r) => r.day}
          columns={dayColumns}
          fileName={fileName("publications", range)}
          option={dailyOption(
            rows.map((d) => d.day),
            [
              {
                name: t("statistics.publish.publications"),
                type: "bar",
                data: rows.map((d) => d.publications),
              },
              { name: t("statistics.publish.programs"), type: "line", data: rows.map((d) => d.programs) },
            ],
            [t("statistics.unit.count")],
          )}
        />
      </Col>
      <Col xs={24} xl={10}>
        <ChartCard<WidgetTypeCount>
          title={t("statistics.publish.widgetsTitle")}
          testId="stats-publish-widgets"
          loading={q.isLoading}
          rows={widgets}
          rowKey={(r) => r.type}
          columns={widgetColumns}
          fileName={fileName("published-widgets", range)}
          option={categoryOption(
            widgets.map((w) => widgetName(w.type)),
            [
              { name: t("statistics.widgets.widgets"), data: widgets.map((w) => w.widgets) },
              { name: t("statistics.widgets.programs"), data: widgets.map((w) => w.programs) },
            ],
            t("statistics.unit.count"),
          )}
        />
      </Col>
    </Row>
  );
}

/** Widget types in the programs of the office, and how long they played on screens in the range. */
function WidgetUse({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const q = useStats("widgetUse", range, () => statisticsApi.widgetUse(range));
  const widgetName = (type: string) => t(`widget.types.${type}`, { defaultValue: type });
  const rows = q.data?.list ?? [];
  const columns: ChartColumn<WidgetUseRow>[] = [
    { key: "type", title: t("statistics.widgets.type"), value: (r) => widgetName(r.type) },
    { key: "programs", title: t("statistics.widgets.programs"), value: (r) => r.programs, align: "right" },
    { key: "widgets", title: t("statistics.widgets.widgets"), value: (r) => r.widgets, align: "right" },
    { key: "plays", title: t("statistics.widgets.plays"), value: (r) => r.plays, align: "right" },
    { key: "hours", title: t("statistics.widgets.playHours"), value: (r) => r.playHours, align: "right" },
  ];
  return (
    <ChartCard<WidgetUseRow>
      title={t("statistics.widgets.useTitle")}
      testId="stats-widget-use"
      loading={q.isLoading}
      rows={rows}
      rowKey={(r) => r.type}
      columns={columns}
      fileName={fileName("widget-use", range)}
      option={categoryOption(
        rows.map((r) => widgetName(r.type)),
        [
          { name: t("statistics.widgets.programs"), data: rows.map((r) => r.programs) },
          { name: t("statistics.widgets.widgets"), data: rows.map((r) => r.widgets) },
          {
            name: t("statistics.widgets.playHours"),
            data: rows.map((r) => r.playHours),
            axis: 1,
            type: "line",
          },
        ],
        [t("statistics.unit.count"), { name: t("statistics.unit.hours"), fractional: true }],
      )}
    />
  );
}

/** The Content tab: the material library, publications and widgets of the chosen office. */
export function ContentTab({ range }: { range: StatsRange }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Resources range={range} />
      <Publish range={range} />
      <WidgetUse range={range} />
    </Space>
  );
}
