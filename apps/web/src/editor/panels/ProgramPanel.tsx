import { useTranslation } from "react-i18next";
import { useEditor } from "../store";
import { BackgroundEditor } from "./BackgroundEditor";
import { STEP } from "./bind";
import { CanvasSize } from "./CanvasSize";
import { DataSources } from "./DataSources";
import { DefaultButtons } from "./DefaultButtons";
import { Sections } from "./fields";

/** The program's properties (edit type "program"): canvas size, background, default buttons, data sources. */
export function ProgramPanel() {
  const { t } = useTranslation();
  const background = useEditor((s) => s.doc.background);
  return (
    <div data-testid="program-panel">
      <Sections
        items={[
          { key: "canvas", label: t("editorPanels.sections.canvas"), children: <CanvasSize /> },
          {
            key: "background",
            label: t("editorPanels.sections.programBackground"),
            children: (
              <BackgroundEditor
                id="program:background"
                value={background}
                onChange={(next, mergeKey) =>
                  useEditor
                    .getState()
                    .dispatch({ t: "program.set", patch: { background: next } }, STEP.program, mergeKey)
                }
              />
            ),
          },
          { key: "buttons", label: t("editorPanels.sections.defaultButtons"), children: <DefaultButtons /> },
          { key: "sources", label: t("editorPanels.sections.dataSources"), children: <DataSources /> },
        ]}
      />
    </div>
  );
}
