import { type CommonProblem, FAQ_ANSWER_MAX, LOCALES } from "@marquee/contracts";
import { Alert, Card, Col, Form, Input, Modal, Row, Select, Switch, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverErrors } from "../dict/serverErrors";
import { answerForEditing } from "./answer";
import { helpApi } from "./api";
import { FaqAnswer } from "./FaqAnswer";

interface Values {
  question: string;
  answer: string;
  lang: string;
  enabled: boolean;
}

/** New or edit an FAQ entry: question, answer (text or simple HTML, previewed), language, enabled. */
export function FaqDialog({
  open,
  problem,
  onClose,
  onSaved,
}: {
  open: boolean;
  problem: CommonProblem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const answer = Form.useWatch("answer", form) ?? "";
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.resetFields();
    form.setFieldsValue(
      problem
        ? {
            question: problem.question,
            answer: answerForEditing(problem.answer),
            lang: problem.lang ?? "",
            enabled: problem.enabled,
          }
        : { lang: "", enabled: true },
    );
  }, [open, problem, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      await helpApi.saveFaq({
        ...(problem ? { id: problem.id } : {}),
        question: v.question.trim(),
        answer: v.answer.trim(),
        lang: (v.lang || null) as CommonProblem["lang"],
        enabled: v.enabled,
      });
      onSaved();
    } catch (err) {
      const shown = serverErrors(err, ["question", "answer", "lang", "enabled"]);
      form.setFields(shown.fields as Parameters<typeof form.setFields>[0]);
      setRefusal(shown.general);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, whitespace: true, message: t("help.required") };
  return (
    <Modal
      open={open}
      width={760}
      title={t(problem ? "help.faq.edit" : "help.faq.new")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "faq-save" }}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical">
        <Form.Item name="question" label={t("help.faq.question")} rules={[required]}>
          <Input autoFocus maxLength={500} data-testid="faq-question" />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t("help.faq.answer")}
          extra={t("help.faq.answerHint")}
          rules={[required]}
        >
          <Input.TextArea
            maxLength={FAQ_ANSWER_MAX}
            autoSize={{ minRows: 5, maxRows: 14 }}
            data-testid="faq-answer"
          />
        </Form.Item>
        {answer.trim() && (
          <Card size="small" title={t("help.faq.preview")} style={{ marginBottom: 16 }}>
            <FaqAnswer answer={answer} />
          </Card>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item name="lang" label={t("help.faq.language")} extra={t("help.faq.languageHint")}>
              <Select
                data-testid="faq-lang"
                options={[
                  { value: "", label: t("help.faq.allLanguages") },
                  ...LOCALES.map((l) => ({ value: l, label: t(`common.languages.${l}`) })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="enabled" label={t("help.faq.enabled")} valuePropName="checked">
              <Switch data-testid="faq-enabled" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary">{t("help.faq.orderHint")}</Typography.Text>
      </Form>
    </Modal>
  );
}
