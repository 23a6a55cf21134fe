import { cellText } from "@marquee/program";
import { useState } from "react";
import { useRender } from "../context";
import { useInterval } from "../hooks";
import { rt } from "../i18n";
import { useDataSource } from "../scope";
import { Placeholder } from "./Placeholder";
import { useSourceRows } from "./rows";
import type { WidgetComponentProps } from "./types";

type Rows = Array<Record<string, unknown>>;

/**
 * Rows of a data source as a table: a header of the column titles, then
 * `maxRows` rows a page, the pages turning every `pageSec` on a screen; the
 * rows are fetched again every `refreshSec` of the source.
 */
export function TableWidget({ widget }: WidgetComponentProps<"table">) {
  const ctx = useRender();
  const p = widget.props;
  const source = useDataSource(p.dataSourceId);
  const { loading, value } = useSourceRows(source);
  if (p.dataSourceId === null)
    return ctx.mode === "edit" ? (
      <Placeholder state="empty" title={rt(ctx.locale, "noDataSource")} frame={widget} />
    ) : null;
  if (!source)
    return (
      <Placeholder
        state="error"
        title={rt(ctx.locale, "sourceMissing")}
        detail={p.dataSourceId}
        frame={widget}
      />
    );
  if (loading) return <Placeholder state="loading" title={rt(ctx.locale, "loading")} frame={widget} />;
  const rows = value?.data ?? null;
  if (rows === null)
    return (
      <Placeholder state="noData" title={rt(ctx.locale, "noData")} detail={value?.reason} frame={widget} />
    );
  return <TablePages widget={widget} rows={rows} />;
}

function TablePages({ widget, rows }: { widget: WidgetComponentProps<"table">["widget"]; rows: Rows }) {
  const ctx = useRender();
  const p = widget.props;
  const [step, setStep] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / p.maxRows));
  const turning = ctx.mode !== "edit" && p.pageSec > 0 && pages > 1;
  useInterval(() => setStep((s) => s + 1), turning ? p.pageSec * 1000 : null);
  const page = turning ? step % pages : 0;
  const columns =
    p.columns.length > 0
      ? p.columns
      : [...new Set(rows.slice(0, 20).flatMap((r) => Object.keys(r)))].map((field) => ({
          field,
          title: field,
        }));
  const rowHeight = widget.h / (p.maxRows + 1);
  const cell = {
    padding: "0 0.4em",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap" as const,
    textAlign: "left" as const,
  };
  return (
    <div style={{ position: "absolute", inset: 0, overflow: "hidden" }}>
      <table
        style={{
          width: "100%",
          borderCollapse: "collapse",
          tableLayout: "fixed",
          fontFamily: p.fontFamily,
          fontSize: p.fontSize,
          color: p.color,
        }}
      >
        <thead>
          <tr style={{ height: rowHeight, background: p.headerBackground, color: p.headerColor }}>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two columns may show the same field
              <th key={i} style={cell}>
                {c.title || c.field}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(page * p.maxRows, (page + 1) * p.maxRows).map((row, i) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; a page is redrawn whole.
              key={`${page}-${i}`}
              style={{ height: rowHeight, background: i % 2 === 0 ? p.rowBackground : p.altRowBackground }}
            >
              {columns.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may show the same field
                <td key={j} style={cell}>
                  {cellText(row, c.field)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
