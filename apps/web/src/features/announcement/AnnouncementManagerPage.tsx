import { NotificationOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Card, Col, DatePicker, Form, Input, Row, Skeleton, Space, Switch } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { AnnouncementPreview } from "./AnnouncementPreview";
import { ANNOUNCEMENT_PERMISSIONS, announcementApi } from "./api";
import { type AnnouncementFormValues, formFieldOf, fromAnnouncement, toAnnouncement } from "./preview";

/** How often the preview's "shows now?" is worked out again while the page is open. */
const TICK_MS = 30_000;

/**
 * Announcement management (sys/sysSetting/announcementManager): the titles and
 * contents in Chinese and English, the time window, the switch, and a live
 * preview of what the shell shows.
 */
export default function AnnouncementManagerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(ANNOUNCEMENT_PERMISSIONS.edit, ANNOUNCEMENT_PERMISSIONS.view);
  const [form] = Form.useForm<AnnouncementFormValues>();
  const values = Form.useWatch([], form) as Partial<AnnouncementFormValues> | undefined;
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const stored = useQuery({ queryKey: ["announcement", "stored"], queryFn: () => announcementApi.stored() });

  useEffect(() => {
    if (stored.data) form.setFieldsValue(fromAnnouncement(stored.data));
  }, [stored.data, form]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      await announcementApi.save(toAnnouncement(v));
      void message.success(t("announcement.saved"));
      setNow(Date.now());
      await queryClient.invalidateQueries({ queryKey: ["announcement"] });
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length) {
        const byField = new Map<string, string[]>();
        const other: string[] = [];
        for (const e of err.fieldErrors) {
          const field = formFieldOf(e.field);
          if (field) byField.set(field, [...(byField.get(field) ?? []), e.message]);
          else other.push(e.message);
        }
        form.setFields(
          [...byField].map(([name, errors]) => ({ name: name as keyof AnnouncementFormValues, errors })),
        );
        setRefusal(other.length ? other.join(" ") : null);
      } else if (!(err instanceof HttpError && err.message === "logout")) {
        setRefusal(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          title={
            <Space>
              <NotificationOutlined />
              {t("routes.announcementManager")}
            </Space>
          }
        >
          {stored.isLoading ? (
            <Skeleton active />
          ) : (
            <Form
              form={form}
              layout="vertical"
              disabled={!canEdit}
              onFinish={() => void submit()}
              initialValues={{ colseTipOn: false, range: null }}
            >
              {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
              <Form.Item
                name="colseTipOn"
                label={t("announcement.enabled")}
                extra={t("announcement.enabledHint")}
                valuePropName="checked"
              >
                <Switch data-testid="announcement-enabled" />
              </Form.Item>
              <Form.Item name="range" label={t("announcement.window")} extra={t("announcement.windowHint")}>
                <DatePicker.RangePicker
                  showTime={{ format: "HH:mm" }}
                  format="YYYY-MM-DD HH:mm"
                  allowEmpty={[true, true]}
                  style={{ width: "100%", maxWidth: 420 }}
                  className="announcement-range"
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="announcementTitleCh" label={t("announcement.titleCh")}>
                    <Input maxLength={200} data-testid="announcement-title-ch" />
                  </Form.Item>
                  <Form.Item name="announcementContentCh" label={t("announcement.contentCh")}>
                    <Input.TextArea
                      maxLength={5000}
                      autoSize={{ minRows: 5, maxRows: 12 }}
                      data-testid="announcement-content-ch"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="announcementTitleEn" label={t("announcement.titleEn")}>
                    <Input maxLength={200} data-testid="announcement-title-en" />
                  </Form.Item>
                  <Form.Item name="announcementContentEn" label={t("announcement.contentEn")}>
                    <Input.TextArea
                      maxLength={5000}
                      autoSize={{ minRows: 5, maxRows: 12 }}
                      data-testid="announcement-content-en"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <AuthButton
                type="primary"
                htmlType="submit"
                loading={saving}
                operation={ANNOUNCEMENT_PERMISSIONS.edit}
                routePermission={ANNOUNCEMENT_PERMISSIONS.view}
                label={t("common.save")}
                data-testid="announcement-save"
              />
            </Form>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t("announcement.preview")}>
          <AnnouncementPreview announcement={toAnnouncement(values ?? {})} nowMs={now} />
        </Card>
      </Col>
    </Row>
  );
}
