import { patchWidgets } from "@marquee/program";
import { Alert, Space, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { activeScene, useEditor } from "../store";
import { STEP } from "./bind";
import { Row } from "./fields";

/** Several selected widgets: how many, lock or hide them all at once, and how to delete them. */
export function MultiPanel({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const scene = useEditor(activeScene);
  const chosen = scene.widgets.filter((w) => ids.includes(w.id));
  const all = (field: "locked" | "hidden") => chosen.length > 0 && chosen.every((w) => w[field]);
  const some = (field: "locked" | "hidden") => chosen.some((w) => w[field]);
  const set = (field: "locked" | "hidden", on: boolean) =>
    useEditor.getState().dispatch(patchWidgets(scene.id, ids, { [field]: on }), STEP.widget);
  return (
    <div data-testid="multi-panel" style={{ padding: 8 }}>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        {t("editorPanels.multi.count", { count: chosen.length })}
      </Typography.Paragraph>
      {(["locked", "hidden"] as const).map((field) => (
        <Row key={field} label={t(`editorPanels.fields.${field}`)}>
          <Space size={6}>
            <Switch size="small" checked={all(field)} onChange={(on) => set(field, on)} />
            {some(field) && !all(field) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t("editorPanels.multi.mixed")}
              </Typography.Text>
            )}
          </Space>
        </Row>
      ))}
      <Alert
        type="info"
        showIcon
        style={{ marginTop: 8, fontSize: 12 }}
        title={t("editorPanels.multi.hint")}
      />
    </div>
  );
}
