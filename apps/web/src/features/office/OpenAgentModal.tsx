import { useQuery } from "@tanstack/react-query";
import { Alert, App, Form, Modal, Row, Select, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formErrors } from "../terminal/errors";
import { officeApi } from "./api";
import { expiryOf, gbToBytes } from "./format";
import { ContactFields, TenantLimitFields } from "./OfficeFields";

interface Values {
  id: number;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  capacityGb?: number | null;
  terminalQuota?: number | null;
  expiresAt?: Dayjs | null;
}

const FIELDS: Record<string, keyof Values> = {
  id: "id",
  contactName: "contactName",
  contactPhone: "contactPhone",
  contactEmail: "contactEmail",
  capacityBytes: "capacityGb",
  terminalQuota: "terminalQuota",
  expiresAt: "expiresAt",
};

/**
 * "Open as agent": an institution directly under the platform becomes an
 * agent (with its built-in administrator role), with its contact and limits.
 */
export function OpenAgentModal({
  platformId,
  open,
  onOpened,
  onClose,
}: {
  platformId: number | undefined;
  open: boolean;
  onOpened: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const eligible = useQuery({
    queryKey: ["org", "openable", platformId],
    queryFn: () => officeApi.children(platformId),
    enabled: open && platformId !== undefined,
    staleTime: 0,
    select: (r) => r.list.filter((o) => o.type === "institution"),
  });
  const options = eligible.data ?? [];

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.resetFields();
  }, [open, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setRefusal(null);
    try {
      const text = (s: string | undefined) => (s ?? "").trim();
      const r = await officeApi.openAgent({
        id: v.id,
        contactName: text(v.contactName),
        contactPhone: text(v.contactPhone),
        contactEmail: text(v.contactEmail),
        capacityBytes: gbToBytes(v.capacityGb),
        terminalQuota: v.terminalQuota ?? null,
        expiresAt: expiryOf(v.expiresAt),
      });
      void message.success(t("office.open.done", { name: r.office.name }));
      onOpened();
      onClose();
    } catch (err) {
      const shown = formErrors(err, Object.keys(FIELDS));
      form.setFields(shown.fields.map((f) => ({ name: FIELDS[f.name] as keyof Values, errors: f.errors })));
      setRefusal(shown.general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("office.open.title")}
      okText={t("office.open.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
      okButtonProps={{
        "data-testid": "agent-open-ok",
        disabled: !eligible.isLoading && options.length === 0,
      }}
    >
      <div data-testid="agent-open-form">
        <Typography.Paragraph type="secondary">{t("office.open.hint")}</Typography.Paragraph>
        {refusal && (
          <Alert
            type="error"
            showIcon
            title={refusal}
            style={{ marginBottom: 16 }}
            data-testid="agent-open-error"
          />
        )}
        {!eligible.isLoading && options.length === 0 && (
          <Alert type="info" showIcon title={t("office.open.none")} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} layout="vertical">
          <Form.Item
            name="id"
            label={t("office.open.institution")}
            rules={[{ required: true, message: t("office.open.institutionRequired") }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={eligible.isLoading}
              options={options.map((o) => ({ value: o.id, label: o.name }))}
              data-testid="agent-open-select"
            />
          </Form.Item>
          <Row gutter={16}>
            <ContactFields id={(suffix) => `agent-open-${suffix}`} />
          </Row>
          <TenantLimitFields id={(suffix) => `agent-open-${suffix}`} />
        </Form>
      </div>
    </Modal>
  );
}
