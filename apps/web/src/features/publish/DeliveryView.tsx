import { ReloadOutlined, RollbackOutlined } from "@ant-design/icons";
import type {
  PublicationKind,
  PublicationState,
  PublicationSummary,
  PublicationTarget,
  TargetState,
} from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Badge,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Progress,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { formatTime } from "../program/format";
import { reasonText } from "../terminal/reason";
import { publishApi } from "./api";
import { DeliveryBar } from "./DeliveryBar";
import { deliveryTag, failedOf, isMoving, PUBLICATION_STATE_TAG, withdrawableOf } from "./delivery";
import { KIND_PERMISSIONS } from "./kinds";

/** How often an open delivery view asks again (TanStack pauses it while the tab is hidden). */
export const DELIVERY_POLL_MS = 2000;

type Row = PublicationTarget & { id: number };

/** One terminal's delivery state: its tag, the download's progress, a failure's reason. */
export function DeliveryStateCell({ target }: { target: PublicationTarget }) {
  const { t } = useTranslation();
  const tag = deliveryTag(target);
  return (
    <Space orientation="vertical" size={0} style={{ width: "100%" }}>
      <Tag color={tag.color} data-testid="publish-target-state" data-state={tag.state}>
        {t(tag.labelKey)}
      </Tag>
      {tag.progress && (
        <Progress
          percent={tag.progress.percent}
          size="small"
          format={() => t("publish.delivery.files", { done: tag.progress?.done, total: tag.progress?.total })}
        />
      )}
      {tag.reason && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="publish-target-reason">
          {reasonText(t, tag.reason)}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The publication's state and times in one line. */
export function PublicationWhen({ publication }: { publication: PublicationSummary }) {
  const { t } = useTranslation();
  const at = (iso: string | null) => (iso ? formatTime(iso) : "-");
  if (publication.state === "scheduled")
    return <>{t("publish.publication.scheduledFor", { time: at(publication.publishAt) })}</>;
  if (publication.state === "withdrawn")
    return <>{t("publish.publication.withdrawnAt", { time: at(publication.withdrawnAt) })}</>;
  return (
    <>
      {t("publish.publication.activeSince", { time: at(publication.activatedAt ?? publication.createDate) })}
    </>
  );
}

/**
 * One publication's delivery, per terminal and live (polled every 2 s while shown): filter by state,
 * retry the failed ones and withdraw, for all terminals or the chosen rows.
 */
export function DeliveryView({
  kind,
  publicationId,
  onState,
}: {
  kind: PublicationKind;
  publicationId: number;
  /** Told the publication's state whenever an answer shows it (the summary above follows it). */
  onState?: (state: PublicationState) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const permissions = KIND_PERMISSIONS[kind];
  const [state, setState] = useState<TargetState | undefined>();
  const [name, setName] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 12 });
  const [selected, setSelected] = useState<Map<number, Row>>(() => new Map());
  const [busy, setBusy] = useState<"retry" | "withdraw" | null>(null);
  const query = { ...page, state, name: name || undefined };
  const details = useQuery({
    queryKey: ["publish", "details", kind, publicationId, query],
    queryFn: () => publishApi.details(kind, publicationId, query),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERY_POLL_MS,
  });
  const d = details.data;
  const publication = d?.publication;
  const shownState = publication?.state;
  useEffect(() => {
    if (shownState) onState?.(shownState);
  }, [shownState, onState]);
  // Keep chosen rows as the last answer shows them: a retry or withdraw acts on their current state.
  const listed = d?.list;
  useEffect(() => {
    if (!listed) return;
    setSelected((current) => {
      const fresh = listed.filter((r) => {
        const had = current.get(r.terminalId);
        return had && (had.state !== r.state || had.updateDate !== r.updateDate);
      });
      return fresh.length
        ? new Map([...current, ...fresh.map((r) => [r.terminalId, { ...r, id: r.terminalId }] as const)])
        : current;
    });
  }, [listed]);
  const rows: Row[] = (d?.list ?? []).map((r) => ({ ...r, id: r.terminalId }));
  const chosen = [...selected.values()];
  const chosenFailed = failedOf(chosen);
  const chosenWithdrawable = withdrawableOf(chosen);

  const act = async (kindOfAct: "retry" | "withdraw", run: () => Promise<{ count: number }>) => {
    setBusy(kindOfAct);
    try {
      const { count } = await run();
      void message.success(
        t(kindOfAct === "retry" ? "publish.delivery.retried" : "publish.delivery.withdrawn", { count }),
      );
      setSelected(new Map());
      await queryClient.invalidateQueries({ queryKey: ["publish"] });
    } catch {
      // the http client shows the server's reason
    } finally {
      setBusy(null);
    }
  };

  if (details.isError && !d)
    return (
      <Alert
        type="error"
        showIcon
        title={t("publish.delivery.loadFailed")}
        description={details.error.message}
        data-testid="publish-delivery-error"
      />
    );
  if (!publication || !d) return <Spin style={{ display: "block", margin: "48px auto" }} />;

  const withdrawn = publication.state === "withdrawn";
  const failedCount = publication.counts.failed ?? 0;
  const columns: TableColumnsType<Row> = [
    {
      key: "terminal",
      title: t("publish.columns.terminal"),
      ellipsis: true,
      render: (_, r) => (
        <Space size={6}>
          <Badge
            status={r.online ? "success" : "default"}
            title={t(r.online ? "terminal.status.online" : "terminal.status.offline")}
          />
          <Typography.Text>{r.terminalName}</Typography.Text>
        </Space>
      ),
    },
    {
      key: "office",
      title: t("publish.columns.office"),
      ellipsis: true,
      render: (_, r) => r.officeName ?? "-",
    },
    {
      key: "state",
      title: t("publish.columns.delivery"),
      width: 220,
      render: (_, r) => <DeliveryStateCell target={r} />,
    },
    {
      key: "updated",
      title: t("publish.columns.updated"),
      width: 150,
      render: (_, r) => formatTime(r.updateDate),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="publish-delivery">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: "name",
            label: t("publish.publication.name"),
            children: (
              <Space wrap>
                <Typography.Text strong>{publication.name}</Typography.Text>
                <Tag color={PUBLICATION_STATE_TAG[publication.state]} data-testid="publish-publication-state">
                  {t(`publish.publication.states.${publication.state}`)}
                </Tag>
              </Space>
            ),
          },
          {
            key: "when",
            label: t("publish.publication.when"),
            children: <PublicationWhen publication={publication} />,
          },
          {
            key: "targets",
            label: t("publish.publication.targets"),
            children: publication.targetCount,
          },
          {
            key: "by",
            label: t("publish.publication.by"),
            children: `${publication.createdByName ?? "-"} · ${formatTime(publication.createDate)}`,
          },
        ]}
      />
      <DeliveryBar
        counts={publication.counts}
        active={state}
        onPick={(s) => {
          setState(s);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      />
      {isMoving(publication.counts) && publication.state === "active" && (
        <Typography.Text type="secondary">{t("publish.delivery.inProgress")}</Typography.Text>
      )}
      {details.isError && (
        <Alert
          type="warning"
          showIcon
          title={t("publish.delivery.pollFailed", { reason: details.error.message })}
        />
      )}
      <Space wrap>
        <AuthButton
          operation={permissions.publish}
          routePermission={permissions.view}
          label={t("publish.delivery.retryFailed", { count: failedCount })}
          icon={<ReloadOutlined />}
          disabled={withdrawn || failedCount === 0}
          loading={busy === "retry"}
          onClick={() => void act("retry", () => publishApi.retry(publication))}
          data-testid="publish-retry-all"
        />
        <AuthButton
          operation={permissions.publish}
          routePermission={permissions.view}
          label={t("publish.delivery.retrySelected", { count: chosenFailed.length })}
          disabled={withdrawn || chosenFailed.length === 0}
          loading={busy === "retry"}
          onClick={() => void act("retry", () => publishApi.retry(publication, chosenFailed))}
          data-testid="publish-retry-selected"
        />
        <Popconfirm
          title={t("publish.delivery.withdrawConfirm", { name: publication.name })}
          description={t("publish.delivery.withdrawHint")}
          okText={t("publish.delivery.withdraw")}
          cancelText={t("common.cancel")}
          okButtonProps={{ danger: true }}
          disabled={withdrawn}
          onConfirm={() => act("withdraw", () => publishApi.withdraw(publication.id))}
        >
          <AuthButton
            operation={permissions.publish}
            routePermission={permissions.view}
            label={t("publish.delivery.withdraw")}
            icon={<RollbackOutlined />}
            danger
            disabled={withdrawn}
            loading={busy === "withdraw"}
            data-testid="publish-withdraw-all"
          />
        </Popconfirm>
        <Popconfirm
          title={t("publish.delivery.withdrawSelectedConfirm", { count: chosenWithdrawable.length })}
          okText={t("publish.delivery.withdraw")}
          cancelText={t("common.cancel")}
          okButtonProps={{ danger: true }}
          disabled={withdrawn || chosenWithdrawable.length === 0}
          onConfirm={() => act("withdraw", () => publishApi.withdraw(publication.id, chosenWithdrawable))}
        >
          <AuthButton
            operation={permissions.publish}
            routePermission={permissions.view}
            label={t("publish.delivery.withdrawSelected", { count: chosenWithdrawable.length })}
            danger
            disabled={withdrawn || chosenWithdrawable.length === 0}
            data-testid="publish-withdraw-selected"
          />
        </Popconfirm>
        <Input.Search
          allowClear
          placeholder={t("publish.picker.searchTerminals")}
          onSearch={(v) => {
            setName(v.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 220 }}
        />
      </Space>
      <Table<Row>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        rowSelection={rowSelectionAcrossPages(selected, setSelected)}
        pagination={serverPagination({
          pageNo: page.pageNo,
          pageSize: page.pageSize,
          total: d.total,
          onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        })}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                state || name ? t("publish.delivery.noneInState") : t("publish.delivery.noTargets")
              }
            />
          ),
        }}
        data-testid="publish-targets"
      />
    </Space>
  );
}
