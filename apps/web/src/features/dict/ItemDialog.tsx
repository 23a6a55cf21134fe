import { type DictItem, type DictType, LOCALES, type Locale } from "@marquee/contracts";
import { Alert, Col, Divider, Form, Input, InputNumber, Modal, Row, Switch } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dictApi } from "./api";
import { serverErrors } from "./serverErrors";

interface Values {
  value: string;
  label: string;
  labels: Partial<Record<Locale, string>>;
  sort?: number | null;
  enabled: boolean;
  remarks?: string;
}

const FIELDS = ["value", "label", "sort", "enabled", "remarks", ...LOCALES.map((l) => `labels.${l}`)];

/** New or edit an item of a type: value, default label, a label per console language, place, enabled, remarks. */
export function ItemDialog({
  open,
  type,
  item,
  onClose,
  onSaved,
}: {
  open: boolean;
  type: DictType;
  /** The item to edit; null for a new one. */
  item: DictItem | null;
  onClose: () => void;
  onSaved: (saved: DictItem) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.resetFields();
    form.setFieldsValue(
      item
        ? {
            value: item.value,
            label: item.label,
            labels: item.labels as Values["labels"],
            sort: item.sort,
            enabled: item.enabled,
            remarks: item.remarks ?? "",
          }
        : { enabled: true, labels: {} },
    );
  }, [open, item, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      const labels = Object.fromEntries(
        LOCALES.map((l) => [l, v.labels?.[l]?.trim() ?? ""]).filter(([, text]) => text),
      );
      const r = await dictApi.saveItem({
        ...(item ? { id: item.id } : {}),
        typeId: type.id,
        value: v.value.trim(),
        label: v.label.trim(),
        labels,
        enabled: v.enabled,
        remarks: v.remarks?.trim() ?? "",
        ...(typeof v.sort === "number" ? { sort: v.sort } : {}),
      });
      onSaved(r.item);
    } catch (err) {
      const shown = serverErrors(err, FIELDS);
      form.setFields(shown.fields as Parameters<typeof form.setFields>[0]);
      setRefusal(shown.general);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, whitespace: true, message: t("dict.required") };
  return (
    <Modal
      open={open}
      width={720}
      title={`${t(item ? "dict.editItem" : "dict.newItem")} · ${type.name}`}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "dict-item-save" }}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="value"
              label={t("dict.fields.value")}
              extra={t("dict.valueHint")}
              rules={[required]}
            >
              <Input autoFocus={!item} maxLength={100} data-testid="dict-item-value" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="label"
              label={t("dict.fields.label")}
              extra={t("dict.labelHint")}
              rules={[required]}
            >
              <Input maxLength={100} data-testid="dict-item-label" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t("dict.labelsTitle")}
        </Divider>
        <Row gutter={16}>
          {LOCALES.map((l) => (
            <Col xs={24} sm={12} key={l}>
              <Form.Item name={["labels", l]} label={t(`common.languages.${l}`)}>
                <Input maxLength={100} data-testid={`dict-item-label-${l}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={16}>
          <Col xs={12} sm={8}>
            <Form.Item name="sort" label={t("dict.fields.sort")} extra={t("dict.sortHint")}>
              <InputNumber min={0} max={100_000} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="enabled" label={t("dict.fields.enabled")} valuePropName="checked">
              <Switch data-testid="dict-item-enabled" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remarks" label={t("dict.fields.remarks")}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
