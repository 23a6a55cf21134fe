import { Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";

/** The rule of MaterialName in the contracts: 1–200 characters, no path separators or control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule refuses
const BAD_NAME = /[\\/\u0000-\u001f\u007f]/;

/** Asks for a name (folder or material); `onSave` may throw an HttpError whose message is shown on the field. */
export function NameModal({
  open,
  title,
  label,
  initial,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
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
      const text = err instanceof HttpError ? (err.fieldErrors[0]?.message ?? err.message) : String(err);
      form.setFields([{ name: "name", errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t("material.save")}
      cancelText={t("material.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "name-modal-ok" }}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t("material.nameRequired") },
            { max: 200, message: t("material.nameTooLong") },
            {
              validator: (_, v: string | undefined) =>
                v && BAD_NAME.test(v)
                  ? Promise.reject(new Error(t("material.nameInvalid")))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input autoFocus maxLength={200} data-testid="name-modal-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
