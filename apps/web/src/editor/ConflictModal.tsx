import { App, Button, Modal, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { overwriteProgram, reloadProgram, type SaveHandlers, saveAsCopy } from "./saving";
import { useEditor } from "./store";
import { useEditorUi } from "./ui";

type Choice = "load" | "copy" | "overwrite";

/**
 * Someone saved this program after it was opened here. Nothing is
 * overwritten silently: the user picks one of three explicit ways out, and
 * autosave waits until then. Closing the dialog keeps the conflict (the save
 * status reopens it).
 */
export function ConflictModal({ handlers }: { handlers: SaveHandlers }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const conflict = useEditorUi((s) => s.conflict);
  const hidden = useEditorUi((s) => s.conflictHidden);
  const setUi = useEditorUi((s) => s.set);
  const [busy, setBusy] = useState<Choice | null>(null);

  const choose = async (choice: Choice) => {
    const s = useEditor.getState();
    setBusy(choice);
    try {
      if (choice === "load" && s.programId !== null) {
        await reloadProgram(s.programId);
        void message.success(t("editor.conflict.loaded"));
      } else if (choice === "copy") {
        await saveAsCopy(t("editor.conflict.copyName", { name: s.name }).slice(0, 100), handlers);
      } else if (choice === "overwrite") {
        await overwriteProgram(handlers);
      }
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const who = conflict?.updatedByName ?? t("editor.conflict.someone");
  const when = conflict ? dayjs(conflict.updateDate).format("YYYY-MM-DD HH:mm:ss") : "";
  return (
    <Modal
      open={conflict !== null && !hidden}
      title={t("editor.conflict.title")}
      onCancel={() => setUi({ conflictHidden: true })}
      maskClosable={false}
      width={560}
      footer={
        <Space wrap>
          <Button
            onClick={() => void choose("load")}
            loading={busy === "load"}
            disabled={busy !== null}
            data-testid="editor-conflict-load"
          >
            {t("editor.conflict.load")}
          </Button>
          <Button
            onClick={() => void choose("copy")}
            loading={busy === "copy"}
            disabled={busy !== null}
            data-testid="editor-conflict-copy"
          >
            {t("editor.conflict.copy")}
          </Button>
          <Button
            danger
            type="primary"
            onClick={() => void choose("overwrite")}
            loading={busy === "overwrite"}
            disabled={busy !== null}
            data-testid="editor-conflict-overwrite"
          >
            {t("editor.conflict.overwrite")}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t("editor.conflict.body", { who, when })}</Typography.Paragraph>
      <ul className="mq-ed-conflict-list">
        <li>
          <b>{t("editor.conflict.load")}</b> — {t("editor.conflict.loadHint")}
        </li>
        <li>
          <b>{t("editor.conflict.copy")}</b> — {t("editor.conflict.copyHint")}
        </li>
        <li>
          <b>{t("editor.conflict.overwrite")}</b> — {t("editor.conflict.overwriteHint", { who })}
        </li>
      </ul>
    </Modal>
  );
}
