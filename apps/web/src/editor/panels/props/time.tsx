import type { WidgetOf } from "@marquee/program";
import { DatePicker, Select } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Bound, propBinder } from "../bind";
import { fromIso, toOffsetIso } from "../datetime";
import { Row, Sections, SegmentedRow, SelectRow, SwitchRow, TextRow } from "../fields";
import { timeZoneChoices } from "../options";
import { useDraft } from "../useDraft";
import { FontBlock, useEnumOptions } from "./common";

/** The screen's own zone ("local") or an IANA zone, searchable. */
function TimeZoneRow({ b }: { b: Bound<string> }) {
  const { t } = useTranslation();
  const d = useDraft(b);
  const zones = useMemo(() => timeZoneChoices(), []);
  const options = [
    { value: "local", label: t("editorPanels.time.localZone") },
    ...(d.draft === "local" || zones.includes(d.draft) ? [] : [{ value: d.draft, label: d.draft }]),
    ...zones.map((z) => ({ value: z, label: z.replace(/_/g, " ") })),
  ];
  return (
    <Row label={t("editorPanels.time.timezone")} problem={d.problem}>
      <Select
        size="small"
        showSearch
        optionFilterProp="label"
        style={{ width: "100%" }}
        value={d.draft}
        options={options}
        onChange={(v: string) => d.change(v)}
        aria-label={t("editorPanels.time.timezone")}
      />
    </Row>
  );
}

/** A clock: digital or analogue, its zone, what it shows, and its font. */
export function ClockProps({ widget }: { widget: WidgetOf<"clock"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const options = useEnumOptions();
  return (
    <Sections
      items={[
        {
          key: "display",
          label: t("editorPanels.sections.display"),
          children: (
            <>
              <SegmentedRow
                label={t("editorPanels.time.clockStyle")}
                b={bind("style")}
                options={options("time.clockStyles", ["digital", "analog"] as const)}
              />
              <TimeZoneRow b={bind("timezone")} />
              <SwitchRow label={t("editorPanels.time.hour12")} b={bind("hour12")} />
              <SwitchRow label={t("editorPanels.time.showSeconds")} b={bind("showSeconds")} />
              <SwitchRow label={t("editorPanels.time.showDate")} b={bind("showDate")} />
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

/** Today's date: its zone, style, weekday, font and alignment. */
export function DateProps({ widget }: { widget: WidgetOf<"date"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const options = useEnumOptions();
  return (
    <Sections
      items={[
        {
          key: "display",
          label: t("editorPanels.sections.display"),
          children: (
            <>
              <TimeZoneRow b={bind("timezone")} />
              <SelectRow
                label={t("editorPanels.time.dateStyle")}
                b={bind("dateStyle")}
                options={options("time.dateStyles", ["full", "long", "medium", "short"] as const)}
              />
              <SwitchRow label={t("editorPanels.time.showWeekday")} b={bind("showWeekday")} />
            </>
          ),
        },
        {
          key: "font",
          label: t("editorPanels.sections.font"),
          children: (
            <>
              <FontBlock
                family={bind("fontFamily")}
                size={bind("fontSize")}
                color={bind("color")}
                background={bind("background")}
              />
              <SegmentedRow
                label={t("editorPanels.fields.align")}
                b={bind("align")}
                options={options("align", ["left", "center", "right"] as const)}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/** The countdown's target: a date and time in the operator's zone, stored with its offset. */
function TargetRow({ b }: { b: Bound<string> }) {
  const { t } = useTranslation();
  const d = useDraft(b);
  return (
    <Row label={t("editorPanels.countdown.target")} problem={d.problem}>
      <DatePicker
        size="small"
        showTime
        style={{ width: "100%" }}
        allowClear={false}
        value={fromIso(d.draft)}
        onChange={(v) => {
          if (v) d.change(toOffsetIso(v));
        }}
        aria-label={t("editorPanels.countdown.target")}
      />
    </Row>
  );
}

/** A countdown to an instant: the target, units, texts around it, font. */
export function CountdownProps({ widget }: { widget: WidgetOf<"countdown"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const options = useEnumOptions();
  return (
    <Sections
      items={[
        {
          key: "display",
          label: t("editorPanels.sections.display"),
          children: (
            <>
              <TargetRow b={bind("target")} />
              <SelectRow
                label={t("editorPanels.countdown.units")}
                b={bind("units")}
                options={options("countdown.unitOptions", ["dhms", "hms", "days"] as const)}
              />
              <TextRow label={t("editorPanels.countdown.prefix")} b={bind("prefix")} />
              <TextRow label={t("editorPanels.countdown.endText")} b={bind("endText")} />
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
