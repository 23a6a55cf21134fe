import { useMemo } from "react";
import { useRender } from "../context";
import { useNow } from "../hooks";
import { localeTag, rt } from "../i18n";
import { zoneOption } from "../time";
import { Placeholder } from "./Placeholder";
import { fontBoxCss } from "./textStyle";
import type { WidgetComponentProps } from "./types";

/** `dateStyle` spelled as fields, so a weekday can be added to any style (Intl refuses both at once). */
const STYLE_FIELDS: Record<string, Intl.DateTimeFormatOptions> = {
  full: { year: "numeric", month: "long", day: "numeric" },
  long: { year: "numeric", month: "long", day: "numeric" },
  medium: { year: "numeric", month: "short", day: "numeric" },
  short: { year: "numeric", month: "2-digit", day: "2-digit" },
};

/** Today's date in a time zone, in the screen's language; re-read every minute. */
export function DateWidget({ widget }: WidgetComponentProps<"date">) {
  const ctx = useRender();
  const p = widget.props;
  const now = useNow(60_000);
  const zone = useMemo(() => zoneOption(p.timezone), [p.timezone]);
  const tag = localeTag(ctx.locale);
  const format = useMemo(() => {
    if (zone === null) return null;
    const weekday = p.showWeekday
      ? p.dateStyle === "full" || p.dateStyle === "long"
        ? "long"
        : "short"
      : undefined;
    return new Intl.DateTimeFormat(tag, { timeZone: zone, ...STYLE_FIELDS[p.dateStyle], weekday });
  }, [tag, zone, p.dateStyle, p.showWeekday]);
  if (format === null)
    return (
      <Placeholder state="error" title={rt(ctx.locale, "badTimezone", { zone: p.timezone })} frame={widget} />
    );
  const justify = { left: "flex-start", center: "center", right: "flex-end" }[p.align];
  return (
    <div
      style={{
        ...fontBoxCss(p),
        display: "flex",
        alignItems: "center",
        justifyContent: justify,
        textAlign: p.align,
        lineHeight: 1.2,
      }}
    >
      <div>{format.format(now)}</div>
    </div>
  );
}
