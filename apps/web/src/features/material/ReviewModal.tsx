import { Form, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { materialApi } from "./api";

export interface ReviewTarget {
  result: "approved" | "rejected";
  ids: number[];
  names: string[];
}

/** Approve or reject materials with a note for the uploader. */
export function ReviewModal({
  target,
  onClose,
  onDone,
}: {
  target: ReviewTarget | null;
  onClose: () => void;
  onDone: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note?: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { note } = values;
    setBusy(true);
    try {
      await materialApi.review(target.ids, target.result, note?.trim());
      onDone(target.ids);
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
  };

  const approve = target?.result === "approved";
  const count = target?.ids.length ?? 0;
  return (
    <Modal
      open={target !== null}
      title={
        approve ? t("material.review.approveTitle", { count }) : t("material.review.rejectTitle", { count })
      }
      okText={approve ? t("material.review.approve") : t("material.review.reject")}
      okButtonProps={{ danger: !approve, "data-testid": "review-submit" }}
      cancelText={t("material.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
        {target?.names.join(", ")}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t("material.review.note")}
          rules={[{ max: 500, message: t("material.review.noteTooLong") }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={
              approve ? t("material.review.notePlaceholder") : t("material.review.rejectPlaceholder")
            }
            data-testid="review-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
