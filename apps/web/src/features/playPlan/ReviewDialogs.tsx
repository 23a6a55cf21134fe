import { Alert, Form, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DecisionTarget, useDialogCall } from "../content/ReviewDialogs";
import { planApi } from "./api";

export type { DecisionTarget };

/**
 * Approves or rejects plans with a note for the submitter. A refusal (a
 * reviewer deciding on their own submission, a plan no longer pending) stays
 * in the dialog, in the server's words.
 */
export function DecisionModal({
  target,
  onClose,
  onDone,
}: {
  target: DecisionTarget | null;
  onClose: () => void;
  onDone: (target: DecisionTarget) => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const { busy, refusal: error, setRefusal: setError, run } = useDialogCall(true);
  useEffect(() => {
    if (target) {
      setNote("");
      setError(null);
    }
  }, [target, setError]);

  const approve = target?.result === "approved";
  const submit = async () => {
    if (!target) return;
    if (!approve && !note.trim()) {
      setError(t("playPlan.review.rejectNeedsNote"));
      return;
    }
    await run(
      () => planApi.review(target.ids, target.result, note.trim()),
      () => {
        onDone(target);
        onClose();
      },
    );
  };
  const count = target?.ids.length ?? 0;
  return (
    <Modal
      open={target !== null}
      title={
        approve ? t("playPlan.review.approveTitle", { count }) : t("playPlan.review.rejectTitle", { count })
      }
      okText={approve ? t("playPlan.review.approve") : t("playPlan.review.reject")}
      okButtonProps={{ danger: !approve, "data-testid": "plan-review-submit" }}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
        {target?.names.join(", ")}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={approve ? t("playPlan.review.noteOptional") : t("playPlan.review.noteRequired")}
          htmlFor="plan-review-note"
        >
          <Input.TextArea
            id="plan-review-note"
            rows={4}
            maxLength={500}
            showCount
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={
              approve ? t("playPlan.review.approvePlaceholder") : t("playPlan.review.rejectPlaceholder")
            }
            data-testid="plan-review-note"
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="plan-review-error" />}
    </Modal>
  );
}

/** Adds a note to a plan's history without deciding (submitNote). */
export function NoteModal({
  plan,
  onClose,
  onDone,
}: {
  plan: { id: number; name: string } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const { busy, refusal: error, setRefusal: setError, run } = useDialogCall(true);
  useEffect(() => {
    if (plan) {
      setNote("");
      setError(null);
    }
  }, [plan, setError]);
  const submit = async () => {
    if (!plan) return;
    if (!note.trim()) {
      setError(t("playPlan.review.noteEmpty"));
      return;
    }
    await run(
      () => planApi.note(plan.id, note.trim()),
      () => {
        onDone();
        onClose();
      },
    );
  };
  return (
    <Modal
      open={plan !== null}
      title={plan ? t("playPlan.review.noteTitle", { name: plan.name }) : ""}
      okText={t("playPlan.review.addNote")}
      okButtonProps={{ "data-testid": "plan-note-submit" }}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t("playPlan.review.note")} htmlFor="plan-note">
          <Input.TextArea
            id="plan-note"
            rows={4}
            maxLength={500}
            showCount
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="plan-note"
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
