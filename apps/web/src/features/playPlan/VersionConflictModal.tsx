import { Button, Modal, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanVersionInfo } from "./api";

export type ConflictChoice = "load" | "copy" | "overwrite";

/**
 * Someone saved this plan after it was opened here. Nothing is overwritten
 * silently: the user loads the latest version (dropping this work), saves this
 * work as a new plan, or overwrites theirs. Closing keeps the work unsaved.
 */
export function VersionConflictModal({
  conflict,
  onChoose,
  onClose,
}: {
  conflict: PlanVersionInfo | null;
  onChoose: (choice: ConflictChoice) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ConflictChoice | null>(null);
  const choose = async (choice: ConflictChoice) => {
    setBusy(choice);
    try {
      await onChoose(choice);
    } finally {
      setBusy(null);
    }
  };
  const who = conflict?.updatedByName ?? t("playPlan.conflict.someone");
  const when = conflict ? dayjs(conflict.updateDate).format("YYYY-MM-DD HH:mm:ss") : "";
  const button = (choice: ConflictChoice, danger = false) => (
    <Button
      danger={danger}
      type={danger ? "primary" : "default"}
      onClick={() => void choose(choice)}
      loading={busy === choice}
      disabled={busy !== null}
      data-testid={`plan-conflict-${choice}`}
    >
      {t(`playPlan.conflict.${choice}`)}
    </Button>
  );
  return (
    <Modal
      open={conflict !== null}
      title={t("playPlan.conflict.title")}
      onCancel={onClose}
      mask={{ closable: false }}
      width={560}
      footer={
        <Space wrap>
          {button("load")}
          {button("copy")}
          {button("overwrite", true)}
        </Space>
      }
    >
      <Typography.Paragraph>{t("playPlan.conflict.body", { who, when })}</Typography.Paragraph>
      <ul>
        <li>
          <b>{t("playPlan.conflict.load")}</b> — {t("playPlan.conflict.loadHint")}
        </li>
        <li>
          <b>{t("playPlan.conflict.copy")}</b> — {t("playPlan.conflict.copyHint")}
        </li>
        <li>
          <b>{t("playPlan.conflict.overwrite")}</b> — {t("playPlan.conflict.overwriteHint", { who })}
        </li>
      </ul>
    </Modal>
  );
}
