import {
  ClockCircleOutlined,
  CustomerServiceOutlined,
  EnvironmentOutlined,
  InfoCircleOutlined,
  MailOutlined,
  PhoneOutlined,
} from "@ant-design/icons";
import type { CallCenter } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Card,
  Col,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Form,
  Input,
  Row,
  Skeleton,
  Space,
  Typography,
} from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { serverErrors } from "../dict/serverErrors";
import { CALL_CENTER_PERMISSIONS, helpApi } from "./api";
import { mailHref, telHref } from "./contact";

const FIELDS = ["phone", "email", "hours", "address", "notes"] as const;

/** The contact card every tenant sees. */
function ContactCard({ info }: { info: CallCenter }) {
  const { t } = useTranslation();
  const empty = FIELDS.every((f) => !info[f].trim());
  if (empty) return <Empty description={t("help.callCenter.none")} data-testid="call-center-empty" />;
  const tel = telHref(info.phone);
  const mail = mailHref(info.email);
  const label = (icon: ReactNode, text: string) => (
    <Space>
      {icon}
      {text}
    </Space>
  );
  const rows: NonNullable<DescriptionsProps["items"]> = [];
  if (info.phone)
    rows.push({
      key: "phone",
      label: label(<PhoneOutlined />, t("help.callCenter.phone")),
      children: tel ? (
        <a href={tel} data-testid="call-center-phone">
          {info.phone}
        </a>
      ) : (
        <span data-testid="call-center-phone">{info.phone}</span>
      ),
    });
  if (info.email)
    rows.push({
      key: "email",
      label: label(<MailOutlined />, t("help.callCenter.email")),
      children: mail ? (
        <a href={mail} data-testid="call-center-email">
          {info.email}
        </a>
      ) : (
        <span data-testid="call-center-email">{info.email}</span>
      ),
    });
  if (info.hours)
    rows.push({
      key: "hours",
      label: label(<ClockCircleOutlined />, t("help.callCenter.hours")),
      children: info.hours,
    });
  if (info.address)
    rows.push({
      key: "address",
      label: label(<EnvironmentOutlined />, t("help.callCenter.address")),
      children: <span style={{ whiteSpace: "pre-wrap" }}>{info.address}</span>,
    });
  if (info.notes)
    rows.push({
      key: "notes",
      label: label(<InfoCircleOutlined />, t("help.callCenter.notes")),
      children: <span style={{ whiteSpace: "pre-wrap" }}>{info.notes}</span>,
    });
  return <Descriptions column={1} bordered size="middle" items={rows} data-testid="call-center-card" />;
}

/** The platform's editors change the card. */
function CallCenterForm({ info, onSaved }: { info: CallCenter; onSaved: (v: CallCenter) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CallCenter>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    form.setFieldsValue(info);
  }, [info, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      const r = await helpApi.saveCallCenter({
        phone: v.phone?.trim() ?? "",
        email: v.email?.trim() ?? "",
        hours: v.hours?.trim() ?? "",
        address: v.address?.trim() ?? "",
        notes: v.notes ?? "",
      });
      onSaved(r.callCenter);
    } catch (err) {
      const shown = serverErrors(err, FIELDS);
      form.setFields(shown.fields as Parameters<typeof form.setFields>[0]);
      setRefusal(shown.general);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t("help.callCenter.edit")}>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="phone"
          label={t("help.callCenter.phone")}
          rules={[{ pattern: /^[0-9+\-() ./#*xX]*$/, message: t("help.callCenter.phoneInvalid") }]}
        >
          <Input maxLength={64} placeholder="+86 400 123 4567" data-testid="call-center-phone-input" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("help.callCenter.email")}
          rules={[{ type: "email", message: t("help.callCenter.emailInvalid") }]}
        >
          <Input maxLength={254} placeholder="support@example.com" data-testid="call-center-email-input" />
        </Form.Item>
        <Form.Item name="hours" label={t("help.callCenter.hours")} extra={t("help.callCenter.hoursHint")}>
          <Input maxLength={200} data-testid="call-center-hours-input" />
        </Form.Item>
        <Form.Item name="address" label={t("help.callCenter.address")}>
          <Input.TextArea
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="call-center-address-input"
          />
        </Form.Item>
        <Form.Item name="notes" label={t("help.callCenter.notes")}>
          <Input.TextArea
            maxLength={5000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            data-testid="call-center-notes-input"
          />
        </Form.Item>
        <AuthButton
          type="primary"
          htmlType="submit"
          loading={saving}
          operation={CALL_CENTER_PERMISSIONS.edit}
          routePermission={CALL_CENTER_PERMISSIONS.view}
          label={t("common.save")}
          data-testid="call-center-save"
        />
      </Form>
    </Card>
  );
}

/** Customer centre (callCenter): how to reach support, for every tenant; editable by the platform. */
export default function CallCenterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(CALL_CENTER_PERMISSIONS.edit, CALL_CENTER_PERMISSIONS.view);
  const info = useQuery({ queryKey: ["help", "callCenter"], queryFn: () => helpApi.callCenter() });
  const data = info.data?.callCenter;

  const card = (
    <Card
      title={
        <Space>
          <CustomerServiceOutlined />
          {t("help.callCenter.title")}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t("help.callCenter.intro")}</Typography.Paragraph>
      {data ? <ContactCard info={data} /> : <Skeleton active />}
    </Card>
  );
  if (!canEdit) return card;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        {card}
      </Col>
      <Col xs={24} xl={12}>
        {data && (
          <CallCenterForm
            info={data}
            onSaved={(v) => {
              queryClient.setQueryData(["help", "callCenter"], { ...info.data, callCenter: v });
              void message.success(t("help.saved"));
            }}
          />
        )}
      </Col>
    </Row>
  );
}
