import { ArrowLeftOutlined } from "@ant-design/icons";
import type { PublicationKind } from "@marquee/contracts";
import { Button, Result, Spin, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { useCan } from "../../access/useCan";
import { KIND_LIST_PATH, KIND_PERMISSIONS, parsePublishParams } from "./kinds";
import { PublishFlow } from "./PublishFlow";
import { useAuditSetting, useContent } from "./useContent";

/** The full-screen frame of the publish screens: a back link to the content's list, a title, the body. */
function Frame({ kind, title, children }: { kind?: PublicationKind; title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: "100vh", background: token.colorBgLayout }}>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          gap: 16,
          padding: "12px 24px",
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Link to={kind ? KIND_LIST_PATH[kind] : "/home"} data-testid="publish-back">
          <ArrowLeftOutlined /> {kind ? t(`publish.page.backTo.${kind}`) : t("common.back")}
        </Link>
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
          {title}
        </Typography.Title>
      </div>
      <div style={{ maxWidth: 1280, margin: "0 auto", padding: 24 }}>{children}</div>
    </div>
  );
}

/**
 * The publish screens (/publishSet, /terminalSelection?kind&id): 1) what and when, 2) which
 * terminals, 3) confirm with the count, then the publication's live delivery. /terminalSelection
 * opens at the terminals.
 */
export function PublishPage({ screen }: { screen: "publishSet" | "terminalSelection" }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = parsePublishParams(params);
  if (!target)
    return (
      <Frame title={t("publish.page.title")}>
        <Result
          status="404"
          title={t("publish.page.badAddress")}
          subTitle={t("publish.page.badAddressHint")}
        />
      </Frame>
    );
  return (
    <PublishLoader
      key={`${target.kind}:${target.id}`}
      kind={target.kind}
      id={target.id}
      initialStep={screen === "terminalSelection" ? 1 : 0}
    />
  );
}

function PublishLoader({
  kind,
  id,
  initialStep,
}: {
  kind: PublicationKind;
  id: number;
  initialStep: number;
}) {
  const { t } = useTranslation();
  const permissions = KIND_PERMISSIONS[kind];
  const allowed = useCan(permissions.publish, permissions.view);
  const content = useContent(kind, id);
  const audit = useAuditSetting();

  const title = content.data
    ? t("publish.page.titleOf", { name: content.data.name })
    : t("publish.page.title");
  // The guard refuses the address before it opens (router/routes.ts, STATIC_ROUTES); a right taken away
  // while the page is open goes the same way: to /403 like every other page (spec §4).
  if (!allowed) return <Navigate to="/403" replace />;
  if (content.isError)
    return (
      <Frame kind={kind} title={title}>
        <Result
          status="error"
          title={t(`publish.page.loadFailed.${kind}`)}
          subTitle={content.error.message}
          extra={<Button onClick={() => void content.refetch()}>{t("common.refresh")}</Button>}
        />
      </Frame>
    );
  if (!content.data || audit.isLoading)
    return (
      <Frame kind={kind} title={title}>
        <Spin size="large" style={{ display: "block", marginTop: 120 }} />
      </Frame>
    );
  return (
    <Frame kind={kind} title={title}>
      <PublishFlow
        kind={kind}
        id={id}
        content={content.data}
        audit={audit.data === true}
        initialStep={initialStep}
        onSubmitted={() => void content.refetch()}
      />
    </Frame>
  );
}
