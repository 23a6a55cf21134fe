import { PlayCircleOutlined } from "@ant-design/icons";
import type { ProgramSummary } from "@marquee/contracts";
import { ProgramPlayer, RenderProvider, ScaledStage } from "@marquee/renderer";
import { useQuery } from "@tanstack/react-query";
import { Empty, Modal, Space, Spin, Typography } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FitColumns } from "../../components/fitColumns";
import { createRenderContext } from "../../editor/renderContext";
import { mediaInfo } from "../../editor/renderData";
import { ReviewList } from "../content/ReviewList";
import { programApi, programReviewApi } from "./api";
import { canvasLabel, fitBox } from "./canvas";
import { HistoryDrawer } from "./HistoryDrawer";
import { ProgramThumb } from "./ProgramThumb";

const REVIEW = "content:program:review";
/** The largest stage the play dialog gives a program. */
const STAGE = { width: 872, height: 490 };

/**
 * A program played as a screen plays it (the editor's preview: ProgramPlayer
 * in a ScaledStage, with the editor's render context over the program's own
 * materials), for the reviewer to watch before deciding.
 */
function ProgramPlayModal({
  program,
  onClose,
  footer,
}: {
  program: ProgramSummary | null;
  onClose: () => void;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [scale, setScale] = useState(1);
  const detail = useQuery({
    queryKey: ["program", "detail", program?.id],
    queryFn: () => programApi.detail(program?.id ?? 0, { silent: true }),
    enabled: program !== null,
  });
  const d = detail.data;
  const ctx = useMemo(() => {
    const byId = new Map((d?.materials ?? []).map((m) => [m.id, m]));
    return createRenderContext("preview", i18n.language, (id) => mediaInfo(byId.get(id)));
  }, [d, i18n.language]);
  const box = d ? fitBox(d.doc.width, d.doc.height, STAGE.width, STAGE.height) : STAGE;

  return (
    <Modal
      open={program !== null}
      onCancel={onClose}
      title={program ? t("publishMessage.review.playTitle", { name: program.name }) : ""}
      footer={footer ?? null}
      width={STAGE.width + 48}
      destroyOnHidden
    >
      <Spin spinning={detail.isFetching}>
        {d ? (
          <div
            style={{ width: box.width, height: box.height, margin: "0 auto", background: "#000" }}
            data-testid="program-review-player"
          >
            <ScaledStage width={d.doc.width} height={d.doc.height} onScale={setScale} background="#000">
              <RenderProvider value={ctx}>
                <ProgramPlayer program={d.doc} scale={scale} />
              </RenderProvider>
            </ScaledStage>
          </div>
        ) : detail.isError ? (
          <Empty
            description={
              detail.error instanceof Error ? detail.error.message : t("publishMessage.review.loadFailed")
            }
          />
        ) : (
          <div style={{ height: STAGE.height }} />
        )}
      </Spin>
    </Modal>
  );
}

/** Program review (progCheck, publishProgram/checklist): play pending programs, approve or reject with a note. */
export default function ProgramReviewPage() {
  const { t } = useTranslation();
  const columns = (open: (p: ProgramSummary) => void): FitColumns<ProgramSummary> => [
    {
      key: "name",
      title: t("publishMessage.list.columns.name"),
      width: 300,
      render: (_, p) => (
        <Space>
          <ProgramThumb program={p} width={64} height={40} />
          <Typography.Link onClick={() => open(p)} ellipsis style={{ maxWidth: 200 }} title={p.name}>
            {p.name}
          </Typography.Link>
        </Space>
      ),
    },
    {
      key: "canvas",
      drop: 3,
      title: t("publishMessage.review.canvas"),
      width: 110,
      render: (_, p) => canvasLabel(p.width, p.height),
    },
    {
      key: "content",
      drop: 4,
      title: t("publishMessage.review.content"),
      width: 170,
      render: (_, p) =>
        t("publishMessage.review.contentOf", { scenes: p.sceneCount, widgets: p.widgetCount }),
    },
  ];
  return (
    <ReviewList<ProgramSummary>
      kind="program"
      queryKey="program"
      permission={REVIEW}
      api={programReviewApi}
      columns={columns}
      openAction={{
        label: t("publishMessage.review.play"),
        icon: <PlayCircleOutlined />,
        testId: "review-play",
      }}
      renderOpen={(p, close, footer) => <ProgramPlayModal program={p} onClose={close} footer={footer} />}
      renderHistory={(p, close) => <HistoryDrawer program={p} onClose={close} />}
    />
  );
}
