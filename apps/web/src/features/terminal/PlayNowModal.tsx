import { StopOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, Form, InputNumber, List, Modal, Select, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { pubMessageApi } from "../publishMessage/api";
import { terminalSetApi } from "./api";

/** A picked program or message: its label stays while the search lists others. */
type Choice = { value: number; label: string };

/** A play-now lasts at most a week (zPlayMinutes). */
const MAX_MINUTES = 7 * 24 * 60;
/** The current play-now state is listed for at most this many of the selected terminals. */
const STATE_ROWS = 50;

/** Types a search after a pause, so that the picker asks the server once per word. */
function useDebounced(value: string, ms = 300) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value.trim()), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

const until = (iso: string | null, forever: string) =>
  iso ? dayjs(iso).format("YYYY-MM-DD HH:mm") : forever;

/** How long: minutes, or empty for "until stopped". */
function MinutesField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="minutes" label={t("terminal.playNow.minutes")} extra={t("terminal.playNow.minutesHint")}>
      <InputNumber<number>
        min={1}
        max={MAX_MINUTES}
        precision={0}
        placeholder={t("terminal.playNow.untilStopped")}
        style={{ width: 200 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * "Play a program now" on the selected terminals (doProgramPlayNow): a program from the ones the caller may
 * play (doProgramPlaySet), for some minutes or until stopped; and "stop" for what plays now by order.
 */
export function PlayProgramModal({
  open,
  ids,
  onPlay,
  onClose,
}: {
  open: boolean;
  ids: readonly number[];
  onPlay: (programId: number | null, minutes?: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ programId?: Choice; minutes?: number }>();
  const [typed, setTyped] = useState("");
  const keyword = useDebounced(typed);
  useEffect(() => {
    if (open) {
      form.resetFields();
      setTyped("");
    }
  }, [open, form]);

  const playSet = useQuery({
    queryKey: ["terminal", "playSet", ids, keyword],
    queryFn: () => terminalSetApi.playSet(ids, keyword),
    enabled: open && ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const playing = (playSet.data?.list ?? []).filter((s) => s.program);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.programId) return;
    onPlay(v.programId.value, v.minutes ?? undefined);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t("terminal.playNow.programTitle", { count: ids.length })}
      okText={t("terminal.playNow.play")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "terminal-play-program-ok" }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          <Button
            icon={<StopOutlined />}
            danger
            onClick={() => {
              onPlay(null);
              onClose();
            }}
            data-testid="terminal-play-program-stop"
          >
            {t("terminal.playNow.stop")}
          </Button>
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary">{t("terminal.playNow.programHint")}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item
            name="programId"
            label={t("terminal.playNow.program")}
            rules={[{ required: true, message: t("terminal.playNow.programRequired") }]}
          >
            <Select<Choice>
              labelInValue
              showSearch={{ filterOption: false, onSearch: setTyped }}
              loading={playSet.isFetching}
              options={(playSet.data?.programs ?? []).map((p) => ({ value: p.id, label: p.name }))}
              placeholder={t("terminal.playNow.programPlaceholder")}
              notFoundContent={t("terminal.playNow.noPrograms")}
              data-testid="terminal-play-program-select"
            />
          </Form.Item>
          <MinutesField testId="terminal-play-program-minutes" />
        </Form>
        {playing.length > 0 && (
          <Alert
            type="info"
            title={t("terminal.playNow.playingNow", { count: playing.length })}
            description={
              <List
                size="small"
                dataSource={playing.slice(0, STATE_ROWS)}
                rowKey="terminalId"
                renderItem={(s) => (
                  <List.Item>
                    {t("terminal.playNow.playingRow", {
                      terminal: s.terminalName,
                      program: s.program?.name ?? "",
                      until: until(s.until, t("terminal.playNow.untilStopped")),
                    })}
                  </List.Item>
                )}
              />
            }
          />
        )}
      </Space>
    </Modal>
  );
}

/** "Play a message now" on the selected terminals (doMessagePlayNow): one of the caller's messages, for a while. */
export function PlayMessageModal({
  open,
  count,
  onPlay,
  onClose,
}: {
  open: boolean;
  count: number;
  onPlay: (messageId: number, minutes?: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ messageId?: Choice; minutes?: number }>();
  const [typed, setTyped] = useState("");
  const name = useDebounced(typed);
  useEffect(() => {
    if (open) {
      form.resetFields();
      setTyped("");
    }
  }, [open, form]);
  const messages = useQuery({
    queryKey: ["terminal", "playMessages", name],
    queryFn: () => pubMessageApi.list({ pageNo: 1, pageSize: 50, name: name || undefined }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.messageId) return;
    onPlay(v.messageId.value, v.minutes ?? undefined);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t("terminal.playNow.messageTitle", { count })}
      okText={t("terminal.playNow.show")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "terminal-play-message-ok" }}
    >
      <Typography.Paragraph type="secondary">{t("terminal.playNow.messageHint")}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="messageId"
          label={t("terminal.playNow.message")}
          rules={[{ required: true, message: t("terminal.playNow.messageRequired") }]}
        >
          <Select<Choice>
            labelInValue
            showSearch={{ filterOption: false, onSearch: setTyped }}
            loading={messages.isFetching}
            options={(messages.data?.list ?? [])
              .filter((m) => m.state !== "pending" && m.state !== "rejected")
              .map((m) => ({ value: m.id, label: m.name }))}
            placeholder={t("terminal.playNow.messagePlaceholder")}
            notFoundContent={t("terminal.playNow.noMessages")}
            data-testid="terminal-play-message-select"
          />
        </Form.Item>
        <MinutesField testId="terminal-play-message-minutes" />
      </Form>
    </Modal>
  );
}
