import { Fragment } from "react";
import { useRender } from "../context";
import { useNow } from "../hooks";
import { type RtKey, rt } from "../i18n";
import { splitDuration } from "../time";
import { Placeholder } from "./Placeholder";
import { fontBoxCss } from "./textStyle";
import type { WidgetComponentProps } from "./types";

const pad = (n: number) => String(n).padStart(2, "0");

/** Time left until `target`, in days/hours/minutes/seconds, days only, or hours; `endText` once reached. */
export function CountdownWidget({ widget }: WidgetComponentProps<"countdown">) {
  const ctx = useRender();
  const p = widget.props;
  const now = useNow(1000);
  const target = Date.parse(p.target);
  if (Number.isNaN(target))
    return <Placeholder state="error" title={rt(ctx.locale, "badTarget")} detail={p.target} frame={widget} />;
  const left = target - now;
  const d = splitDuration(left);
  const units: Array<[number | string, RtKey]> =
    p.units === "days"
      ? [[Math.ceil(Math.max(0, left) / 86_400_000), "unitDay"]]
      : p.units === "hms"
        ? [
            [pad(d.days * 24 + d.hours), "unitHour"],
            [pad(d.minutes), "unitMinute"],
            [pad(d.seconds), "unitSecond"],
          ]
        : [
            [d.days, "unitDay"],
            [pad(d.hours), "unitHour"],
            [pad(d.minutes), "unitMinute"],
            [pad(d.seconds), "unitSecond"],
          ];
  const reached = left <= 0;
  return (
    <div
      style={{
        ...fontBoxCss(p),
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        textAlign: "center",
        lineHeight: 1.2,
        fontVariantNumeric: "tabular-nums",
      }}
    >
      {reached && p.endText ? (
        <div className="mq-countdown-end">{p.endText}</div>
      ) : (
        <div className="mq-countdown">
          {p.prefix ? <span>{p.prefix} </span> : null}
          {units.map(([value, unit], i) => (
            <Fragment key={unit}>
              {i > 0 ? " " : null}
              <span className="mq-countdown-value">{value}</span>
              <span style={{ fontSize: "0.6em" }}>{rt(ctx.locale, unit)}</span>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
