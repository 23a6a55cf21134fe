import { Alert, Form, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";

/**
 * The review dialogs of messages and programs: a decision with a note for
 * the author, and a note alone. A refusal of the server (a reviewer deciding
 * on their own submission, an item no longer pending) stays in the dialog,
 * in the server's words, where the reviewer is looking.
 */

export interface DecisionTarget {
  result: "approved" | "rejected";
  ids: number[];
  names: string[];
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A review dialog's call to the server: busy while it runs, then done, or the
 * refusal in the server's words for the dialog to show. `quietLogout`: a call
 * that failed because the session ended shows nothing (the login takes over).
 */
export function useDialogCall(quietLogout = false) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    setRefusal(null);
    try {
      await call();
      done();
    } catch (e) {
      if (!(quietLogout && e instanceof HttpError && e.message === "logout")) setRefusal(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, setRefusal, run };
}

/** Approve or reject items with an optional note. */
export function DecisionModal({
  target,
  decide,
  onClose,
  onDone,
}: {
  target: DecisionTarget | null;
  decide: (ids: number[], result: DecisionTarget["result"], note: string) => Promise<unknown>;
  onClose: () => void;
  onDone: (target: DecisionTarget) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note?: string }>();
  const { busy, refusal, setRefusal, run } = useDialogCall();

  useEffect(() => {
    if (target) {
      form.resetFields();
      setRefusal(null);
    }
  }, [target, form, setRefusal]);

  const submit = async () => {
    if (!target) return;
    // A field in error says so under itself.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { note } = values;
    await run(
      () => decide(target.ids, target.result, note?.trim() ?? ""),
      () => {
        onDone(target);
        onClose();
      },
    );
  };

  const approve = target?.result === "approved";
  const count = target?.ids.length ?? 0;
  return (
    <Modal
      open={target !== null}
      title={
        approve
          ? t("publishMessage.review.approveTitle", { count })
          : t("publishMessage.review.rejectTitle", { count })
      }
      okText={approve ? t("publishMessage.review.approve") : t("publishMessage.review.reject")}
      okButtonProps={{ danger: !approve, "data-testid": "review-submit" }}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
        {target?.names.join(", ")}
      </Typography.Paragraph>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={t("publishMessage.review.refused")}
          description={refusal}
          style={{ marginBottom: 16 }}
          data-testid="review-refusal"
        />
      ) : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t("publishMessage.review.note")}
          rules={[{ max: 500, message: t("publishMessage.review.noteTooLong") }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={
              approve
                ? t("publishMessage.review.notePlaceholder")
                : t("publishMessage.review.rejectPlaceholder")
            }
            data-testid="review-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A note on one item, kept in its history without a decision (submitNote). */
export function NoteModal({
  target,
  send,
  onClose,
  onDone,
}: {
  target: { id: number; name: string } | null;
  send: (id: number, note: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const { busy, refusal, setRefusal, run } = useDialogCall();

  useEffect(() => {
    if (target) {
      form.resetFields();
      setRefusal(null);
    }
  }, [target, form, setRefusal]);

  const submit = async () => {
    if (!target) return;
    // A field in error says so under itself.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { note } = values;
    await run(
      () => send(target.id, note.trim()),
      () => {
        onDone();
        onClose();
      },
    );
  };

  return (
    <Modal
      open={target !== null}
      title={t("publishMessage.review.noteTitle", { name: target?.name ?? "" })}
      okText={t("common.save")}
      okButtonProps={{ "data-testid": "note-submit" }}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("publishMessage.review.noteHint")}</Typography.Paragraph>
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t("publishMessage.review.noteText")}
          rules={[
            { required: true, whitespace: true, message: t("publishMessage.review.noteRequired") },
            { max: 500, message: t("publishMessage.review.noteTooLong") },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="note-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
