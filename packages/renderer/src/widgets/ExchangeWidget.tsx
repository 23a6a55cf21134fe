import { useMemo } from "react";
import { useRender } from "../context";
import { useLoaded } from "../hooks";
import { localeTag, rt } from "../i18n";
import { Placeholder } from "./Placeholder";
import { fontBoxCss } from "./textStyle";
import type { WidgetComponentProps } from "./types";

const REFRESH_MS = 60 * 60_000;

/**
 * Exchange rates of a base currency, one row a currency, from the host's
 * provider (again every hour on a screen). Without an answer it says "No
 * data" and why; a currency the answer lacks shows a dash, not a guess.
 */
export function ExchangeWidget({ widget }: WidgetComponentProps<"exchange">) {
  const ctx = useRender();
  const p = widget.props;
  const query = { base: p.base, symbols: p.symbols };
  const { loading, value } = useLoaded(
    JSON.stringify(query),
    () => ctx.rates(query),
    ctx.mode === "edit" ? null : REFRESH_MS,
  );
  const tag = localeTag(ctx.locale);
  const number = useMemo(() => new Intl.NumberFormat(tag, { maximumFractionDigits: 4 }), [tag]);
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }),
    [tag],
  );
  if (loading) return <Placeholder state="loading" title={rt(ctx.locale, "loading")} frame={widget} />;
  const data = value?.data ?? null;
  if (!data)
    return (
      <Placeholder state="noData" title={rt(ctx.locale, "noData")} detail={value?.reason} frame={widget} />
    );
  const day = Date.parse(`${data.date.slice(0, 10)}T00:00:00Z`);
  const cell = { padding: "0.15em 0.4em" };
  return (
    <div style={{ ...fontBoxCss(p), display: "flex", flexDirection: "column", padding: "0.3em" }}>
      <table style={{ borderCollapse: "collapse", width: "100%", font: "inherit", color: "inherit" }}>
        <thead>
          <tr style={{ fontSize: "0.75em", opacity: 0.8 }}>
            <th style={{ ...cell, textAlign: "left" }}>1 {data.base}</th>
            <th style={{ ...cell, textAlign: "right" }}>
              {Number.isNaN(day) ? data.date : dateFormat.format(day)}
            </th>
          </tr>
        </thead>
        <tbody>
          {p.symbols.map((symbol) => {
            const rate = data.rates[symbol];
            return (
              <tr key={symbol} className="mq-rate">
                <td style={{ ...cell, textAlign: "left" }}>{symbol}</td>
                <td style={{ ...cell, textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
                  {typeof rate === "number" && Number.isFinite(rate) ? number.format(rate) : "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
