import { useMemo } from "react";
import { useRender } from "../context";
import { useNow } from "../hooks";
import { localeTag, rt } from "../i18n";
import { timeParts, zoneOption } from "../time";
import { Placeholder } from "./Placeholder";
import { fontBoxCss } from "./textStyle";
import type { WidgetComponentProps } from "./types";

/** A clock in a time zone, digital or analog; it ticks every second in every mode. */
export function ClockWidget({ widget }: WidgetComponentProps<"clock">) {
  const ctx = useRender();
  const p = widget.props;
  const now = useNow(1000);
  const zone = useMemo(() => zoneOption(p.timezone), [p.timezone]);
  const tag = localeTag(ctx.locale);
  const formats = useMemo(() => {
    if (zone === null) return null;
    return {
      time: new Intl.DateTimeFormat(tag, {
        timeZone: zone,
        hour: "2-digit",
        minute: "2-digit",
        second: p.showSeconds ? "2-digit" : undefined,
        hour12: p.hour12,
      }),
      date: new Intl.DateTimeFormat(tag, {
        timeZone: zone,
        weekday: "short",
        year: "numeric",
        month: "short",
        day: "numeric",
      }),
    };
  }, [tag, zone, p.showSeconds, p.hour12]);
  if (zone === null || formats === null)
    return (
      <Placeholder state="error" title={rt(ctx.locale, "badTimezone", { zone: p.timezone })} frame={widget} />
    );
  const date = p.showDate ? formats.date.format(now) : null;
  if (p.style === "analog") return <AnalogFace now={now} zone={zone} date={date} widget={widget} />;
  return (
    <div
      style={{
        ...fontBoxCss(p),
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        lineHeight: 1.15,
        fontVariantNumeric: "tabular-nums",
      }}
    >
      <div className="mq-clock-time">{formats.time.format(now)}</div>
      {date ? <div style={{ fontSize: "0.4em" }}>{date}</div> : null}
    </div>
  );
}

function AnalogFace({
  now,
  zone,
  date,
  widget,
}: {
  now: number;
  zone: string | undefined;
  date: string | null;
  widget: WidgetComponentProps<"clock">["widget"];
}) {
  const p = widget.props;
  const { h, m, s } = timeParts(now, zone);
  const hand = (deg: number, length: number, width: number, key: string) => (
    <line
      key={key}
      className={`mq-clock-${key}`}
      x1={100}
      y1={100}
      x2={100}
      y2={100 - length}
      stroke={p.color}
      strokeWidth={width}
      strokeLinecap="round"
      transform={`rotate(${deg} 100 100)`}
    />
  );
  return (
    <div style={{ ...fontBoxCss(p), display: "flex", alignItems: "center", justifyContent: "center" }}>
      <svg
        viewBox="0 0 200 200"
        width="100%"
        height="100%"
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={`${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`}
      >
        <circle cx={100} cy={100} r={95} fill="none" stroke={p.color} strokeWidth={4} />
        {Array.from({ length: 12 }, (_, i) => (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: the twelve marks of a dial never reorder.
            key={i}
            x1={100}
            y1={12}
            x2={100}
            y2={i % 3 === 0 ? 26 : 20}
            stroke={p.color}
            strokeWidth={i % 3 === 0 ? 4 : 2}
            transform={`rotate(${i * 30} 100 100)`}
          />
        ))}
        {date ? (
          <text x={100} y={140} textAnchor="middle" fontSize={12} fill={p.color} fontFamily={p.fontFamily}>
            {date}
          </text>
        ) : null}
        {hand((h % 12) * 30 + m * 0.5, 48, 7, "hour")}
        {hand(m * 6 + s * 0.1, 72, 4, "minute")}
        {p.showSeconds ? hand(s * 6, 82, 1.5, "second") : null}
        <circle cx={100} cy={100} r={5} fill={p.color} />
      </svg>
    </div>
  );
}
