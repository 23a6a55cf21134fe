import { SendOutlined } from "@ant-design/icons";
import type { PublicationKind, PublicationState } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Radio,
  Result,
  Space,
  Steps,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { programApi } from "../program/api";
import { formatTime } from "../program/format";
import { type PublishAnswer, publishApi } from "./api";
import { ContentCard } from "./ContentCard";
import { DeliveryView } from "./DeliveryView";
import { doneSummary } from "./delivery";
import { KIND_LIST_PATH, KIND_PERMISSIONS, reviewBlock } from "./kinds";
import { EMPTY_SELECTION, isEmptySelection, type SelectionState, selectionBody } from "./selection";
import { defaultPublishName, NAME_MAX, settingsErrors, type When } from "./settings";
import { CountFigures, TerminalPicker } from "./TerminalPicker";
import type { PublishContent } from "./useContent";
import { useSelectionCount } from "./useSelectionCount";

/** The steps of publishing one content: what and when, which terminals, confirm; then its delivery. */
export function PublishFlow({
  kind,
  id,
  content,
  audit,
  initialStep,
  onSubmitted,
}: {
  kind: PublicationKind;
  id: number;
  content: PublishContent;
  audit: boolean;
  initialStep: number;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const permissions = KIND_PERMISSIONS[kind];
  const [step, setStep] = useState(initialStep);
  const [name, setName] = useState(() => defaultPublishName(content.name));
  const [when, setWhen] = useState<When>({ mode: "now" });
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  const [publishing, setPublishing] = useState(false);
  const [failure, setFailure] = useState<HttpError | null>(null);
  const [result, setResult] = useState<PublishAnswer | null>(null);
  /** The publication's state as its delivery last showed it (withdrawn, or scheduled gone active). */
  const [shownState, setShownState] = useState<PublicationState | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const count = useSelectionCount(kind, selection);

  const block = reviewBlock(audit, content.state);
  const errors = settingsErrors(name, when);
  const settingsOk = !block && !errors.name && !errors.time;
  const chosenOk = !isEmptySelection(selection) && count.data?.count !== 0;

  const submit = async () => {
    setSubmitting(true);
    try {
      if (kind === "program") await programApi.submit([id]);
      else await publishApi.submitForReview(kind, id);
      void message.success(t("publish.review.submitted"));
      onSubmitted();
    } catch {
      // the http client shows the server's reason
    } finally {
      setSubmitting(false);
    }
  };

  const publish = async () => {
    // The time may have passed while the user looked at the figures: check again now.
    const now = settingsErrors(name, when);
    if (block || now.name || now.time) {
      setStep(0);
      return;
    }
    setPublishing(true);
    setFailure(null);
    try {
      const answer = await publishApi.publish(kind, {
        ...selectionBody(selection),
        id,
        name: name.trim(),
        publishAt: when.mode === "at" && when.at ? when.at.toISOString() : null,
      });
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: ["publish"] });
    } catch (e) {
      setFailure(e instanceof HttpError ? e : new HttpError(String(e), 0, null));
    } finally {
      setPublishing(false);
    }
  };

  const summary = doneSummary(shownState ?? result?.state ?? "active");
  if (result)
    return (
      <Space orientation="vertical" size="large" style={{ width: "100%" }}>
        <Result
          status={summary.status}
          title={
            summary.title === "scheduled"
              ? t("publish.done.scheduled", {
                  name: result.name,
                  time: when.mode === "at" && when.at ? when.at.format("YYYY-MM-DD HH:mm") : "",
                })
              : t(`publish.done.${summary.title}`, { name: result.name, count: result.targetCount })
          }
          subTitle={t(`publish.done.${summary.hint}`)}
          extra={[
            <Link key="list" to={KIND_LIST_PATH[kind]}>
              <Button type="primary">{t(`publish.page.backTo.${kind}`)}</Button>
            </Link>,
            <Button
              key="again"
              onClick={() => {
                setResult(null);
                setShownState(null);
                setSelection(EMPTY_SELECTION);
                setName(defaultPublishName(content.name));
                setWhen({ mode: "now" });
                setStep(1);
              }}
              data-testid="publish-again"
            >
              {t("publish.done.again")}
            </Button>,
          ]}
          data-testid="publish-done"
        />
        <Card title={t("publish.done.delivery")}>
          <DeliveryView kind={kind} publicationId={result.publicationId} onState={setShownState} />
        </Card>
      </Space>
    );

  const reviewAlert = block && (
    <Alert
      type="warning"
      showIcon
      data-testid="publish-review-block"
      title={t(block === "pending" ? "publish.review.pending" : "publish.review.required")}
      action={
        block === "submit" && (
          <AuthButton
            size="small"
            operation={permissions.edit}
            routePermission={permissions.view}
            label={t("publish.review.submit")}
            loading={submitting}
            onClick={() => void submit()}
            data-testid="publish-submit-review"
          />
        )
      }
    />
  );

  const steps = [
    { title: t("publish.steps.what"), content: t("publish.steps.whatHint") },
    { title: t("publish.steps.terminals"), content: t("publish.steps.terminalsHint") },
    { title: t("publish.steps.confirm"), content: t("publish.steps.confirmHint") },
  ];
  const reachable = (n: number) =>
    n <= step || (n === 1 && settingsOk) || (n === 2 && settingsOk && chosenOk);

  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }} data-testid="publish-flow">
      <Steps
        current={step}
        items={steps.map((s, i) => ({ ...s, disabled: !reachable(i) }))}
        onChange={(n) => reachable(n) && setStep(n)}
      />
      {step === 0 && (
        <Card>
          <Space orientation="vertical" size="large" style={{ width: "100%" }}>
            <ContentCard content={content} />
            {reviewAlert}
            <Form layout="vertical" style={{ maxWidth: 560 }}>
              <Form.Item
                label={t("publish.settings.name")}
                required
                validateStatus={errors.name ? "error" : undefined}
                help={errors.name ? t(errors.name, { max: NAME_MAX }) : t("publish.settings.nameHint")}
              >
                <Input
                  value={name}
                  maxLength={NAME_MAX}
                  onChange={(e) => setName(e.target.value)}
                  data-testid="publish-name"
                />
              </Form.Item>
              <Form.Item
                label={t("publish.settings.when")}
                validateStatus={errors.time ? "error" : undefined}
                help={errors.time ? t(errors.time) : undefined}
              >
                <Space wrap>
                  <Radio.Group
                    value={when.mode}
                    onChange={(e) =>
                      setWhen(e.target.value === "now" ? { mode: "now" } : { mode: "at", at: null })
                    }
                    data-testid="publish-when"
                  >
                    <Radio value="now">{t("publish.settings.now")}</Radio>
                    <Radio value="at">{t("publish.settings.at")}</Radio>
                  </Radio.Group>
                  {when.mode === "at" && (
                    <DatePicker
                      showTime={{ format: "HH:mm" }}
                      format="YYYY-MM-DD HH:mm"
                      value={when.at}
                      onChange={(v) => setWhen({ mode: "at", at: v })}
                      disabledDate={(d) => d.isBefore(dayjs(), "day")}
                      data-testid="publish-at"
                    />
                  )}
                </Space>
              </Form.Item>
            </Form>
            <Button
              type="primary"
              disabled={!settingsOk}
              onClick={() => setStep(1)}
              data-testid="publish-next"
            >
              {t("publish.steps.next")}
            </Button>
          </Space>
        </Card>
      )}
      {step === 1 && (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <TerminalPicker kind={kind} value={selection} onChange={setSelection} count={count} />
          <Space>
            <Button onClick={() => setStep(0)}>{t("publish.steps.back")}</Button>
            <Button
              type="primary"
              disabled={!settingsOk || !chosenOk}
              onClick={() => setStep(2)}
              data-testid="publish-next"
            >
              {t("publish.steps.next")}
            </Button>
            {!settingsOk && (
              <Typography.Text type="warning">{t("publish.steps.settingsFirst")}</Typography.Text>
            )}
          </Space>
        </Space>
      )}
      {step === 2 && (
        <Card>
          <Space orientation="vertical" size="large" style={{ width: "100%" }}>
            {reviewAlert}
            <Descriptions
              bordered
              size="small"
              column={1}
              items={[
                {
                  key: "content",
                  label: t(`publish.kinds.${kind}`),
                  children: content.name,
                },
                { key: "name", label: t("publish.settings.name"), children: name.trim() },
                {
                  key: "when",
                  label: t("publish.settings.when"),
                  children:
                    when.mode === "at" && when.at
                      ? t("publish.settings.atTime", { time: formatTime(when.at.toISOString()) })
                      : t("publish.settings.now"),
                },
                {
                  key: "terminals",
                  label: t("publish.steps.terminals"),
                  children: <CountFigures count={count} />,
                },
              ]}
            />
            {failure && (
              <Alert
                type="error"
                showIcon
                title={t("publish.confirm.failed")}
                description={
                  // A refused field says it best on its own; otherwise the server's message.
                  failure.fieldErrors.length > 0
                    ? failure.fieldErrors.map((f) => <div key={`${f.field}:${f.message}`}>{f.message}</div>)
                    : failure.message
                }
                data-testid="publish-failure"
              />
            )}
            <Space>
              <Button onClick={() => setStep(1)}>{t("publish.steps.back")}</Button>
              <AuthButton
                type="primary"
                operation={permissions.publish}
                routePermission={permissions.view}
                label={when.mode === "at" ? t("publish.confirm.schedule") : t("publish.confirm.publish")}
                icon={<SendOutlined />}
                disabled={!settingsOk || !chosenOk || count.settling}
                loading={publishing}
                onClick={() => void publish()}
                data-testid="publish-confirm"
              />
            </Space>
          </Space>
        </Card>
      )}
    </Space>
  );
}
