import { Form, Input, Modal } from "antd";
import type { Rule } from "antd/es/form";
import { useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../services/http";

/** The words of a refused save to show on the name field: the server's field error, else its message. */
export function nameError(err: unknown): string {
  if (!(err instanceof HttpError)) return String(err);
  return (
    err.fieldErrors.find((f) => f.field === "name")?.message ?? err.fieldErrors[0]?.message ?? err.message
  );
}

/**
 * Asks for a name (a folder, a material, a program, a group, a screen) with
 * the rules of that name; `onSave` may throw, and what the server said is
 * shown on the field. Test ids: `<testId>-input` and `<testId>-ok`.
 */
export function NameModal({
  open,
  title,
  label,
  initial,
  rules,
  maxLength,
  showCount = false,
  testId,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  rules: Rule[];
  maxLength: number;
  showCount?: boolean;
  testId: string;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  // Before the browser gets a turn: set after the dialog painted, the initial name could wipe
  // what a fast typist (or a test) already typed.
  useLayoutEffect(() => {
    if (open) form.setFieldsValue({ name: initial });
  }, [open, initial, form]);

  const submit = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await onSave(name.trim());
      onClose();
    } catch (err) {
      form.setFields([{ name: "name", errors: [nameError(err)] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": `${testId}-ok` }}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label={label} rules={rules}>
          <Input autoFocus maxLength={maxLength} showCount={showCount} data-testid={`${testId}-input`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
