import type { ProgramSummary } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Empty, Spin, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../stores/session";
import { programApi } from "./api";
import { canvasLabel, editProgramUrl } from "./canvas";
import { newestFirst } from "./filters";
import { formatTime } from "./format";
import { ProgramThumb } from "./ProgramThumb";
import { StateTag } from "./StateTag";

/** How many programs "Continue editing" shows. */
export const RECENT_COUNT = 8;
const CARD_WIDTH = 220;

/** My most recently updated drafts and rejected programs (the list filters one state per call: two calls). */
async function loadRecent(userId: number | undefined): Promise<ProgramSummary[]> {
  const page = (state: "draft" | "rejected") =>
    programApi
      .list({
        pageNo: 1,
        pageSize: RECENT_COUNT,
        state,
        creatorId: userId,
        sort: "updateDate",
        order: "desc",
      })
      .then((r) => r.list);
  return newestFirst(await Promise.all([page("draft"), page("rejected")]), RECENT_COUNT);
}

/** "Continue editing": thumbnails of my recent unfinished programs; a click opens the editor. */
export function RecentPrograms() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const recent = useQuery({ queryKey: ["program", "recent", userId], queryFn: () => loadRecent(userId) });
  const rows = recent.data ?? [];

  return (
    <Card
      title={t("program.make.recentTitle")}
      extra={
        <Button type="link" onClick={() => navigate("/program/list")}>
          {t("program.make.allPrograms")}
        </Button>
      }
      data-testid="program-recent"
    >
      <Typography.Paragraph type="secondary">{t("program.make.recentHint")}</Typography.Paragraph>
      <Spin spinning={recent.isFetching}>
        {rows.length === 0 ? (
          <Empty description={t("program.make.recentEmpty")} />
        ) : (
          <div
            style={{
              display: "grid",
              gridTemplateColumns: `repeat(auto-fill, minmax(${CARD_WIDTH}px, 1fr))`,
              gap: 16,
            }}
          >
            {rows.map((p) => (
              <Card
                key={p.id}
                size="small"
                hoverable
                data-testid="program-recent-card"
                data-id={p.id}
                role="link"
                tabIndex={0}
                onClick={() => navigate(editProgramUrl(p.id))}
                onKeyDown={(e) => e.key === "Enter" && navigate(editProgramUrl(p.id))}
                cover={<ProgramThumb program={p} width="100%" height={130} />}
                styles={{ body: { padding: 10 } }}
              >
                <Typography.Text strong ellipsis={{ tooltip: p.name }} style={{ display: "block" }}>
                  {p.name}
                </Typography.Text>
                <div style={{ color: token.colorTextSecondary, fontSize: 12, margin: "4px 0" }}>
                  {canvasLabel(p.width, p.height)} ·{" "}
                  {t("program.list.updatedAt", { time: formatTime(p.updateDate) })}
                </div>
                <StateTag state={p.state} />
              </Card>
            ))}
          </div>
        )}
      </Spin>
    </Card>
  );
}
