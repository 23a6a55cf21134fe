import { SCREENSHOT_KINDS } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Empty, Image, List, Pagination, Segmented, Space, Spin, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ScreenshotKind, terminalApi } from "./api";

/** Pictures per page of the history. */
export const HISTORY_PAGE_SIZE = 8;

const KIND_COLORS: Record<ScreenshotKind, string> = { manual: "blue", scheduled: "green", monitor: "purple" };

/**
 * A screen's screenshot history (findScreenshotBytreeIdAndType): every
 * picture it sent, newest first, by kind (an operator's, a timer's,
 * monitoring's), in pages; a click opens the picture large.
 */
export function ScreenshotHistory({ terminalId, name }: { terminalId: number; name: string }) {
  const { t } = useTranslation();
  const [type, setType] = useState<ScreenshotKind | "all">("all");
  const [pageNo, setPageNo] = useState(1);
  const history = useQuery({
    queryKey: ["terminal", "screenshotHistory", terminalId, type, pageNo],
    queryFn: () =>
      terminalApi.screenshotHistory({
        terminalId,
        ...(type === "all" ? {} : { type }),
        pageNo,
        pageSize: HISTORY_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  const page = history.data;
  return (
    <Space orientation="vertical" style={{ width: "100%" }} data-testid="terminal-screenshot-history">
      <Segmented<ScreenshotKind | "all">
        size="small"
        value={type}
        onChange={(v) => {
          setType(v);
          setPageNo(1);
        }}
        options={[
          { value: "all", label: t("terminal.shots.all") },
          ...SCREENSHOT_KINDS.map((k) => ({ value: k, label: t(`terminal.shots.kinds.${k}`) })),
        ]}
        data-testid="terminal-screenshot-history-type"
      />
      {history.isError ? (
        <Alert type="error" title={t("terminal.shots.failed")} />
      ) : !page ? (
        <Spin />
      ) : page.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("terminal.shots.none")} />
      ) : (
        <>
          <Image.PreviewGroup>
            <List
              grid={{ gutter: 8, column: 4 }}
              dataSource={page.list}
              renderItem={(shot) => (
                <List.Item key={shot.id} data-testid="terminal-screenshot-history-item">
                  <Space orientation="vertical" size={2} style={{ width: "100%" }}>
                    <Image
                      src={shot.url}
                      alt={t("terminal.shots.alt", {
                        name,
                        at: dayjs(shot.at).format("YYYY-MM-DD HH:mm:ss"),
                      })}
                      width="100%"
                      style={{ aspectRatio: "16 / 9", objectFit: "contain", background: "#000" }}
                    />
                    <Tag color={KIND_COLORS[shot.type]}>{t(`terminal.shots.kinds.${shot.type}`)}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {dayjs(shot.at).format("YYYY-MM-DD HH:mm:ss")}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          </Image.PreviewGroup>
          <Pagination
            size="small"
            current={page.pageNo}
            pageSize={HISTORY_PAGE_SIZE}
            total={page.total}
            showTotal={(n) => t("terminal.shots.total", { n })}
            onChange={setPageNo}
          />
        </>
      )}
    </Space>
  );
}
