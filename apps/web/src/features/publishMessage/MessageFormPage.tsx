import { PlusOutlined, SaveOutlined, SendOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { hidesProgram } from "@marquee/schedule";
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Divider,
  Form,
  Modal,
  Result,
  Row,
  Space,
  Spin,
  Typography,
} from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { KIND_LIST_PATH, publishSetPath } from "../publish/kinds";
import { MESSAGE_PERMISSIONS, SUBMITTABLE } from "./actions";
import { MessageConflict, pubMessageApi } from "./api";
import {
  docOf,
  emptyValues,
  formFieldOf,
  fromDetail,
  type MessageFormValues,
  type SavedMessage,
  timesProblem,
  toSaveBody,
} from "./form";
import { MessageFields } from "./MessageFields";
import { MessagePreview } from "./MessagePreview";

/** The message an address names (`?id=`), or null for a new one. */
function idOf(params: URLSearchParams): number | null {
  const id = Number(params.get("id"));
  return Number.isInteger(id) && id > 0 ? id : null;
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Message production (messageMake, message/form): a scrolling line or a
 * notice, its look, its times and its priority, with a live preview drawn as
 * the screens draw it. Saves (a version check catches a concurrent edit),
 * submits for review, or saves and goes on to publishing. `?id=` edits a
 * saved message.
 */
export default function MessageFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = idOf(params);
  const [form] = Form.useForm<MessageFormValues>();
  const [saved, setSaved] = useState<SavedMessage | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<"save" | "submit" | "publish" | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<MessageConflict | null>(null);
  const watched = Form.useWatch((v: MessageFormValues) => v, form);
  const values: MessageFormValues = { ...emptyValues(), ...watched };
  // The message in the form, known at once (the address follows a create a render later).
  const formId = useRef<number | null>(null);

  const load = useCallback(
    async (messageId: number) => {
      setLoading(true);
      setLoadError(null);
      try {
        const d = await pubMessageApi.detail(messageId, { silent: true });
        form.resetFields();
        form.setFieldsValue(fromDetail(d));
        formId.current = d.message.id;
        setSaved({ id: d.message.id, version: d.message.version, state: d.message.state });
        setSavedAt(d.message.updateDate);
        setDirty(false);
      } catch (e) {
        setLoadError(reasonOf(e));
      } finally {
        setLoading(false);
      }
    },
    [form],
  );

  // The address decides what is edited: a saved message (loaded unless it is the one here), or a new one.
  useEffect(() => {
    if (id === null) {
      formId.current = null;
      form.resetFields();
      setSaved(null);
      setSavedAt(null);
      setDirty(false);
      setLoadError(null);
    } else if (id !== formId.current) void load(id);
  }, [id, load, form]);

  /** Saves the form (a create, or an update at the saved version); null when it did not save. */
  const persist = async (force = false): Promise<SavedMessage | null> => {
    let v: MessageFormValues;
    try {
      v = await form.validateFields();
    } catch {
      void message.error(t("publishMessage.form.invalid"));
      return null;
    }
    try {
      const r = await pubMessageApi.save(toSaveBody(v, saved, force));
      const next = { id: r.id, version: r.version, state: r.state };
      formId.current = r.id;
      setSaved(next);
      setSavedAt(r.updateDate);
      setDirty(false);
      if (!saved) setParams({ id: String(r.id) }, { replace: true });
      return next;
    } catch (e) {
      if (e instanceof MessageConflict) setConflict(e);
      else if (e instanceof HttpError && e.status === 400 && e.fieldErrors.length > 0) {
        const fields = e.fieldErrors.flatMap((f) => {
          const name = formFieldOf(f.field);
          return name ? [{ name, errors: [f.message] }] : [];
        });
        form.setFields(fields);
        void message.error(fields.length ? t("publishMessage.form.invalid") : e.message);
      } else if (!(e instanceof HttpError && e.message === "logout")) void message.error(reasonOf(e));
      return null;
    }
  };

  /** Saves when there is something to save; the saved message either way. */
  const ensureSaved = async () => (saved && !dirty ? saved : persist());

  const run = async (what: "save" | "submit" | "publish") => {
    setBusy(what);
    try {
      if (what === "save") {
        if (await persist()) void message.success(t("publishMessage.form.saved"));
        return;
      }
      const s = await ensureSaved();
      if (!s) return;
      if (what === "publish") {
        navigate(publishSetPath("message", s.id));
        return;
      }
      const r = await pubMessageApi.submit([s.id]);
      setSaved({ ...s, state: r.state });
      void message.success(
        r.state === "approved"
          ? t("publishMessage.approvedAtOnce")
          : t("publishMessage.submitted", { count: 1 }),
      );
    } catch {
      // the http client has shown why
    } finally {
      setBusy(null);
    }
  };

  const overwrite = async () => {
    setConflict(null);
    setBusy("save");
    try {
      if (await persist(true)) void message.success(t("publishMessage.form.saved"));
    } finally {
      setBusy(null);
    }
  };
  const reload = async () => {
    setConflict(null);
    if (saved) {
      await load(saved.id);
      void message.success(t("publishMessage.conflict.loaded"));
    }
  };

  if (loadError) {
    return (
      <Result
        status="warning"
        title={t("publishMessage.form.loadFailed")}
        subTitle={loadError}
        extra={
          <Button type="primary" onClick={() => navigate(KIND_LIST_PATH.message)}>
            {t("publishMessage.form.backToList")}
          </Button>
        }
      />
    );
  }

  const kind = values.kind;
  const emergency = values.priority === "emergency";
  const alone = hidesProgram(values);
  const problem = timesProblem(values.startAt, values.endAt);
  // An edit brings a message back to draft: with changes, it can always be submitted.
  const canSubmit = dirty || !saved || SUBMITTABLE.includes(saved.state);

  return (
    <Spin spinning={loading}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card
            title={
              <Space>
                {saved
                  ? t("publishMessage.form.editTitle", { name: values.name })
                  : t("publishMessage.form.newTitle")}
                {saved ? <StateTag state={saved.state} /> : null}
              </Space>
            }
            extra={
              <Space>
                {saved ? (
                  <Button icon={<PlusOutlined />} onClick={() => navigate("/message/form")}>
                    {t("publishMessage.form.newAnother")}
                  </Button>
                ) : null}
                <Button icon={<UnorderedListOutlined />} onClick={() => navigate(KIND_LIST_PATH.message)}>
                  {t("publishMessage.form.backToList")}
                </Button>
              </Space>
            }
          >
            <Form<MessageFormValues>
              form={form}
              layout="vertical"
              initialValues={emptyValues()}
              onValuesChange={() => setDirty(true)}
              data-testid="message-form"
            >
              <MessageFields kind={kind} emergency={emergency} alone={alone} />
            </Form>
            <Divider />
            <Space wrap>
              <AuthButton
                type="primary"
                operation={MESSAGE_PERMISSIONS.edit}
                routePermission={MESSAGE_PERMISSIONS.edit}
                label={t("publishMessage.form.save")}
                icon={<SaveOutlined />}
                loading={busy === "save"}
                disabled={busy !== null && busy !== "save"}
                onClick={() => void run("save")}
                data-testid="message-save"
              />
              <AuthButton
                operation={MESSAGE_PERMISSIONS.edit}
                routePermission={MESSAGE_PERMISSIONS.edit}
                label={t("publishMessage.form.submit")}
                icon={<SendOutlined />}
                loading={busy === "submit"}
                disabled={!canSubmit || (busy !== null && busy !== "submit")}
                onClick={() => void run("submit")}
                data-testid="message-submit"
              />
              <AuthButton
                operation={MESSAGE_PERMISSIONS.publish}
                routePermission={MESSAGE_PERMISSIONS.edit}
                label={t("publishMessage.form.saveAndPublish")}
                loading={busy === "publish"}
                disabled={busy !== null && busy !== "publish"}
                onClick={() => void run("publish")}
                data-testid="message-save-publish"
              />
              <Typography.Text type="secondary" data-testid="message-save-state">
                {dirty
                  ? t("publishMessage.form.unsaved")
                  : savedAt
                    ? t("publishMessage.form.savedAt", { time: formatTime(savedAt) })
                    : ""}
              </Typography.Text>
            </Space>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t("publishMessage.form.preview")} style={{ position: "sticky", top: 16 }}>
            <Typography.Paragraph type="secondary">
              {t(alone ? "publishMessage.form.previewHintAlone" : "publishMessage.form.previewHint")}
            </Typography.Paragraph>
            <MessagePreview doc={docOf(values)} />
            {emergency ? (
              <Alert
                type="error"
                showIcon
                title={t(
                  alone
                    ? "publishMessage.form.emergencyAloneTitle"
                    : "publishMessage.form.emergencyOverTitle",
                )}
                style={{ marginTop: 16 }}
              />
            ) : null}
            {problem === "endPast" ? (
              <Alert
                type="warning"
                showIcon
                title={t("publishMessage.form.endPast")}
                style={{ marginTop: 16 }}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
      <Modal
        open={conflict !== null}
        title={t("publishMessage.conflict.title")}
        onCancel={() => setConflict(null)}
        footer={[
          <Button key="cancel" onClick={() => setConflict(null)}>
            {t("common.cancel")}
          </Button>,
          <Button key="reload" onClick={() => void reload()} data-testid="message-conflict-reload">
            {t("publishMessage.conflict.reload")}
          </Button>,
          <Button
            key="overwrite"
            type="primary"
            danger
            onClick={() => void overwrite()}
            data-testid="message-conflict-overwrite"
          >
            {t("publishMessage.conflict.overwrite")}
          </Button>,
        ]}
      >
        {t("publishMessage.conflict.content", {
          name: conflict?.current?.updatedByName ?? t("publishMessage.conflict.someone"),
          time: conflict?.current?.updateDate ? formatTime(conflict.current.updateDate) : "",
        })}
      </Modal>
    </Spin>
  );
}
