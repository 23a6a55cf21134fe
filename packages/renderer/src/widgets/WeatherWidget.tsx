import { useMemo } from "react";
import { useRender } from "../context";
import { useLoaded } from "../hooks";
import { localeTag, rt } from "../i18n";
import type { WeatherResult } from "../types";
import { Placeholder } from "./Placeholder";
import { fontBoxCss } from "./textStyle";
import type { WidgetComponentProps } from "./types";
import { WeatherIcon } from "./WeatherIcon";
import { wmo } from "./weatherCodes";

const REFRESH_MS = 10 * 60_000;

/**
 * Current weather and the next days' lows and highs at a place, from the
 * host's provider; fetched on mount and every 10 minutes on a screen. With no
 * answer it says "No data" and why — it never shows a figure it was not given.
 */
export function WeatherWidget({ widget }: WidgetComponentProps<"weather">) {
  const ctx = useRender();
  const p = widget.props;
  const query = { latitude: p.latitude, longitude: p.longitude, units: p.units, days: p.days };
  const { loading, value } = useLoaded(
    JSON.stringify(query),
    () => ctx.weather(query),
    ctx.mode === "edit" ? null : REFRESH_MS,
  );
  if (loading) return <Placeholder state="loading" title={rt(ctx.locale, "loading")} frame={widget} />;
  const data = value?.data ?? null;
  if (!data)
    return (
      <Placeholder
        state="noData"
        title={rt(ctx.locale, "noData")}
        detail={[p.locationName, value?.reason].filter(Boolean).join(" · ")}
        frame={widget}
      />
    );
  return <WeatherView data={data} widget={widget} />;
}

function WeatherView({
  data,
  widget,
}: {
  data: WeatherResult;
  widget: WidgetComponentProps<"weather">["widget"];
}) {
  const ctx = useRender();
  const p = widget.props;
  const tag = localeTag(ctx.locale);
  const weekday = useMemo(() => new Intl.DateTimeFormat(tag, { weekday: "short", timeZone: "UTC" }), [tag]);
  const unit = data.units === "imperial" ? "°F" : "°C";
  const now = wmo(data.current.weatherCode);
  const dayName = (date: string) => {
    const t = Date.parse(`${date}T00:00:00Z`);
    return Number.isNaN(t) ? date : weekday.format(t);
  };
  return (
    <div
      style={{
        ...fontBoxCss(p),
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        gap: "0.3em",
        padding: "0.4em 0.6em",
        lineHeight: 1.2,
      }}
    >
      {p.locationName ? <div style={{ fontSize: "0.7em", opacity: 0.85 }}>{p.locationName}</div> : null}
      <div style={{ display: "flex", alignItems: "center", gap: "0.4em" }}>
        <WeatherIcon icon={now.icon} size="2em" />
        <span className="mq-weather-temp" style={{ fontSize: "1.6em", fontWeight: 600 }}>
          {Math.round(data.current.temperature)}
          {unit}
        </span>
        <span style={{ fontSize: "0.7em" }}>{rt(ctx.locale, now.label)}</span>
      </div>
      {p.days > 0 && data.daily.length > 0 ? (
        <div style={{ display: "flex", gap: "0.8em", fontSize: "0.6em", flexWrap: "wrap" }}>
          {data.daily.slice(0, p.days).map((d) => (
            <div
              key={d.date}
              className="mq-weather-day"
              title={rt(ctx.locale, wmo(d.weatherCode).label)}
              style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: "0.2em" }}
            >
              <span>{dayName(d.date)}</span>
              <WeatherIcon icon={wmo(d.weatherCode).icon} size="1.6em" />
              <span>
                {Math.round(d.min)}° / {Math.round(d.max)}°
              </span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
