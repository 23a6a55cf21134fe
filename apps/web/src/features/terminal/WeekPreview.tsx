import { type DeviceSettings, localDateOf } from "@marquee/schedule";
import { Space, Typography, theme } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { clockText, type PreviewSpan, weekPreview } from "./settingsForm";

const DAY_MIN = 1440;
const TICKS = [0, 6, 12, 18, 24];

/**
 * What the settings do over the coming week, as the player will obey them (deviceStateAt): per day a lane
 * for the screen (on/off, the volume), and a thin lane for when downloads may run.
 */
export function WeekPreview({
  settings,
  timezone,
  now,
}: {
  settings: DeviceSettings;
  timezone: string;
  now: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const days = useMemo(() => weekPreview(settings, now, timezone), [settings, now, timezone]);

  const describe = (s: PreviewSpan) =>
    [
      `${clockText(s.from)}–${clockText(s.to)}`,
      t(s.screenOn ? "terminal.preview.on" : "terminal.preview.off"),
      s.volume === null ? null : t("terminal.preview.volume", { volume: s.volume }),
      t(s.downloadAllowed ? "terminal.preview.downloads" : "terminal.preview.noDownloads"),
    ]
      .filter(Boolean)
      .join(" · ");

  const bar = (s: PreviewSpan, color: string, key: string, label?: string) => (
    <div
      key={key}
      title={describe(s)}
      style={{
        position: "absolute",
        top: 0,
        bottom: 0,
        left: `${(s.from / DAY_MIN) * 100}%`,
        width: `${((s.to - s.from) / DAY_MIN) * 100}%`,
        background: color,
        overflow: "hidden",
        whiteSpace: "nowrap",
        fontSize: 10,
        lineHeight: "18px",
        paddingInlineStart: 2,
        color: "#fff",
        borderInlineEnd: `1px solid ${token.colorBgContainer}`,
      }}
    >
      {label}
    </div>
  );

  return (
    <Space orientation="vertical" size={4} style={{ width: "100%" }} data-testid="terminal-settings-preview">
      <Typography.Text type="secondary">{t("terminal.preview.zone", { zone: timezone })}</Typography.Text>
      {days.map((d) => (
        <div
          key={d.start}
          style={{ display: "flex", gap: 8, alignItems: "center" }}
          data-testid="terminal-preview-day"
        >
          <Typography.Text style={{ width: 76, flex: "none", fontSize: 12 }}>
            {t(`playPlan.weekdays.short.${d.weekday}`)} {localDateOf(timezone, d.start).slice(5)}
          </Typography.Text>
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ position: "relative", height: 18, background: token.colorFillTertiary }}>
              {d.spans.map((s) =>
                bar(
                  s,
                  s.screenOn ? token.colorSuccess : token.colorTextSecondary,
                  `s${s.from}`,
                  s.screenOn && s.volume !== null ? String(s.volume) : undefined,
                ),
              )}
            </div>
            <div style={{ position: "relative", height: 4, marginTop: 1 }}>
              {d.spans.filter((s) => s.downloadAllowed).map((s) => bar(s, token.colorPrimary, `d${s.from}`))}
            </div>
          </div>
        </div>
      ))}
      <div style={{ display: "flex", gap: 8 }}>
        <span style={{ width: 76, flex: "none" }} />
        <div style={{ flex: 1, position: "relative", height: 14, fontSize: 10 }}>
          {TICKS.map((h) => (
            <span
              key={h}
              style={{
                position: "absolute",
                left: `${(h / 24) * 100}%`,
                transform: h === 24 ? "translateX(-100%)" : h ? "translateX(-50%)" : undefined,
                color: token.colorTextTertiary,
              }}
            >
              {`${String(h).padStart(2, "0")}:00`}
            </span>
          ))}
        </div>
      </div>
      <Space size="middle" wrap style={{ fontSize: 12 }}>
        <Legend color={token.colorSuccess} text={t("terminal.preview.legendOn")} />
        <Legend color={token.colorTextSecondary} text={t("terminal.preview.legendOff")} />
        <Legend color={token.colorPrimary} text={t("terminal.preview.legendDownloads")} />
      </Space>
    </Space>
  );
}

const Legend = ({ color, text }: { color: string; text: string }) => (
  <span style={{ display: "inline-flex", gap: 4, alignItems: "center" }}>
    <span style={{ width: 12, height: 8, background: color, display: "inline-block" }} />
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  </span>
);
