import { Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { materialApi } from "./api";

/** The address rule of AddUrlBody in the contracts. */
const URL_RULE = /^(https?|rtmp|rtsp|rtmps):\/\/[^\s]+$/i;
const WEB_RULE = /^https?:\/\/[^\s]+$/i;

interface Values {
  name: string;
  url: string;
}

/** Adds a web page or a stream address as a material in the current folder. */
export function AddUrlModal({
  type,
  folderId,
  onClose,
  onAdded,
}: {
  type: "web" | "stream" | null;
  folderId: number | undefined;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (type) form.resetFields();
  }, [type, form]);

  const submit = async () => {
    if (!type) return;
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await materialApi.addUrl({ name: v.name.trim(), url: v.url.trim(), type, folderId });
      onAdded();
      onClose();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const fields = err.fieldErrors.filter((f) => f.field === "name" || f.field === "url");
      if (fields.length)
        form.setFields(fields.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
      else if (err.message !== "logout") form.setFields([{ name: "url", errors: [err.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={type !== null}
      title={type === "stream" ? t("material.addStream") : t("material.addWeb")}
      okText={t("material.save")}
      cancelText={t("material.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "add-url-ok" }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t("material.name")}
          rules={[
            { required: true, whitespace: true, message: t("material.nameRequired") },
            { max: 200, message: t("material.nameTooLong") },
          ]}
        >
          <Input maxLength={200} data-testid="add-url-name" />
        </Form.Item>
        <Form.Item
          name="url"
          label={type === "stream" ? t("material.streamUrl") : t("material.webUrl")}
          extra={type === "stream" ? t("material.streamUrlHint") : undefined}
          rules={[
            { required: true, whitespace: true, message: t("material.urlRequired") },
            { max: 2000, message: t("material.urlInvalid") },
            {
              validator: (_, v: string | undefined) =>
                !v || (type === "web" ? WEB_RULE : URL_RULE).test(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("material.urlInvalid"))),
            },
          ]}
        >
          <Input
            maxLength={2000}
            placeholder={type === "stream" ? "rtmp://… / https://….m3u8" : "https://…"}
            data-testid="add-url-url"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
