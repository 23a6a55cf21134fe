import { Segmented, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useEditor } from "../store";
import { MultiPanel } from "./MultiPanel";
import { ProgramPanel } from "./ProgramPanel";
import { ScenePanel } from "./ScenePanel";
import { WidgetPanel } from "./WidgetPanel";

/**
 * The property panel (right column of the editor): follows the edit type
 * (spec §3) — the active scene by default, the program, or the selected
 * widget(s). Every change goes through the editor's dispatch, one undo step each.
 */
export function PropertyPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const editType = useEditor((s) => s.editType);
  const selectedIds = useEditor((s) => s.selectedIds);
  const setEditType = useEditor((s) => s.setEditType);
  const first = selectedIds[0];

  let body: ReactNode;
  if (editType === "widget" && first !== undefined)
    body =
      selectedIds.length > 1 ? (
        <MultiPanel ids={selectedIds} />
      ) : (
        <WidgetPanel key={first} widgetId={first} />
      );
  else
    body = (
      <>
        <div style={{ padding: 8 }}>
          <Segmented
            block
            size="small"
            value={editType === "program" ? "program" : "background"}
            onChange={(v) => setEditType(v as "background" | "program")}
            options={[
              { value: "background", label: t("editorPanels.tabs.scene") },
              { value: "program", label: t("editorPanels.tabs.program") },
            ]}
            data-testid="panel-tabs"
          />
        </div>
        {editType === "program" ? <ProgramPanel /> : <ScenePanel />}
      </>
    );

  return (
    <div
      data-testid="property-panel"
      style={{ height: "100%", overflowY: "auto", overflowX: "hidden", color: token.colorText, fontSize: 13 }}
    >
      {body}
    </div>
  );
}
