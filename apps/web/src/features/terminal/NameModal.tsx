import { Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formErrors } from "./errors";

/** Asks for a name (a group's, a terminal's); `onSave` may throw an HttpError, shown on the field. */
export function NameModal({
  open,
  title,
  label,
  initial,
  maxLength,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  maxLength: number;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial });
  }, [open, initial, form]);

  const submit = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await onSave(name.trim());
      onClose();
    } catch (err) {
      const shown = formErrors(err, ["name"]);
      form.setFields([
        {
          name: "name",
          errors: [...shown.fields.flatMap((f) => f.errors), ...(shown.general ? [shown.general] : [])],
        },
      ]);
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
      okButtonProps={{ "data-testid": "terminal-name-ok" }}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t("terminal.nameRequired") },
            { max: maxLength, message: t("terminal.nameTooLong", { max: maxLength }) },
          ]}
        >
          <Input autoFocus maxLength={maxLength} data-testid="terminal-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
