import { cellText } from "@marquee/program";
import { type CSSProperties, useMemo } from "react";
import { useRender } from "../context";
import { rt } from "../i18n";
import { sanitizeRichText } from "../sanitize";
import { useDataSource } from "../scope";
import { useSourceRows } from "./rows";
import { textBoxCss, textCss } from "./textStyle";
import type { WidgetComponentProps } from "./types";

/** Text: plain, rich (sanitised HTML) or one field of a data source's row. */
export function TextWidget({ widget }: WidgetComponentProps<"text">) {
  const p = widget.props;
  return (
    // data-text-box: where the editor measures whether the text fits its box.
    <div style={textBoxCss(p)} data-text-box="">
      {p.binding ? (
        <BoundText widget={widget} />
      ) : p.html ? (
        <RichText html={p.html} style={textCss(p)} />
      ) : (
        <div style={textCss(p)}>{p.text}</div>
      )}
    </div>
  );
}

function RichText({ html, style }: { html: string; style: CSSProperties }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to an allowlist of tags and styles above.
  return <div className="mq-rich-text" style={style} dangerouslySetInnerHTML={{ __html: clean }} />;
}

function BoundText({ widget }: { widget: WidgetComponentProps<"text">["widget"] }) {
  const ctx = useRender();
  const binding = widget.props.binding;
  const source = useDataSource(binding?.dataSourceId ?? null);
  const { loading, value } = useSourceRows(source);
  const style = textCss(widget.props);
  const faint = { ...style, opacity: 0.6, fontSize: Math.max(10, widget.props.fontSize * 0.5) };
  if (!binding) return null;
  if (!source) return <div style={faint}>{rt(ctx.locale, "sourceMissing")}</div>;
  if (loading) return <div style={faint}>{rt(ctx.locale, "loading")}</div>;
  const rows = value?.data ?? null;
  if (rows === null)
    return (
      <div style={faint} data-state="noData">
        {rt(ctx.locale, "noData")}
        {value?.reason ? <div style={{ fontSize: "0.6em" }}>{value.reason}</div> : null}
      </div>
    );
  return <div style={style}>{cellText(rows[binding.row], binding.field)}</div>;
}
