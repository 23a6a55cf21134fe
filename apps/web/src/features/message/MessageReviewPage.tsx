import { EyeOutlined, ReloadOutlined } from "@ant-design/icons";
import type { PubMessageSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { pubMessageApi } from "../../services/pubMessage";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { MESSAGE_PERMISSIONS } from "./actions";
import { excerpt } from "./form";
import { MessageHistoryDrawer } from "./MessageHistoryDrawer";
import { MessagePreviewModal } from "./MessagePreviewModal";
import { DecisionModal, type DecisionTarget, NoteModal } from "./ReviewDialogs";
import { ReviewRowActions, ReviewToolbar, type ReviewView } from "./ReviewToolbar";

const REVIEW = MESSAGE_PERMISSIONS.review;
const NO_ROWS: PubMessageSummary[] = [];

/** Message review (messageCheck, publishMessage/checklist): preview pending messages, approve or reject with a note. */
export default function MessageReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [view, setView] = useState<ReviewView>("pending");
  const [name, setName] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<Map<number, PubMessageSummary>>(() => new Map());
  const [preview, setPreview] = useState<PubMessageSummary | null>(null);
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [noteOn, setNoteOn] = useState<PubMessageSummary | null>(null);
  const [historyOf, setHistoryOf] = useState<PubMessageSummary | null>(null);

  const query = { ...page, name: name.trim() || undefined, state: view };
  const list = useQuery({
    queryKey: ["pubMessage", "checklist", query],
    queryFn: () => pubMessageApi.checklist(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["pubMessage"] });

  const ask = (result: DecisionTarget["result"], rows: PubMessageSummary[]) =>
    setTarget({ result, ids: rows.map((m) => m.id), names: rows.map((m) => m.name) });

  const done = (decided: DecisionTarget) => {
    void message.success(
      decided.result === "approved"
        ? t("pubMessage.review.approved", { count: decided.ids.length })
        : t("pubMessage.review.rejected", { count: decided.ids.length }),
    );
    setSelected((s) => new Map([...s].filter(([id]) => !decided.ids.includes(id))));
    if (preview && decided.ids.includes(preview.id)) setPreview(null);
    refresh();
  };

  const rowActions = (m: PubMessageSummary) => (
    <ReviewRowActions
      pending={m.state === "pending"}
      permission={REVIEW}
      onDecide={(result) => ask(result, [m])}
      onNote={() => setNoteOn(m)}
      onHistory={() => setHistoryOf(m)}
    />
  );

  const columns: TableColumnsType<PubMessageSummary> = [
    {
      key: "name",
      title: t("pubMessage.list.columns.name"),
      width: 200,
      render: (_, m) => (
        <Typography.Link onClick={() => setPreview(m)} ellipsis style={{ maxWidth: 180 }} title={m.name}>
          {m.name}
        </Typography.Link>
      ),
    },
    {
      key: "text",
      title: t("pubMessage.list.columns.text"),
      width: 240,
      render: (_, m) => (
        <Typography.Text type="secondary" title={m.text}>
          {excerpt(m.text)}
        </Typography.Text>
      ),
    },
    {
      key: "kind",
      title: t("pubMessage.list.columns.kind"),
      width: 120,
      render: (_, m) => t(`pubMessage.kinds.${m.kind}`),
    },
    {
      key: "priority",
      title: t("pubMessage.list.columns.priority"),
      width: 100,
      render: (_, m) => (
        <Tag color={m.priority === "emergency" ? "red" : undefined}>
          {t(`pubMessage.priorities.${m.priority}`)}
        </Tag>
      ),
    },
    {
      key: "period",
      title: t("pubMessage.list.columns.period"),
      width: 170,
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <span>{m.startAt ? formatTime(m.startAt) : t("pubMessage.list.startOpen")}</span>
          <Typography.Text type="secondary">
            {m.endAt ? formatTime(m.endAt) : t("pubMessage.list.endOpen")}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "state",
      title: t("pubMessage.list.columns.state"),
      width: 130,
      render: (_, m) => <StateTag state={m.state} />,
    },
    {
      key: "author",
      title: t("pubMessage.review.author"),
      width: 120,
      render: (_, m) => m.creatorName ?? "",
    },
    {
      key: "changed",
      title: t("pubMessage.review.changed"),
      width: 160,
      render: (_, m) => formatTime(m.updateDate),
    },
    {
      key: "actions",
      title: t("pubMessage.list.columns.actions"),
      width: 300,
      fixed: "right",
      render: (_, m) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            onClick={() => setPreview(m)}
            data-testid="review-preview"
          >
            {t("pubMessage.actions.preview")}
          </Button>
          {rowActions(m)}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t("pubMessage.review.messageTitle")}
      extra={
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={list.isFetching}>
          {t("common.refresh")}
        </Button>
      }
    >
      <ReviewToolbar
        view={view}
        onView={(v) => {
          setView(v);
          setSelected(new Map());
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        onSearch={(v) => {
          setName(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        selectedCount={selected.size}
        permission={REVIEW}
        onDecide={(result) => ask(result, [...selected.values()])}
      />
      <Table<PubMessageSummary>
        data-testid="review-table"
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? NO_ROWS}
        scroll={{ x: 1540 }}
        locale={{ emptyText: t("pubMessage.review.empty") }}
        rowSelection={view === "pending" ? rowSelectionAcrossPages(selected, setSelected) : undefined}
        pagination={serverPagination({
          ...page,
          total: list.data?.total ?? 0,
          onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        })}
      />
      <MessagePreviewModal
        message={preview}
        onClose={() => setPreview(null)}
        footer={preview ? rowActions(preview) : null}
      />
      <DecisionModal
        target={target}
        decide={pubMessageApi.decide}
        onClose={() => setTarget(null)}
        onDone={done}
      />
      <NoteModal
        target={noteOn}
        send={pubMessageApi.note}
        onClose={() => setNoteOn(null)}
        onDone={() => {
          void message.success(t("pubMessage.review.noteSaved"));
          refresh();
        }}
      />
      <MessageHistoryDrawer message={historyOf} onClose={() => setHistoryOf(null)} />
    </Card>
  );
}
