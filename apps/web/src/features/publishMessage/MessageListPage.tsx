import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { CONTENT_STATES, type ContentState, type PubMessageSummary } from "@marquee/contracts";
import { MESSAGE_KINDS, MESSAGE_PRIORITIES, type MessageDoc } from "@marquee/schedule";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Empty, Input, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, SELECTION_WIDTH, useFitColumns } from "../../components/fitColumns";
import {
  rowSelectionAcrossPages,
  serverPagination,
  useFreshSelection,
  useLastFilledPage,
} from "../../components/listSelection";
import { SelectionBar } from "../../components/SelectionBar";
import { HttpError } from "../../services/http";
import { confirmWithdraw } from "../content/confirmWithdraw";
import { usePublications } from "../content/usePublications";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { publishApi } from "../publish/api";
import { publishSetPath } from "../publish/kinds";
import { useAuditSetting } from "../publish/useContent";
import { MESSAGE_KIND, MESSAGE_PERMISSIONS, submittable } from "./actions";
import { type PubMessageQuery, pubMessageApi } from "./api";
import { excerpt } from "./form";
import { MessageActions, type MessageOps } from "./MessageActions";
import { MessageHistoryDrawer } from "./MessageHistoryDrawer";
import { MessagePreviewModal } from "./MessagePreviewModal";

const NO_ROWS: PubMessageSummary[] = [];

interface Filters {
  name: string;
  state?: ContentState;
  kind?: MessageDoc["kind"];
  priority?: MessageDoc["priority"];
}

const names = (rows: readonly PubMessageSummary[]) => {
  const list = rows.map((r) => r.name);
  return list.length <= 5 ? list.join(", ") : `${list.slice(0, 5).join(", ")} …`;
};

/** Message management (messageManage, publishMessage/list): find, edit, submit, publish, follow and withdraw messages. */
export default function MessageListPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const grants = {
    edit: useCan(MESSAGE_PERMISSIONS.edit, MESSAGE_PERMISSIONS.view),
    remove: useCan(MESSAGE_PERMISSIONS.remove, MESSAGE_PERMISSIONS.view),
    publish: useCan(MESSAGE_PERMISSIONS.publish, MESSAGE_PERMISSIONS.view),
  };
  const audit = useAuditSetting().data ?? false;
  const [filters, setFilters] = useState<Filters>({ name: "" });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<Map<number, PubMessageSummary>>(() => new Map());
  const [preview, setPreview] = useState<PubMessageSummary | null>(null);
  const [historyOf, setHistoryOf] = useState<PubMessageSummary | null>(null);

  const query: PubMessageQuery = {
    ...page,
    name: filters.name.trim() || undefined,
    state: filters.state,
    kind: filters.kind,
    priority: filters.priority,
  };
  const list = useQuery({
    queryKey: ["pubMessage", "list", query],
    queryFn: () => pubMessageApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["pubMessage"] }),
    [queryClient],
  );
  const publications = usePublications<PubMessageSummary>(MESSAGE_KIND, refresh);

  useLastFilledPage(list.data, page.pageNo, setPage);
  const total = list.data?.total ?? 0;

  useFreshSelection(list.data?.list, setSelected);

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const dropFromSelection = (ids: number[]) =>
    setSelected((s) => new Map([...s].filter(([id]) => !ids.includes(id))));

  const failed = (err: unknown) => {
    if (err instanceof HttpError && err.message === "logout") return;
    void message.error(err instanceof Error ? err.message : String(err));
  };

  const sendDelete = async (rows: PubMessageSummary[]) => {
    const ids = rows.map((r) => r.id);
    try {
      if (ids.length === 1) await pubMessageApi.remove(ids[0] as number);
      else await pubMessageApi.removeMany(ids);
      void message.success(t("publishMessage.deleted"));
      dropFromSelection(ids);
      refresh();
    } catch (err) {
      // A message still on screens: the server says where, which a passing toast would hide too soon.
      if (err instanceof HttpError && err.status >= 400 && err.status < 500 && err.message !== "logout") {
        modal.warning({
          title: t("publishMessage.deleteRefused"),
          content: err.message,
          okText: t("common.ok"),
          width: 520,
        });
      } else failed(err);
    }
  };

  const ops: MessageOps = {
    edit: (m) => navigate(`/message/form?id=${m.id}`),
    preview: setPreview,
    history: setHistoryOf,
    publications: publications.show,
    publish: (m) => navigate(publishSetPath("message", m.id)),
    remove: (rows) => {
      if (rows.length === 0) return;
      modal.confirm({
        title: t("publishMessage.deleteConfirm", { count: rows.length }),
        content: (
          <>
            <div>{names(rows)}</div>
            <div>{t("publishMessage.deleteHint")}</div>
          </>
        ),
        okText: t("common.delete"),
        okButtonProps: { danger: true, "data-testid": "message-delete-ok" },
        cancelText: t("common.cancel"),
        onOk: () => sendDelete(rows),
      });
    },
    submit: (rows) => {
      const ready = submittable(rows);
      if (ready.length === 0) {
        void message.warning(t("publishMessage.blocks.state"));
        return;
      }
      const skipped = rows.length - ready.length;
      modal.confirm({
        title: t("publishMessage.submitConfirm", { count: ready.length }),
        content: skipped > 0 ? t("publishMessage.submitSkipped", { count: skipped }) : names(ready),
        okText: t("publishMessage.actions.submit"),
        okButtonProps: { "data-testid": "message-submit-ok" },
        cancelText: t("common.cancel"),
        onOk: () =>
          pubMessageApi
            .submit(ready.map((r) => r.id))
            .then((r) => {
              void message.success(
                r.state === "approved"
                  ? t("publishMessage.approvedAtOnce")
                  : t("publishMessage.submitted", { count: ready.length }),
              );
              refresh();
            })
            .catch(() => undefined), // the http client has shown why
      });
    },
    withdraw: (m) =>
      confirmWithdraw(modal, t, {
        title: t("publishMessage.withdrawConfirm", { name: m.name }),
        content: t("publishMessage.withdrawHint"),
        okText: t("publishMessage.actions.withdraw"),
        okTestId: "message-withdraw-ok",
        withdraw: () => publishApi.withdrawContent("message", [m.id]),
        done: (count) => {
          void message.success(t("publishMessage.withdrawn", { count }));
          refresh();
        },
      }),
  };

  const columnsAll: FitColumns<PubMessageSummary> = [
    {
      key: "name",
      title: t("publishMessage.list.columns.name"),
      width: 200,
      render: (_, r) => (
        <Typography.Link onClick={() => setPreview(r)} ellipsis style={{ maxWidth: 180 }} title={r.name}>
          {r.name}
        </Typography.Link>
      ),
    },
    {
      key: "text",
      drop: 1,
      title: t("publishMessage.list.columns.text"),
      width: 240,
      render: (_, r) => (
        <Typography.Text type="secondary" title={r.text}>
          {excerpt(r.text)}
        </Typography.Text>
      ),
    },
    {
      key: "kind",
      title: t("publishMessage.list.columns.kind"),
      width: 120,
      render: (_, r) => t(`publishMessage.kinds.${r.kind}`),
    },
    {
      key: "priority",
      title: t("publishMessage.list.columns.priority"),
      width: 100,
      render: (_, r) => (
        <Tag color={r.priority === "emergency" ? "red" : undefined} data-testid="message-priority-tag">
          {t(`publishMessage.priorities.${r.priority}`)}
        </Tag>
      ),
    },
    {
      key: "period",
      drop: 5,
      title: t("publishMessage.list.columns.period"),
      width: 170,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.startAt ? formatTime(r.startAt) : t("publishMessage.list.startOpen")}</span>
          <Typography.Text type="secondary">
            {r.endAt ? formatTime(r.endAt) : t("publishMessage.list.endOpen")}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "state",
      title: t("publishMessage.list.columns.state"),
      width: 130,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      key: "terminals",
      drop: 4,
      title: t("publishMessage.list.columns.terminals"),
      width: 130,
      render: (_, r) => (
        <Tooltip title={t("publishMessage.list.publications", { count: r.publicationCount })}>
          <Typography.Link onClick={() => publications.show(r)} data-testid="message-reach">
            {t("publishMessage.list.reach", { count: r.terminalCount })}
          </Typography.Link>
        </Tooltip>
      ),
    },
    {
      key: "creator",
      drop: 2,
      title: t("publishMessage.list.columns.creator"),
      width: 120,
      render: (_, r) => r.creatorName ?? "",
    },
    {
      key: "updated",
      drop: 3,
      title: t("publishMessage.list.columns.updated"),
      width: 160,
      render: (_, r) => formatTime(r.updateDate),
    },
    {
      key: "actions",
      title: t("publishMessage.list.columns.actions"),
      width: 150,
      fixed: "right",
      render: (_, r) => <MessageActions row={r} grants={grants} audit={audit} ops={ops} />,
    },
  ];
  const columnsFit = useFitColumns(columnsAll, SELECTION_WIDTH);

  const rows = list.data?.list ?? NO_ROWS;
  const selection = [...selected.values()];
  const filtered = Boolean(filters.name.trim() || filters.state || filters.kind || filters.priority);
  const newMessage = (
    <AuthButton
      type="primary"
      operation={MESSAGE_PERMISSIONS.edit}
      routePermission={MESSAGE_PERMISSIONS.view}
      label={t("publishMessage.list.newMessage")}
      icon={<PlusOutlined />}
      onClick={() => navigate("/message/form")}
      data-testid="message-new"
    />
  );

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          {newMessage}
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t("common.refresh")}
          </Button>
        </Space>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t("publishMessage.list.searchName")}
            onSearch={(name) => change({ name })}
            style={{ width: 220 }}
            data-testid="message-search"
          />
          <Select<ContentState>
            allowClear
            placeholder={t("publishMessage.list.state")}
            value={filters.state}
            onChange={(state) => change({ state })}
            style={{ width: 150 }}
            options={CONTENT_STATES.map((s) => ({ value: s, label: t(`program.states.${s}`) }))}
          />
          <Select<MessageDoc["kind"]>
            allowClear
            placeholder={t("publishMessage.list.kind")}
            value={filters.kind}
            onChange={(kind) => change({ kind })}
            style={{ width: 150 }}
            options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`publishMessage.kinds.${k}`) }))}
          />
          <Select<MessageDoc["priority"]>
            allowClear
            placeholder={t("publishMessage.list.priority")}
            value={filters.priority}
            onChange={(priority) => change({ priority })}
            style={{ width: 140 }}
            options={MESSAGE_PRIORITIES.map((p) => ({
              value: p,
              label: t(`publishMessage.priorities.${p}`),
            }))}
          />
        </Space>
        <SelectionBar
          count={selection.length}
          submittable={submittable(selection).length}
          permissions={MESSAGE_PERMISSIONS}
          keys="publishMessage.list"
          testId="message"
          onSubmit={() => ops.submit(selection)}
          onDelete={() => ops.remove(selection)}
          onClear={() => setSelected(new Map())}
        />
        {list.data !== undefined && total === 0 && !filtered ? (
          <Empty description={t("publishMessage.list.empty")} data-testid="message-empty">
            <Typography.Paragraph type="secondary">{t("publishMessage.list.emptyHint")}</Typography.Paragraph>
            {newMessage}
          </Empty>
        ) : (
          <div ref={columnsFit.ref}>
            <Table<PubMessageSummary>
              data-testid="message-table"
              rowKey="id"
              size="middle"
              scroll={{ x: columnsFit.scrollX }}
              loading={list.isFetching}
              columns={columnsFit.columns}
              dataSource={rows}
              locale={{ emptyText: t("publishMessage.list.noMatch") }}
              rowSelection={rowSelectionAcrossPages(selected, setSelected)}
              pagination={serverPagination({
                ...page,
                total,
                onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
              })}
            />
          </div>
        )}
      </Space>
      <MessagePreviewModal message={preview} onClose={() => setPreview(null)} />
      <MessageHistoryDrawer message={historyOf} onClose={() => setHistoryOf(null)} />
      {publications.drawer}
    </Card>
  );
}
