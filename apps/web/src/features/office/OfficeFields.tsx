import { Col, DatePicker, Divider, Form, Input, InputNumber, Row } from "antd";
import { useTranslation } from "react-i18next";

const PHONE = /^[+\d][\d\s()-]{3,31}$/;

/** `<prefix>-<suffix>`: the test ids of one form. */
type TestId = (suffix: string) => string;

/** Contact person, phone and mail of an office (the office form and "open as agent" share them). */
export function ContactFields({ id }: { id: TestId }) {
  const { t } = useTranslation();
  const tooLong = (max: number) => ({ max, message: t("office.form.tooLong", { max }) });
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="contactName" label={t("office.form.contactName")} rules={[tooLong(64)]}>
          <Input maxLength={64} data-testid={id("contact-name")} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="contactPhone"
          label={t("office.form.contactPhone")}
          rules={[tooLong(32), { pattern: PHONE, message: t("office.form.phoneInvalid") }]}
        >
          <Input maxLength={32} data-testid={id("contact-phone")} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="contactEmail"
          label={t("office.form.contactEmail")}
          rules={[{ type: "email", message: t("office.form.emailInvalid") }, tooLong(254)]}
        >
          <Input maxLength={254} data-testid={id("contact-email")} />
        </Form.Item>
      </Col>
    </>
  );
}

/** A tenant's storage quota (GB), terminal quota and expiry date; empty means unlimited or never. */
export function TenantLimitFields({ id }: { id: TestId }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t("office.form.limits")}</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="capacityGb" label={t("office.form.capacity")} extra={t("office.form.unlimited")}>
            <InputNumber
              min={0}
              max={1_000_000}
              step={1}
              precision={2}
              suffix="GB"
              style={{ width: "100%" }}
              data-testid={id("capacity")}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="terminalQuota"
            label={t("office.form.terminalQuota")}
            extra={t("office.form.terminalQuotaHint")}
          >
            <InputNumber
              min={0}
              max={10_000_000}
              precision={0}
              style={{ width: "100%" }}
              data-testid={id("terminal-quota")}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="expiresAt" label={t("office.form.expiresAt")} extra={t("office.form.expiresHint")}>
        <DatePicker style={{ width: 220 }} data-testid={id("expires")} />
      </Form.Item>
    </>
  );
}
