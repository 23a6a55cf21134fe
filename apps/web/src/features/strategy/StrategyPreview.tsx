import { localDateOf } from "@marquee/schedule";
import { Alert, Card, Form, type FormInstance, Select, Space, Typography, theme } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { timeZoneChoices } from "../../editor/panels/options";
import { clockText } from "../terminal/settingsForm";
import { browserZone, docProblems, type StrategyFormValues, strategyPreview, toDoc } from "./doc";

const DAY_MIN = 1440;

/**
 * The coming seven days as a screen following the strategy lives them, in a chosen time zone: per day a
 * lane of on (green, with the volume) and off (grey), and the off hours in words. Computed with
 * deviceStateAt, the function the player itself obeys.
 */
export function StrategyPreview({
  form,
  now: fixedNow,
}: {
  form: FormInstance<StrategyFormValues>;
  now?: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [zone, setZone] = useState(browserZone);
  const [now] = useState(() => fixedNow ?? Date.now());
  const values = Form.useWatch((v: StrategyFormValues) => v, form);
  const zones = useMemo(() => timeZoneChoices().map((z) => ({ value: z, label: z })), []);
  const doc = useMemo(() => toDoc(values ?? {}), [values]);
  const valid = useMemo(() => docProblems(doc).length === 0, [doc]);
  const days = useMemo(() => (valid ? strategyPreview(doc, now, zone) : []), [valid, doc, now, zone]);

  return (
    <Card
      size="small"
      title={t("strategy.preview.title")}
      extra={
        <Space>
          <Typography.Text type="secondary">{t("strategy.preview.zone")}</Typography.Text>
          <Select
            showSearch
            value={zone}
            onChange={setZone}
            options={zones}
            style={{ width: 220 }}
            aria-label={t("strategy.preview.zone")}
            data-testid="strategy-preview-zone"
          />
        </Space>
      }
      data-testid="strategy-preview"
    >
      {!valid ? (
        <Alert type="warning" showIcon title={t("strategy.preview.invalid")} />
      ) : (
        <Space orientation="vertical" size={4} style={{ width: "100%" }}>
          {days.map((d) => (
            <div
              key={d.start}
              style={{ display: "flex", gap: 8, alignItems: "center" }}
              data-testid="strategy-preview-day"
            >
              <Typography.Text style={{ width: 84, flex: "none", fontSize: 12 }}>
                {t(`playPlan.weekdays.short.${d.weekday}`)} {localDateOf(zone, d.start).slice(5)}
              </Typography.Text>
              <div
                style={{
                  position: "relative",
                  height: 18,
                  flex: 1,
                  minWidth: 0,
                  background: token.colorFillTertiary,
                }}
              >
                {d.spans.map((s) => (
                  <div
                    key={s.from}
                    title={`${clockText(s.from)}–${clockText(s.to)} ${t(s.screenOn ? "strategy.preview.on" : "strategy.preview.offWord")}${s.volume !== null && s.screenOn ? ` · ${t("strategy.preview.volume", { volume: s.volume })}` : ""}`}
                    style={{
                      position: "absolute",
                      top: 0,
                      bottom: 0,
                      left: `${(s.from / DAY_MIN) * 100}%`,
                      width: `${((s.to - s.from) / DAY_MIN) * 100}%`,
                      background: s.screenOn ? token.colorSuccess : token.colorTextQuaternary,
                      color: "#fff",
                      fontSize: 10,
                      lineHeight: "18px",
                      paddingInlineStart: 2,
                      overflow: "hidden",
                      whiteSpace: "nowrap",
                      borderInlineEnd: `1px solid ${token.colorBgContainer}`,
                    }}
                  >
                    {s.screenOn && s.volume !== null ? s.volume : ""}
                  </div>
                ))}
              </div>
              <Typography.Text
                type={d.offHours.length ? "secondary" : undefined}
                style={{ width: 200, flex: "none", fontSize: 12 }}
                data-testid="strategy-preview-off"
              >
                {d.offHours.length === 0
                  ? t("strategy.preview.allOn")
                  : d.offHours[0] === "00:00–24:00"
                    ? t("strategy.preview.allOff")
                    : t("strategy.preview.off", { hours: d.offHours.join(", ") })}
              </Typography.Text>
            </div>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("strategy.preview.legend")}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
