import type { HomePublications } from "@marquee/contracts";
import { Card, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dateTime } from "../../components/dateTime";
import { PUBLICATION_STATE_TAG } from "../publish/delivery";
import { CONTENT_ROUTE } from "./links";
import { Rows } from "./Rows";

/**
 * The latest publications of the user's range with their delivery: screens
 * that have it, that wait for it and where it failed. Each opens the list of
 * its content, where its publications and their terminals are shown.
 */
export function PublicationsCard({
  data,
  pathOf,
}: {
  data: HomePublications;
  pathOf: (name: string) => string | null;
}) {
  const { t } = useTranslation();
  return (
    <Card
      title={t("home.publications.title")}
      data-testid="home-publications"
      style={{ height: "100%" }}
      extra={
        <Typography.Text type="secondary">
          {t("home.publications.total", { count: data.total })}
        </Typography.Text>
      }
    >
      <Rows
        items={data.latest}
        empty={t("home.publications.none")}
        rowKey={(p) => p.id}
        testId={(p) => `home-publication-${p.id}`}
        render={(p) => {
          const path = pathOf(CONTENT_ROUTE[p.kind]);
          const name = p.contentName || p.name;
          return (
            <>
              <Space size={4} wrap>
                <Tag>{t(`publish.kinds.${p.kind}`)}</Tag>
                {path ? (
                  <Link to={path} data-testid={`home-publication-link-${p.id}`}>
                    {name}
                  </Link>
                ) : (
                  <Typography.Text>{name}</Typography.Text>
                )}
                <Tag color={PUBLICATION_STATE_TAG[p.state]}>{t(`publish.publication.states.${p.state}`)}</Tag>
              </Space>
              <div>
                <Space size={4} wrap>
                  <Tag color="success" data-testid={`home-publication-delivered-${p.id}`}>
                    {t("home.publications.delivered", { count: p.delivered })}
                  </Tag>
                  <Tag color="processing" data-testid={`home-publication-pending-${p.id}`}>
                    {t("home.publications.pending", { count: p.pending })}
                  </Tag>
                  <Tag color={p.failed ? "error" : "default"} data-testid={`home-publication-failed-${p.id}`}>
                    {t("home.publications.failed", { count: p.failed })}
                  </Tag>
                  <Typography.Text type="secondary">{dateTime(p.publishAt ?? p.createDate)}</Typography.Text>
                </Space>
              </div>
            </>
          );
        }}
      />
    </Card>
  );
}
