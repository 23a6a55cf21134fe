import type { OfficeDetail, OfficeType } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  App,
  Col,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formErrors } from "../terminal/errors";
import { officeApi } from "./api";
import { type NewKind, type OfficeFormValues, SERVER_FIELDS, toFormValues, toSaveBody } from "./form";
import { isTenant, TYPE_COLORS } from "./format";
import { ContactFields, TenantLimitFields } from "./OfficeFields";

export type { NewKind };

/** Where a new office may go: its id, name and kind. */
export interface ParentOption {
  id: number;
  name: string;
  type: OfficeType;
}

/** What the form does: create under one of `parents` (one of `kinds`), or edit office `id`. */
export type FormTarget =
  | {
      mode: "create";
      parents: ParentOption[];
      parentId?: number;
      kinds: (parent: OfficeType) => NewKind[];
      kind?: NewKind;
    }
  | { mode: "edit"; id: number };

type Values = OfficeFormValues;

/**
 * Creates or edits an institution, a customer or an agent: name, code, contact,
 * and for agents and customers their quotas (storage in GB, terminals) and
 * term. An edit sends the quotas, term and state only when they changed, so a
 * tenant's administrator can edit its contact without touching its limits.
 * `testId` prefixes every control's data-testid (office-form, customer-form).
 */
export function OfficeForm({
  target,
  testId,
  onSaved,
  onClose,
}: {
  target: FormTarget | null;
  testId: string;
  onSaved: (office: OfficeDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const editId = target?.mode === "edit" ? target.id : undefined;
  const existing = useQuery({
    queryKey: ["org", "officeInfo", editId],
    queryFn: () => officeApi.info(editId as number),
    enabled: editId !== undefined,
    staleTime: 0,
  });
  const original = editId !== undefined ? existing.data?.office : undefined;
  const parentId = Form.useWatch("parentId", form);
  const chosenKind = Form.useWatch("type", form);

  const parent = target?.mode === "create" ? target.parents.find((p) => p.id === parentId) : undefined;
  const kinds = useMemo(
    () => (target?.mode === "create" && parent ? target.kinds(parent.type) : []),
    [target, parent],
  );
  const kind: OfficeType | undefined = target?.mode === "edit" ? original?.type : chosenKind;

  useEffect(() => {
    if (!target) return;
    setRefusal(null);
    form.resetFields();
    if (target.mode === "create") {
      const first = target.parentId ?? (target.parents.length === 1 ? target.parents[0]?.id : undefined);
      const p = target.parents.find((x) => x.id === first);
      const allowed = p ? target.kinds(p.type) : [];
      form.setFieldsValue({
        parentId: first,
        type: target.kind && allowed.includes(target.kind) ? target.kind : allowed[0],
        enabled: true,
      });
    }
  }, [target, form]);

  useEffect(() => {
    if (original) form.setFieldsValue(toFormValues(original));
  }, [original, form]);

  // A kind the new parent does not take falls back to the first it takes.
  useEffect(() => {
    if (target?.mode !== "create") return;
    if (chosenKind && !kinds.includes(chosenKind)) form.setFieldValue("type", kinds[0]);
  }, [target, kinds, chosenKind, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      const r = await officeApi.save(
        toSaveBody(v, kind, target?.mode === "edit" ? (original ?? null) : null),
      );
      void message.success(
        t(target?.mode === "create" ? "office.form.created" : "office.form.saved", { name: r.office.name }),
      );
      onSaved(r.office);
      onClose();
    } catch (err) {
      const shown = formErrors(err, Object.keys(SERVER_FIELDS));
      form.setFields(
        shown.fields.map((f) => ({ name: SERVER_FIELDS[f.name] as keyof Values, errors: f.errors })),
      );
      setRefusal(shown.general);
    } finally {
      setSaving(false);
    }
  };

  const tooLong = (max: number) => ({ max, message: t("office.form.tooLong", { max }) });
  const id = (suffix: string) => `${testId}-${suffix}`;
  const title =
    target?.mode === "edit"
      ? t("office.form.editTitle", { name: original?.name ?? "" })
      : chosenKind === "customer"
        ? t("office.agents.newCustomer")
        : chosenKind === "agent"
          ? t("office.agents.newAgent")
          : t("office.form.newTitle");

  return (
    <Modal
      open={target !== null}
      title={title}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      okButtonProps={{
        "data-testid": id("ok"),
        disabled: target?.mode === "create" ? kinds.length === 0 : !original,
      }}
    >
      {target?.mode === "edit" && !original ? (
        <Skeleton active />
      ) : (
        <div data-testid={testId}>
          {refusal && (
            <Alert
              type="error"
              showIcon
              title={refusal}
              style={{ marginBottom: 16 }}
              data-testid={id("error")}
            />
          )}
          <Form
            form={form}
            layout="vertical"
            onFinish={() => void submit()}
            initialValues={{ enabled: true }}
          >
            {target?.mode === "create" && (
              <>
                <Form.Item
                  name="parentId"
                  label={t("office.form.parent")}
                  rules={[{ required: true, message: t("office.form.parentRequired") }]}
                >
                  <Select
                    showSearch
                    optionFilterProp="label"
                    disabled={target.parents.length <= 1}
                    options={target.parents.map((p) => ({
                      value: p.id,
                      label: `${p.name} · ${t(`office.types.${p.type}`)}`,
                    }))}
                    data-testid={id("parent")}
                  />
                </Form.Item>
                {kinds.length === 0 && parent ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={t("office.form.noKinds")}
                    style={{ marginBottom: 16 }}
                  />
                ) : (
                  <Form.Item
                    name="type"
                    label={t("office.form.type")}
                    extra={chosenKind ? t(`office.form.kindHint.${chosenKind}`) : undefined}
                  >
                    <Radio.Group
                      optionType="button"
                      options={kinds.map((k) => ({ value: k, label: t(`office.types.${k}`) }))}
                      data-testid={id("type")}
                    />
                  </Form.Item>
                )}
              </>
            )}
            {target?.mode === "edit" && original && (
              <Typography.Paragraph>
                <Tag color={TYPE_COLORS[original.type]}>{t(`office.types.${original.type}`)}</Tag>
              </Typography.Paragraph>
            )}
            <Form.Item
              name="name"
              label={t("office.form.name")}
              rules={[
                { required: true, whitespace: true, message: t("office.form.nameRequired") },
                tooLong(100),
              ]}
            >
              <Input maxLength={100} autoFocus data-testid={id("name")} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="code" label={t("office.form.code")} rules={[tooLong(50)]}>
                  <Input maxLength={50} data-testid={id("code")} />
                </Form.Item>
              </Col>
              <ContactFields id={id} />
            </Row>
            <Form.Item name="address" label={t("office.form.address")} rules={[tooLong(200)]}>
              <Input maxLength={200} data-testid={id("address")} />
            </Form.Item>
            <Form.Item name="remarks" label={t("office.form.remarks")} rules={[tooLong(500)]}>
              <Input.TextArea maxLength={500} rows={2} data-testid={id("remarks")} />
            </Form.Item>
            {kind !== undefined && isTenant(kind) && <TenantLimitFields id={id} />}
            {(target?.mode === "create" || (original && original.parentId !== null)) && (
              <Form.Item
                name="enabled"
                label={t("office.form.enabled")}
                valuePropName="checked"
                extra={t("office.form.enabledHint")}
              >
                <Switch data-testid={id("enabled")} />
              </Form.Item>
            )}
          </Form>
        </div>
      )}
    </Modal>
  );
}
