import { LoadingOutlined } from "@ant-design/icons";
import { Tooltip } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import type { SaveDisplay } from "./saving";
import { useEditor } from "./store";
import { useEditorUi } from "./ui";

/** The save state shown: a conflict and a running save first, a failure until the next change, then dirtiness. */
export function useSaveDisplay(): SaveDisplay {
  const status = useEditor((s) => s.saveStatus);
  const dirty = useEditor((s) => s.doc !== s.savedDoc);
  const name = useEditor((s) => s.name);
  const savedName = useEditorUi((s) => s.savedName);
  const conflict = useEditorUi((s) => s.conflict);
  if (conflict) return "conflict";
  if (status === "saving" || status === "error") return status;
  return dirty || name !== savedName ? "unsaved" : "saved";
}

/** Saved / Unsaved changes / Saving… / Save failed / Conflict, always in view; a conflict reopens its choices. */
export function SaveIndicator() {
  const { t } = useTranslation();
  const display = useSaveDisplay();
  const savedAt = useEditorUi((s) => s.savedAt);
  const saveError = useEditorUi((s) => s.saveError);
  const conflict = useEditorUi((s) => s.conflict);
  const setUi = useEditorUi((s) => s.set);
  const tip =
    display === "conflict" && conflict
      ? t("editor.save.conflictTip", {
          who: conflict.updatedByName ?? t("editor.conflict.someone"),
          when: dayjs(conflict.updateDate).format("YYYY-MM-DD HH:mm:ss"),
        })
      : display === "error"
        ? (saveError ?? "")
        : savedAt
          ? t("editor.save.savedAt", { time: dayjs(savedAt).format("YYYY-MM-DD HH:mm:ss") })
          : t("editor.save.never");
  return (
    <Tooltip title={tip}>
      <button
        type="button"
        className={`mq-ed-save mq-ed-save-${display}`}
        data-testid="editor-save-status"
        data-status={display}
        aria-live="polite"
        onClick={display === "conflict" ? () => setUi({ conflictHidden: false }) : undefined}
      >
        {display === "saving" ? <LoadingOutlined /> : <i className="mq-ed-save-dot" />}
        {t(`editor.save.${display}`)}
      </button>
    </Tooltip>
  );
}
