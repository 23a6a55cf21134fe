import type { WidgetOf } from "@marquee/program";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useEditor } from "../../store";
import { type Bound, commitProps, propBinder } from "../bind";
import { ColorRow, FontRow, NumberRow, Row, Sections, SelectRow, TextRow } from "../fields";
import { CURRENCIES, currencyLabel } from "../options";
import { useDraft } from "../useDraft";
import { FontBlock, useEnumOptions } from "./common";
import { TableColumns } from "./TableColumns";
import { useSourceFields } from "./useSourceFields";

/** Weather of a place: where, units, how many days ahead, font. */
export function WeatherProps({ widget }: { widget: WidgetOf<"weather"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const options = useEnumOptions();
  return (
    <Sections
      items={[
        {
          key: "location",
          label: t("editorPanels.sections.location"),
          children: (
            <>
              <TextRow label={t("editorPanels.weather.locationName")} b={bind("locationName")} />
              <NumberRow
                label={t("editorPanels.weather.latitude")}
                b={bind("latitude")}
                step={0.01}
                suffix="°"
              />
              <NumberRow
                label={t("editorPanels.weather.longitude")}
                b={bind("longitude")}
                step={0.01}
                suffix="°"
              />
              <SelectRow
                label={t("editorPanels.weather.units")}
                b={bind("units")}
                options={options("weather.unitOptions", ["metric", "imperial"] as const)}
              />
              <NumberRow
                label={t("editorPanels.weather.days")}
                tip={t("editorPanels.weather.daysTip")}
                b={bind("days")}
              />
            </>
          ),
        },
        {
          key: "font",
          label: t("editorPanels.sections.font"),
          children: (
            <FontBlock
              family={bind("fontFamily")}
              size={bind("fontSize")}
              color={bind("color")}
              background={bind("background")}
            />
          ),
        },
      ]}
    />
  );
}

/** The currencies to show against the base (one to twenty, ISO codes). */
function SymbolsRow({ b, language }: { b: Bound<string[]>; language: string }) {
  const { t } = useTranslation();
  const d = useDraft(b);
  const codes = [...new Set([...CURRENCIES, ...d.draft])];
  return (
    <Row label={t("editorPanels.exchange.symbols")} problem={d.problem}>
      <Select
        size="small"
        mode="multiple"
        style={{ width: "100%" }}
        value={d.draft}
        maxCount={20}
        optionFilterProp="label"
        options={codes.map((c) => ({ value: c, label: currencyLabel(c, language) }))}
        labelRender={(o) => String(o.value)}
        onChange={(v: string[]) => d.change(v)}
        aria-label={t("editorPanels.exchange.symbols")}
      />
    </Row>
  );
}

/** Exchange rates: the base currency and the others shown against it, font. */
export function ExchangeProps({ widget }: { widget: WidgetOf<"exchange"> }) {
  const { t, i18n } = useTranslation();
  const bind = propBinder(widget);
  const base = widget.props.base;
  const codes = [...new Set([...CURRENCIES, base])];
  return (
    <Sections
      items={[
        {
          key: "rates",
          label: t("editorPanels.sections.rates"),
          children: (
            <>
              <SelectRow
                label={t("editorPanels.exchange.base")}
                b={bind("base")}
                options={codes.map((c) => ({ value: c, label: currencyLabel(c, i18n.language) }))}
              />
              <SymbolsRow b={bind("symbols")} language={i18n.language} />
            </>
          ),
        },
        {
          key: "font",
          label: t("editorPanels.sections.font"),
          children: (
            <FontBlock
              family={bind("fontFamily")}
              size={bind("fontSize")}
              color={bind("color")}
              background={bind("background")}
            />
          ),
        },
      ]}
    />
  );
}

/** A table of a data source's rows: the source, its columns, paging, font and colours. */
export function TableProps({ widget }: { widget: WidgetOf<"table"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const sources = useEditor((s) => s.doc.dataSources);
  const source = sources.find((d) => d.id === widget.props.dataSourceId);
  const data = useSourceFields(source);
  return (
    <Sections
      items={[
        {
          key: "data",
          label: t("editorPanels.sections.data"),
          children: (
            <>
              <Row label={t("editorPanels.binding.source")}>
                <Select
                  size="small"
                  style={{ width: "100%" }}
                  allowClear
                  placeholder={t("editorPanels.binding.none")}
                  value={source?.id}
                  options={sources.map((d) => ({ value: d.id, label: d.name }))}
                  notFoundContent={t("editorPanels.binding.noSources")}
                  onChange={(id?: string) => commitProps(widget.id, { dataSourceId: id ?? null })}
                  aria-label={t("editorPanels.binding.source")}
                />
              </Row>
              <Row label={t("editorPanels.sections.columns")} top>
                <TableColumns widget={widget} fields={data.fields} />
              </Row>
              <NumberRow label={t("editorPanels.table.maxRows")} b={bind("maxRows")} />
              <NumberRow
                label={t("editorPanels.table.pageSec")}
                tip={t("editorPanels.table.pageSecTip")}
                b={bind("pageSec")}
                suffix={t("editorPanels.units.seconds")}
              />
            </>
          ),
        },
        {
          key: "style",
          label: t("editorPanels.sections.style"),
          children: (
            <>
              <FontRow label={t("editorPanels.fields.fontFamily")} b={bind("fontFamily")} />
              <NumberRow
                label={t("editorPanels.fields.fontSize")}
                b={bind("fontSize")}
                suffix={t("editorPanels.units.px")}
              />
              <ColorRow label={t("editorPanels.fields.color")} b={bind("color")} />
              <ColorRow label={t("editorPanels.table.headerColor")} b={bind("headerColor")} />
              <ColorRow label={t("editorPanels.table.headerBackground")} b={bind("headerBackground")} />
              <ColorRow label={t("editorPanels.table.rowBackground")} b={bind("rowBackground")} />
              <ColorRow label={t("editorPanels.table.altRowBackground")} b={bind("altRowBackground")} />
            </>
          ),
        },
      ]}
    />
  );
}
