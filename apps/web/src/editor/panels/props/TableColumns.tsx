import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { WIDGET_PROPS, type WidgetOf } from "@marquee/program";
import { AutoComplete, Button, Input, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commitProps } from "../bind";
import { ProblemText } from "../fields";
import { moveItem, nextField } from "../lists";
import { check, type Problem } from "../validate";

type Column = WidgetOf<"table">["props"]["columns"][number];

/**
 * A table's columns: which field each shows under which title, in order.
 * Stored whenever the list is complete; an empty field stays a draft.
 */
export function TableColumns({ widget, fields }: { widget: WidgetOf<"table">; fields: string[] }) {
  const { t } = useTranslation();
  const stored = widget.props.columns;
  const [state, setState] = useState({ stored, draft: stored, problem: null as Problem | null });
  let current = state;
  if (state.stored !== stored) {
    current = { stored, draft: stored, problem: null };
    setState(current);
  }
  const { draft, problem } = current;
  const key = `props:${widget.id}:columns`;
  const change = (next: Column[], merge = false) => {
    const p = next.some((c) => c.field.trim() === "")
      ? { key: "editorPanels.errors.chooseField" }
      : check(WIDGET_PROPS.table.shape.columns, next);
    setState((s) => ({ ...s, draft: next, problem: p }));
    if (!p) commitProps(widget.id, { columns: next }, merge ? key : undefined);
  };
  const edit = (i: number, patch: Partial<Column>) =>
    change(
      draft.map((c, j) => (j === i ? { ...c, ...patch } : c)),
      true,
    );
  const iconButton = (tip: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={tip}>
      <Button size="small" type="text" icon={icon} aria-label={tip} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
  return (
    <div data-testid="table-columns">
      {draft.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns have no id; their place is their identity
        <div key={i} style={{ display: "flex", gap: 2, alignItems: "center", marginBottom: 4 }}>
          <AutoComplete
            size="small"
            style={{ flex: 1, minWidth: 0 }}
            value={c.field}
            options={fields.map((f) => ({ value: f }))}
            placeholder={t("editorPanels.table.field")}
            status={c.field.trim() === "" ? "error" : undefined}
            onChange={(field: string) => edit(i, { field, title: c.title === c.field ? field : c.title })}
            aria-label={t("editorPanels.table.field")}
          />
          <Input
            size="small"
            style={{ flex: 1, minWidth: 0 }}
            value={c.title}
            placeholder={t("editorPanels.table.title")}
            onChange={(e) => edit(i, { title: e.target.value })}
            aria-label={t("editorPanels.table.title")}
          />
          {iconButton(
            t("editorPanels.list.up"),
            <ArrowUpOutlined />,
            () => change(moveItem(draft, i, -1)),
            i === 0,
          )}
          {iconButton(
            t("editorPanels.list.down"),
            <ArrowDownOutlined />,
            () => change(moveItem(draft, i, 1)),
            i === draft.length - 1,
          )}
          {iconButton(t("editorPanels.list.remove"), <CloseOutlined />, () =>
            change(draft.filter((_, j) => j !== i)),
          )}
        </div>
      ))}
      <ProblemText problem={problem} />
      <Button
        size="small"
        block
        icon={<PlusOutlined />}
        onClick={() => {
          const field = nextField(fields, draft);
          change([...draft, { field, title: field }]);
        }}
      >
        {t("editorPanels.table.addColumn")}
      </Button>
    </div>
  );
}
