import { Binding, cellText, LIMITS, type WidgetOf } from "@marquee/program";
import { AutoComplete, InputNumber, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useEditor } from "../../store";
import { commitProps } from "../bind";
import { Row } from "../fields";
import { check, type Problem } from "../validate";
import { useSourceFields } from "./useSourceFields";

interface Draft {
  dataSourceId: string | null;
  field: string;
  /** 0-based, as stored; shown 1-based. */
  row: number;
}

const draftOf = (b: WidgetOf<"text">["props"]["binding"]): Draft =>
  b
    ? { dataSourceId: b.dataSourceId, field: b.field, row: b.row }
    : { dataSourceId: null, field: "", row: 0 };

/**
 * A text widget's binding to one field of one row of a data source. It is
 * stored only once complete; until then the panel keeps the draft and says
 * what is missing.
 */
export function BindingEditor({ widget }: { widget: WidgetOf<"text"> }) {
  const { t } = useTranslation();
  const sources = useEditor((s) => s.doc.dataSources);
  const stored = widget.props.binding;
  const [state, setState] = useState({ stored, draft: draftOf(stored), problem: null as Problem | null });
  let current = state;
  if (state.stored !== stored) {
    current = { stored, draft: draftOf(stored), problem: null };
    setState(current);
  }
  const { draft, problem } = current;
  const source = sources.find((d) => d.id === draft.dataSourceId);
  const data = useSourceFields(source);
  const key = `props:${widget.id}:binding`;

  const change = (next: Draft) => {
    if (next.dataSourceId === null) {
      setState((s) => ({ ...s, draft: next, problem: null }));
      if (stored !== null) commitProps(widget.id, { binding: null }, key);
      return;
    }
    const value = { dataSourceId: next.dataSourceId, field: next.field, row: next.row };
    const p = next.field === "" ? { key: "editorPanels.errors.chooseField" } : check(Binding, value);
    setState((s) => ({ ...s, draft: next, problem: p }));
    if (!p) commitProps(widget.id, { binding: value }, key);
  };

  const sample = source && draft.field ? cellText(data.rows[draft.row], draft.field) : "";
  return (
    <div data-testid="binding-editor">
      <Row label={t("editorPanels.binding.source")}>
        <Select
          size="small"
          style={{ width: "100%" }}
          allowClear
          placeholder={t("editorPanels.binding.none")}
          value={draft.dataSourceId ?? undefined}
          options={sources.map((d) => ({ value: d.id, label: d.name }))}
          notFoundContent={t("editorPanels.binding.noSources")}
          onChange={(id?: string) => {
            const picked = sources.find((d) => d.id === id);
            change({ ...draft, dataSourceId: picked ? picked.id : null, field: picked ? draft.field : "" });
          }}
        />
      </Row>
      {draft.dataSourceId !== null && (
        <>
          <Row label={t("editorPanels.binding.field")} problem={problem}>
            <AutoComplete
              size="small"
              style={{ width: "100%" }}
              value={draft.field}
              options={data.fields.map((f) => ({ value: f }))}
              placeholder={
                data.loading ? t("editorPanels.binding.loading") : t("editorPanels.binding.fieldHint")
              }
              onChange={(field: string) => change({ ...draft, field })}
              aria-label={t("editorPanels.binding.field")}
            />
          </Row>
          <Row label={t("editorPanels.binding.row")} tip={t("editorPanels.binding.rowTip")}>
            <InputNumber
              size="small"
              style={{ width: "100%" }}
              min={1}
              max={LIMITS.inlineRows + 1}
              precision={0}
              value={draft.row + 1}
              onChange={(n) => {
                if (n !== null) change({ ...draft, row: n - 1 });
              }}
              aria-label={t("editorPanels.binding.row")}
            />
          </Row>
          {data.error && (
            <Typography.Text type="warning" style={{ fontSize: 12, display: "block" }}>
              {t("editorPanels.binding.previewFailed", { reason: data.error })}
            </Typography.Text>
          )}
          {sample !== "" && (
            <Typography.Text type="secondary" style={{ fontSize: 12, display: "block" }}>
              {t("editorPanels.binding.sample", { value: sample })}
            </Typography.Text>
          )}
        </>
      )}
    </div>
  );
}
