import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { type DataSource, LIMITS } from "@marquee/program";
import { App, Button, Empty, Tag, Tooltip, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useEditor } from "../store";
import { STEP } from "./bind";
import { DataSourceModal } from "./DataSourceModal";
import { newSource, removeSourceCommand, widgetsUsingSource } from "./sources";
import { usePlacedNames } from "./usePlacedNames";

/** Where a source's rows come from, in a few words: the address's host, or how many rows were uploaded. */
function useSourceSummary() {
  const { t } = useTranslation();
  return (d: DataSource) => {
    if (d.kind === "inline") return t("editorPanels.dataSources.rowsCount", { count: d.rows.length });
    try {
      return d.url ? new URL(d.url).host : "";
    } catch {
      return d.url ?? "";
    }
  };
}

/**
 * The program's data sources (§3 "data source list"): add, edit and delete,
 * each one undo step. A source in use is removed together with the
 * references to it, after the operator has seen which widgets read it.
 */
export function DataSources() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const sources = useEditor((s) => s.doc.dataSources);
  const [editing, setEditing] = useState<DataSource | null>(null);
  const summary = useSourceSummary();
  const names = usePlacedNames();

  const save = (source: DataSource) => {
    const { doc, dispatch } = useEditor.getState();
    const exists = doc.dataSources.some((d) => d.id === source.id);
    const dataSources = exists
      ? doc.dataSources.map((d) => (d.id === source.id ? source : d))
      : [...doc.dataSources, source];
    dispatch({ t: "dataSources.set", dataSources }, STEP.dataSources);
  };
  const remove = (source: DataSource) => {
    const used = widgetsUsingSource(useEditor.getState().doc, source.id);
    modal.confirm({
      title: t("editorPanels.dataSources.deleteTitle", { name: source.name }),
      content:
        used.length > 0
          ? t("editorPanels.dataSources.deleteUsed", { count: used.length, names: names(used) })
          : t("editorPanels.dataSources.deleteConfirm"),
      okText: t("editorPanels.delete"),
      okButtonProps: { danger: true },
      cancelText: t("editorPanels.cancel"),
      onOk: () => {
        const { doc, dispatch } = useEditor.getState();
        dispatch(removeSourceCommand(doc, source.id), STEP.deleteSource);
      },
    });
  };

  return (
    <div data-testid="data-sources">
      {sources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("editorPanels.dataSources.empty")} />
      ) : (
        sources.map((d) => (
          <div
            key={d.id}
            data-testid="data-source"
            style={{
              display: "flex",
              alignItems: "center",
              gap: 4,
              padding: "4px 0",
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text ellipsis={{ tooltip: d.name }} style={{ display: "block", fontSize: 13 }}>
                {d.name}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ display: "block", fontSize: 12 }}>
                <Tag style={{ fontSize: 11, lineHeight: "16px", marginRight: 4 }}>
                  {d.format.toUpperCase()}
                </Tag>
                {summary(d)}
              </Typography.Text>
            </div>
            <Tooltip title={t("editorPanels.dataSources.edit")}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t("editorPanels.dataSources.edit")}
                onClick={() => setEditing(d)}
              />
            </Tooltip>
            <Tooltip title={t("editorPanels.delete")}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("editorPanels.delete")}
                onClick={() => remove(d)}
              />
            </Tooltip>
          </div>
        ))
      )}
      <Button
        size="small"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={sources.length >= LIMITS.dataSources}
        onClick={() => setEditing(newSource(""))}
        data-testid="data-source-add"
      >
        {t("editorPanels.dataSources.add")}
      </Button>
      {editing && <DataSourceModal initial={editing} onSave={save} onClose={() => setEditing(null)} />}
    </div>
  );
}
