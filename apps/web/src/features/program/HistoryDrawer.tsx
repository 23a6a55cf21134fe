import type { ProgramSummary } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Drawer, Empty, Space, Spin, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { programApi } from "./api";
import { formatTime } from "./format";
import { StateTag } from "./StateTag";

/** The changes of state of one program: from → to, who, when, and the reviewer's note. */
export function HistoryDrawer({ program, onClose }: { program: ProgramSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ["program", "history", program?.id],
    queryFn: () => programApi.history(program?.id ?? 0),
    enabled: program !== null,
  });
  const changes = history.data?.list ?? [];
  return (
    <Drawer
      open={program !== null}
      onClose={onClose}
      size={480}
      title={program ? t("program.history.title", { name: program.name }) : ""}
      destroyOnHidden
    >
      <Spin spinning={history.isFetching}>
        {changes.length === 0 && !history.isFetching ? (
          <Empty description={t("program.history.empty")} />
        ) : (
          <Timeline
            data-testid="program-history"
            items={changes.map((c, i) => ({
              key: `${c.at}-${i}`,
              title: formatTime(c.at),
              content: (
                <Space orientation="vertical" size={2}>
                  {c.from === c.to ? (
                    // A note (or a publication) that left the state as it was.
                    <StateTag state={c.to} />
                  ) : (
                    <Space size={4} wrap>
                      {c.from ? (
                        <StateTag state={c.from} />
                      ) : (
                        <Typography.Text>{t("program.history.created")}</Typography.Text>
                      )}
                      <span aria-hidden>→</span>
                      <StateTag state={c.to} />
                    </Space>
                  )}
                  <Typography.Text type="secondary">
                    {t("program.history.by", { name: c.byName ?? t("program.history.unknown") })}
                  </Typography.Text>
                  {c.note && <Typography.Text>{t("program.history.note", { note: c.note })}</Typography.Text>}
                </Space>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
