import { BoldOutlined, ItalicOutlined, UnderlineOutlined } from "@ant-design/icons";
import { WIDGET_PROPS, type WidgetOf } from "@marquee/program";
import { Button, ColorPicker, Space, Tooltip, theme } from "antd";
import DOMPurify from "dompurify";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { commitProps } from "../bind";
import { ProblemText } from "../fields";
import { RICH_TAGS } from "../richText";
import { check, type Problem } from "../validate";

const clean = (html: string) =>
  DOMPurify.sanitize(html, { ALLOWED_TAGS: RICH_TAGS, ALLOWED_ATTR: ["style"] });

/**
 * Rich text of a text widget: a small editable box with bold, italic,
 * underline and colour (the browser's editing commands), kept as a small
 * sanitised HTML subset; the plain text follows it as the fallback.
 */
export function RichTextBox({ widget }: { widget: WidgetOf<"text"> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  /** The HTML this box last wrote: the DOM is only rewritten for changes from elsewhere (undo), so the caret stays. */
  const written = useRef<string | null>(null);
  const range = useRef<Range | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const html = widget.props.html ?? "";
  const key = `props:${widget.id}:html`;

  useEffect(() => {
    if (box.current && html !== written.current) {
      box.current.innerHTML = clean(html);
      written.current = html;
    }
  }, [html]);

  const emit = () => {
    const el = box.current;
    if (!el) return;
    const next = clean(el.innerHTML);
    if (next === written.current) return;
    const text = el.innerText.slice(0, 10_000);
    const p = check(WIDGET_PROPS.text.shape.html, next);
    setProblem(p);
    if (p) return;
    written.current = next;
    commitProps(widget.id, { html: next, text }, key);
  };
  const keepRange = () => {
    const sel = window.getSelection();
    if (sel && sel.rangeCount > 0 && box.current?.contains(sel.anchorNode))
      range.current = sel.getRangeAt(0).cloneRange();
  };
  const run = (command: string, value?: string) => {
    const el = box.current;
    if (!el) return;
    el.focus();
    const sel = window.getSelection();
    if (range.current && sel) {
      sel.removeAllRanges();
      sel.addRange(range.current);
    }
    document.execCommand("styleWithCSS", false, "true");
    document.execCommand(command, false, value);
    emit();
  };
  const tools = [
    { command: "bold", icon: <BoldOutlined />, tip: t("editorPanels.fields.bold") },
    { command: "italic", icon: <ItalicOutlined />, tip: t("editorPanels.fields.italic") },
    { command: "underline", icon: <UnderlineOutlined />, tip: t("editorPanels.fields.underline") },
  ];

  return (
    <div>
      <Space size={4} style={{ marginBottom: 4 }}>
        {tools.map((tool) => (
          <Tooltip key={tool.command} title={tool.tip}>
            <Button
              size="small"
              icon={tool.icon}
              aria-label={tool.tip}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(tool.command)}
            />
          </Tooltip>
        ))}
        <Tooltip title={t("editorPanels.text.selectionColor")}>
          <ColorPicker size="small" onChangeComplete={(c) => run("foreColor", c.toHexString().slice(0, 7))} />
        </Tooltip>
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text box needs contentEditable; a textarea cannot show formatting */}
      <div
        ref={box}
        role="textbox"
        tabIndex={0}
        aria-multiline
        aria-label={t("editorPanels.text.rich")}
        contentEditable
        suppressContentEditableWarning
        data-testid="rich-text"
        onInput={emit}
        onKeyUp={keepRange}
        onMouseUp={keepRange}
        onBlur={keepRange}
        style={{
          minHeight: 64,
          maxHeight: 200,
          overflowY: "auto",
          padding: "4px 8px",
          border: `1px solid ${problem ? token.colorError : token.colorBorder}`,
          borderRadius: token.borderRadiusSM,
          background: token.colorBgContainer,
          fontSize: 13,
          outline: "none",
        }}
      />
      <ProblemText problem={problem} />
    </div>
  );
}
