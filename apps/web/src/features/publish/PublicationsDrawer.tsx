import { ArrowLeftOutlined, SendOutlined } from "@ant-design/icons";
import type { PublicationKind } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Drawer, Empty, Pagination, Space, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthButton } from "../../components/AuthButton";
import { publishApi } from "./api";
import { DeliveryBar } from "./DeliveryBar";
import { DELIVERY_POLL_MS, DeliveryView, PublicationWhen } from "./DeliveryView";
import { PUBLICATION_STATE_TAG } from "./delivery";
import { KIND_PERMISSIONS, publishSetPath } from "./kinds";

export interface PublicationsDrawerProps {
  kind: PublicationKind;
  /** The content whose publications are shown (null: closed). */
  contentId: number | null;
  contentName?: string;
  onClose: () => void;
}

/**
 * The publications of one program, plan or message and their delivery per terminal, live (polled
 * while the drawer is open and the tab visible), with retry of the failed and withdraw.
 */
export function PublicationsDrawer({ kind, contentId, contentName, onClose }: PublicationsDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={contentId !== null}
      onClose={onClose}
      size={900}
      destroyOnHidden
      title={contentName ? t("publish.drawer.titleOf", { name: contentName }) : t("publish.drawer.title")}
      data-testid="publish-publications"
    >
      {contentId !== null && <Publications key={`${kind}:${contentId}`} kind={kind} contentId={contentId} />}
    </Drawer>
  );
}

function Publications({ kind, contentId }: { kind: PublicationKind; contentId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permissions = KIND_PERMISSIONS[kind];
  const [openId, setOpenId] = useState<number | null>(null);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const list = useQuery({
    queryKey: ["publish", "publications", kind, contentId, page],
    queryFn: () => publishApi.publications({ kind, contentId, ...page }),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERY_POLL_MS,
    // The list waits while one publication is open: that view polls its own figures.
    enabled: openId === null,
  });
  const publish = (
    <AuthButton
      type="primary"
      operation={permissions.publish}
      routePermission={permissions.view}
      label={t("publish.drawer.publish")}
      icon={<SendOutlined />}
      onClick={() => navigate(publishSetPath(kind, contentId))}
      data-testid="publish-drawer-publish"
    />
  );

  if (openId !== null)
    return (
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => setOpenId(null)}
          data-testid="publish-drawer-back"
        >
          {t("publish.drawer.back")}
        </Button>
        <DeliveryView kind={kind} publicationId={openId} />
      </Space>
    );

  if (list.isError && !list.data)
    return (
      <Alert type="error" showIcon title={t("publish.drawer.loadFailed")} description={list.error.message} />
    );
  const rows = list.data?.list ?? [];
  if (list.data && list.data.total === 0)
    return (
      <Empty description={t("publish.drawer.empty")} data-testid="publish-drawer-empty">
        {publish}
      </Empty>
    );

  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Space wrap>
        {publish}
        <Typography.Text type="secondary">{t("publish.drawer.hint")}</Typography.Text>
      </Space>
      {list.isError && (
        <Alert
          type="warning"
          showIcon
          title={t("publish.delivery.pollFailed", { reason: list.error.message })}
        />
      )}
      <Spin spinning={list.isLoading}>
        <Space orientation="vertical" style={{ width: "100%" }}>
          {rows.map((p) => (
            <Card
              key={p.id}
              size="small"
              data-testid="publish-publication"
              title={
                <Space wrap>
                  <Typography.Link strong onClick={() => setOpenId(p.id)}>
                    {p.name}
                  </Typography.Link>
                  <Tag color={PUBLICATION_STATE_TAG[p.state]}>
                    {t(`publish.publication.states.${p.state}`)}
                  </Tag>
                </Space>
              }
              extra={
                <Button type="link" onClick={() => setOpenId(p.id)} data-testid="publish-publication-open">
                  {t("publish.drawer.open")}
                </Button>
              }
            >
              <Space orientation="vertical" size={4} style={{ width: "100%" }}>
                <Typography.Text type="secondary">
                  <PublicationWhen publication={p} />
                  {p.createdByName ? ` · ${p.createdByName}` : ""}
                  {" · "}
                  {t("publish.publication.targetsOf", { count: p.targetCount })}
                </Typography.Text>
                <DeliveryBar counts={p.counts} />
              </Space>
            </Card>
          ))}
        </Space>
      </Spin>
      <Pagination
        align="end"
        current={page.pageNo}
        pageSize={page.pageSize}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        onChange={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
      />
    </Space>
  );
}
