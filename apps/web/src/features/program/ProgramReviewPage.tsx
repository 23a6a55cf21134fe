import { PlayCircleOutlined, ReloadOutlined } from "@ant-design/icons";
import type { ProgramSummary } from "@marquee/contracts";
import { ProgramPlayer, RenderProvider, ScaledStage } from "@marquee/renderer";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Empty, Modal, Space, Spin, Table, type TableColumnsType, Typography } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { createRenderContext } from "../../editor/renderContext";
import { mediaInfo } from "../../editor/renderData";
import { programApi } from "../../services/program";
import { programReviewApi } from "../../services/pubMessage";
import { DecisionModal, type DecisionTarget, NoteModal } from "../message/ReviewDialogs";
import { ReviewRowActions, ReviewToolbar, type ReviewView } from "../message/ReviewToolbar";
import { canvasLabel, fitBox } from "./canvas";
import { formatTime } from "./format";
import { HistoryDrawer } from "./HistoryDrawer";
import { ProgramThumb } from "./ProgramThumb";
import { StateTag } from "./StateTag";

const REVIEW = "content:program:review";
const NO_ROWS: ProgramSummary[] = [];
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
      title={program ? t("pubMessage.review.playTitle", { name: program.name }) : ""}
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
              detail.error instanceof Error ? detail.error.message : t("pubMessage.review.loadFailed")
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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [view, setView] = useState<ReviewView>("pending");
  const [name, setName] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<Map<number, ProgramSummary>>(() => new Map());
  const [playing, setPlaying] = useState<ProgramSummary | null>(null);
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [noteOn, setNoteOn] = useState<ProgramSummary | null>(null);
  const [historyOf, setHistoryOf] = useState<ProgramSummary | null>(null);

  const query = { ...page, name: name.trim() || undefined, state: view };
  const list = useQuery({
    queryKey: ["program", "checklist", query],
    queryFn: () => programReviewApi.checklist(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["program"] });

  const ask = (result: DecisionTarget["result"], rows: ProgramSummary[]) =>
    setTarget({ result, ids: rows.map((p) => p.id), names: rows.map((p) => p.name) });

  const done = (decided: DecisionTarget) => {
    void message.success(
      decided.result === "approved"
        ? t("pubMessage.review.approved", { count: decided.ids.length })
        : t("pubMessage.review.rejected", { count: decided.ids.length }),
    );
    setSelected((s) => new Map([...s].filter(([id]) => !decided.ids.includes(id))));
    if (playing && decided.ids.includes(playing.id)) setPlaying(null);
    refresh();
  };

  const rowActions = (p: ProgramSummary) => (
    <ReviewRowActions
      pending={p.state === "pending"}
      permission={REVIEW}
      onDecide={(result) => ask(result, [p])}
      onNote={() => setNoteOn(p)}
      onHistory={() => setHistoryOf(p)}
    />
  );

  const columns: TableColumnsType<ProgramSummary> = [
    {
      key: "name",
      title: t("pubMessage.list.columns.name"),
      width: 300,
      render: (_, p) => (
        <Space>
          <ProgramThumb program={p} width={64} height={40} />
          <Typography.Link onClick={() => setPlaying(p)} ellipsis style={{ maxWidth: 200 }} title={p.name}>
            {p.name}
          </Typography.Link>
        </Space>
      ),
    },
    {
      key: "canvas",
      title: t("pubMessage.review.canvas"),
      width: 110,
      render: (_, p) => canvasLabel(p.width, p.height),
    },
    {
      key: "content",
      title: t("pubMessage.review.content"),
      width: 170,
      render: (_, p) => t("pubMessage.review.contentOf", { scenes: p.sceneCount, widgets: p.widgetCount }),
    },
    {
      key: "state",
      title: t("pubMessage.list.columns.state"),
      width: 130,
      render: (_, p) => <StateTag state={p.state} />,
    },
    {
      key: "author",
      title: t("pubMessage.review.author"),
      width: 120,
      render: (_, p) => p.creatorName ?? "",
    },
    {
      key: "changed",
      title: t("pubMessage.review.changed"),
      width: 160,
      render: (_, p) => formatTime(p.updateDate),
    },
    {
      key: "actions",
      title: t("pubMessage.list.columns.actions"),
      width: 300,
      fixed: "right",
      render: (_, p) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            icon={<PlayCircleOutlined />}
            onClick={() => setPlaying(p)}
            data-testid="review-play"
          >
            {t("pubMessage.review.play")}
          </Button>
          {rowActions(p)}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t("pubMessage.review.programTitle")}
      extra={
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={list.isFetching}>
          {t("common.refresh")}
        </Button>
      }
    >
      <ReviewToolbar
        view={view}
        onView={(v) => {
          setView(v);
          setSelected(new Map());
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        onSearch={(v) => {
          setName(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        selectedCount={selected.size}
        permission={REVIEW}
        onDecide={(result) => ask(result, [...selected.values()])}
      />
      <Table<ProgramSummary>
        data-testid="review-table"
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? NO_ROWS}
        scroll={{ x: 1290 }}
        locale={{ emptyText: t("pubMessage.review.empty") }}
        rowSelection={view === "pending" ? rowSelectionAcrossPages(selected, setSelected) : undefined}
        pagination={serverPagination({
          ...page,
          total: list.data?.total ?? 0,
          onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        })}
      />
      <ProgramPlayModal
        program={playing}
        onClose={() => setPlaying(null)}
        footer={playing ? rowActions(playing) : null}
      />
      <DecisionModal
        target={target}
        decide={programReviewApi.decide}
        onClose={() => setTarget(null)}
        onDone={done}
      />
      <NoteModal
        target={noteOn}
        send={programReviewApi.note}
        onClose={() => setNoteOn(null)}
        onDone={() => {
          void message.success(t("pubMessage.review.noteSaved"));
          refresh();
        }}
      />
      <HistoryDrawer program={historyOf} onClose={() => setHistoryOf(null)} />
    </Card>
  );
}
