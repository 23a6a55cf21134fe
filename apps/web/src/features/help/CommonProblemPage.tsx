import { QuestionCircleOutlined } from "@ant-design/icons";
import type { CommonProblem } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, Collapse, Empty, Input, Pagination, Space, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { FAQ_PERMISSIONS, helpApi } from "./api";
import { FaqAnswer } from "./FaqAnswer";
import { FaqManager } from "./FaqManager";

const NO_ROWS: CommonProblem[] = [];

/**
 * FAQ (commonProblemManager): everyone reads the questions of their language
 * (and those for every language) and searches them; the platform's editors
 * also get the table that writes them.
 */
export default function CommonProblemPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan(FAQ_PERMISSIONS.edit, FAQ_PERMISSIONS.view);
  const [query, setQuery] = useState({ keyword: "", pageNo: 1, pageSize: 20 });

  const list = useQuery({
    // The server picks the entries of the language cookie: one cache entry per language.
    queryKey: ["help", "faq", "read", query, i18n.language],
    queryFn: () => helpApi.faq({ ...query, keyword: query.keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? NO_ROWS;
  const total = list.data?.total ?? 0;
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["help", "faq"] }),
    [queryClient],
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Card
        title={
          <Space>
            <QuestionCircleOutlined />
            {t("help.faq.title")}
          </Space>
        }
      >
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          <Input.Search
            allowClear
            enterButton
            size="large"
            placeholder={t("help.faq.search")}
            onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim(), pageNo: 1 }))}
            style={{ maxWidth: 560 }}
            data-testid="faq-search"
          />
          {list.data && rows.length === 0 ? (
            <Empty
              description={
                query.keyword ? t("help.faq.noMatch", { keyword: query.keyword }) : t("help.faq.none")
              }
              data-testid="faq-empty"
            />
          ) : (
            <Collapse
              data-testid="faq-list"
              items={rows.map((p) => ({
                key: p.id,
                label: <Typography.Text strong>{p.question}</Typography.Text>,
                children: <FaqAnswer answer={p.answer} />,
              }))}
            />
          )}
          {total > query.pageSize && (
            <Pagination
              current={query.pageNo}
              pageSize={query.pageSize}
              total={total}
              showSizeChanger={false}
              onChange={(pageNo) => setQuery((q) => ({ ...q, pageNo }))}
            />
          )}
        </Space>
      </Card>
      {canEdit && <FaqManager onChanged={refresh} />}
    </Space>
  );
}
