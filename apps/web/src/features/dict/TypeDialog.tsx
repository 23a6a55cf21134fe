import { DICT_CODE_PATTERN, type DictType } from "@marquee/contracts";
import { Alert, Form, Input, InputNumber, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dictApi } from "./api";
import { serverErrors } from "./serverErrors";

interface Values {
  code: string;
  name: string;
  description?: string;
  sort?: number | null;
}

/** New or edit a dictionary type: code (fixed for built-in types), name, description, place. */
export function TypeDialog({
  open,
  type,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The type to edit; null for a new one. */
  type: DictType | null;
  onClose: () => void;
  onSaved: (saved: DictType) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.resetFields();
    if (type)
      form.setFieldsValue({
        code: type.code,
        name: type.name,
        description: type.description ?? "",
        sort: type.sort,
      });
  }, [open, type, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      const r = await dictApi.saveType({
        ...(type ? { id: type.id } : {}),
        code: v.code.trim(),
        name: v.name.trim(),
        description: v.description?.trim() ?? "",
        ...(typeof v.sort === "number" ? { sort: v.sort } : {}),
      });
      onSaved(r.type);
    } catch (err) {
      const shown = serverErrors(err, ["code", "name", "description", "sort"]);
      form.setFields(shown.fields as Parameters<typeof form.setFields>[0]);
      setRefusal(shown.general);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(type ? "dict.editType" : "dict.newType")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "dict-type-save" }}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      {type?.builtIn && (
        <Alert type="info" showIcon title={t("dict.builtInHint")} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="code"
          label={t("dict.fields.code")}
          extra={t("dict.codeHint")}
          rules={[
            { required: true, whitespace: true, message: t("dict.required") },
            { pattern: DICT_CODE_PATTERN, message: t("dict.codeFormat") },
          ]}
        >
          <Input
            autoFocus={!type}
            maxLength={50}
            disabled={type?.builtIn}
            style={{ fontFamily: "monospace" }}
            data-testid="dict-type-code"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t("dict.fields.name")}
          rules={[{ required: true, whitespace: true, message: t("dict.required") }]}
        >
          <Input maxLength={100} data-testid="dict-type-name" />
        </Form.Item>
        <Form.Item name="description" label={t("dict.fields.description")}>
          <Input.TextArea
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="dict-type-description"
          />
        </Form.Item>
        <Form.Item name="sort" label={t("dict.fields.sort")} extra={t("dict.sortHint")}>
          <InputNumber min={0} max={100_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
