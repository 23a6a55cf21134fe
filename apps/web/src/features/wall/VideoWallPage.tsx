import {
  type Permission,
  SYNC_LEAD_SECONDS,
  type Wall,
  type WallGeometry,
  type WallSkewFigures,
  wallCrop,
} from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { RenderProvider, SceneView } from "@marquee/renderer";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Card, Col, Form, Input, InputNumber, Row, Select, Space, Table, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { createRenderContext } from "../../editor/renderContext";
import { mediaInfo } from "../../editor/renderData";
import { programApi } from "../program/api";
import { wallApi } from "./api";

const VIEW: Permission = "terminal:wall:view";
const EDIT: Permission = "terminal:wall:edit";

type Cell = { terminalId: number; row: number; col: number };
type Draft = WallGeometry & { id?: number; name: string; screens: Cell[] };
type Names = Map<number, string>;

const NEW_WALL: Draft = {
  name: "",
  rows: 2,
  cols: 2,
  bezelMm: { top: 5, right: 5, bottom: 5, left: 5 },
  screenWidthMm: 1210,
  screenHeightMm: 680,
  width: 3840,
  height: 2160,
  screens: [],
};

/**
 * The wall drawn to scale: each screen's crop of the program's canvas where
 * it sits, the canvas that falls behind the bezels left dark; each cell takes
 * a terminal dropped on it (dragged from the chosen ones or another cell).
 */
function WallGrid({
  wall,
  names,
  onDrop,
  program,
}: {
  wall: Draft;
  names: Names;
  onDrop?: (terminalId: number, row: number, col: number) => void;
  /** The program drawn across the wall (its first scene), each screen showing its crop. */
  program?: ProgramPreview | null;
}) {
  const { t } = useTranslation();
  const scale = 560 / wall.width;
  const cells = Array.from({ length: wall.rows * wall.cols }, (_, i) => ({
    row: Math.floor(i / wall.cols),
    col: i % wall.cols,
  }));
  return (
    <div
      data-testid="wall-grid"
      style={{ position: "relative", width: 560, height: wall.height * scale, background: "#1f1f1f" }}
    >
      {cells.map(({ row, col }) => {
        const crop = wallCrop(wall, wall, { row, col });
        const screen = wall.screens.find((s) => s.row === row && s.col === col);
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the pointer; the terminal choice places screens from the keyboard
          <div
            key={`${row}:${col}`}
            data-testid="wall-cell"
            data-cell={`${row}:${col}`}
            onDragOver={(e) => onDrop && e.preventDefault()}
            onDrop={(e) => {
              const id = Number(e.dataTransfer.getData("text/plain"));
              if (onDrop && id > 0) onDrop(id, row, col);
            }}
            style={{
              position: "absolute",
              left: crop.x * scale,
              top: crop.y * scale,
              width: crop.width * scale,
              height: crop.height * scale,
              background: screen ? "#1668dc" : "#434343",
              color: "#fff",
              display: "grid",
              placeItems: "center",
              fontSize: 12,
              overflow: "hidden",
            }}
          >
            {program ? <CropView program={program} wall={wall} crop={crop} scale={scale} /> : null}
            {screen ? (
              // biome-ignore lint/a11y/noStaticElementInteractions: dragged with the pointer to another cell
              <span
                style={program ? LABEL_OVER_PROGRAM : undefined}
                draggable={!!onDrop}
                onDragStart={(e) => e.dataTransfer.setData("text/plain", String(screen.terminalId))}
              >
                {names.get(screen.terminalId) ?? `#${screen.terminalId}`}
              </span>
            ) : (
              t("wall.emptyCell")
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A program to draw on the wall: its document and its materials' addresses. */
interface ProgramPreview {
  doc: ProgramDoc;
  media: Parameters<typeof createRenderContext>[2];
}

/** A screen's name over the program it shows: readable on any picture. */
const LABEL_OVER_PROGRAM = {
  position: "relative",
  zIndex: 1,
  background: "rgba(0, 0, 0, 0.55)",
  padding: "0 6px",
  borderRadius: 4,
} as const;

/**
 * One screen's part of the program: the program's first main scene laid over the whole wall (scaled from
 * its design size to the wall's canvas) and moved so that this cell shows its crop; the cells' gaps are
 * the bezels, so the wall reads as the program cut by them, as the screens will show it.
 */
function CropView({
  program,
  wall,
  crop,
  scale,
}: {
  program: ProgramPreview;
  wall: Draft;
  crop: { x: number; y: number };
  scale: number;
}) {
  const { i18n } = useTranslation();
  const ctx = useMemo(
    () => createRenderContext("preview", i18n.language, program.media),
    [i18n.language, program.media],
  );
  const { doc } = program;
  const scene = doc.scenes.find((x) => x.kind === "main");
  if (!scene) return null;
  const sx = (wall.width * scale) / doc.width;
  const sy = (wall.height * scale) / doc.height;
  return (
    <div
      aria-hidden
      data-testid="wall-crop"
      style={{
        position: "absolute",
        left: -crop.x * scale,
        top: -crop.y * scale,
        width: doc.width,
        height: doc.height,
        transform: `scale(${sx}, ${sy})`,
        transformOrigin: "0 0",
        pointerEvents: "none",
      }}
    >
      <RenderProvider value={ctx}>
        <SceneView program={doc} scene={scene} />
      </RenderProvider>
    </div>
  );
}

/** A new wall or a change: its geometry, the terminals chosen, placed on the grid by dragging. */
function WallEditor({ initial, names, onDone }: { initial: Draft; names: Names; onDone: (w: Wall) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(initial);
  const [known, setKnown] = useState<Names>(names);
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  const terminals = useQuery({
    queryKey: ["wall", "terminals", search],
    queryFn: () => wallApi.terminals({ pageNo: 1, pageSize: 50, name: search || undefined }),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const place = (terminalId: number, row: number, col: number) =>
    setDraft((d) => ({
      ...d,
      screens: [
        ...d.screens.filter((s) => s.terminalId !== terminalId && !(s.row === row && s.col === col)),
        { terminalId, row, col },
      ],
    }));
  const placed = new Set(draft.screens.map((s) => s.terminalId));
  const save = async () => {
    setError(null);
    try {
      const r = await wallApi.save(draft);
      onDone(r.wall);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const num = (key: keyof WallGeometry, min: number) => (
    <Form.Item label={t(`wall.field.${key}`)}>
      <InputNumber
        min={min}
        value={draft[key] as number}
        onChange={(v) => set({ [key]: v ?? min } as Partial<Draft>)}
        data-testid={`wall-${key}`}
      />
    </Form.Item>
  );
  const sides = ["top", "right", "bottom", "left"] as const;
  return (
    <Card size="small" title={draft.id ? draft.name : t("wall.newWall")} data-testid="wall-editor">
      <Row gutter={24}>
        <Col span={10}>
          <Form layout="vertical" size="small">
            <Form.Item label={t("wall.field.name")}>
              <Input
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
                data-testid="wall-name"
              />
            </Form.Item>
            <Space wrap>
              {num("rows", 1)}
              {num("cols", 1)}
              {num("screenWidthMm", 1)}
              {num("screenHeightMm", 1)}
              {num("width", 16)}
              {num("height", 16)}
            </Space>
            <Form.Item label={t("wall.field.bezelMm")}>
              <Space>
                {sides.map((side) => (
                  <InputNumber
                    key={side}
                    min={0}
                    addonBefore={t(`wall.side.${side}`)}
                    value={draft.bezelMm[side]}
                    onChange={(v) => set({ bezelMm: { ...draft.bezelMm, [side]: v ?? 0 } })}
                  />
                ))}
              </Space>
            </Form.Item>
            <Form.Item label={t("wall.field.terminals")}>
              <Select
                mode="multiple"
                showSearch
                filterOption={false}
                onSearch={setSearch}
                placeholder={t("wall.chooseTerminals")}
                value={[...placed]}
                options={(terminals.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
                onChange={(ids: number[]) => {
                  const next = new Map(known);
                  for (const x of terminals.data?.list ?? []) next.set(x.id, x.name);
                  setKnown(next);
                  // A newly chosen terminal takes the first free cell; one dropped leaves its cell.
                  setDraft((d) => {
                    const screens = d.screens.filter((s) => ids.includes(s.terminalId));
                    for (const id of ids) {
                      if (screens.some((s) => s.terminalId === id)) continue;
                      const free = Array.from({ length: d.rows * d.cols }, (_, i) => i).find(
                        (i) => !screens.some((s) => s.row === Math.floor(i / d.cols) && s.col === i % d.cols),
                      );
                      if (free !== undefined)
                        screens.push({ terminalId: id, row: Math.floor(free / d.cols), col: free % d.cols });
                    }
                    return { ...d, screens };
                  });
                }}
                data-testid="wall-terminals"
              />
            </Form.Item>
          </Form>
        </Col>
        <Col span={14}>
          <Typography.Paragraph type="secondary">{t("wall.dragHint")}</Typography.Paragraph>
          <WallGrid wall={draft} names={known} onDrop={place} />
        </Col>
      </Row>
      {error ? (
        <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} data-testid="wall-error" />
      ) : null}
      <AuthButton
        type="primary"
        operation={EDIT}
        routePermission={VIEW}
        label={t("wall.save")}
        onClick={() => void save()}
        style={{ marginTop: 12 }}
        data-testid="wall-save"
      />
    </Card>
  );
}

function Figures({ label, f, target }: { label: string; f: WallSkewFigures; target: number }) {
  const { t } = useTranslation();
  const met = f.maxMs !== null && f.maxMs < target;
  return (
    <Space>
      <Typography.Text strong>{label}</Typography.Text>
      <span>
        {f.samples
          ? t("wall.skewFigures", { median: f.medianMs ?? "—", max: f.maxMs ?? "—", count: f.samples })
          : t("wall.skewNone")}
      </span>
      {f.samples ? (
        <Tag color={met ? "green" : "red"}>{t(met ? "wall.met" : "wall.notMet", { target })}</Tag>
      ) : null}
    </Space>
  );
}

/** What a wall plays, the program to publish to it, and the live skew between its screens. */
function WallDetail({ wall, onChanged }: { wall: Wall; onChanged: () => void }) {
  const { t } = useTranslation();
  const [programId, setProgramId] = useState<number>();
  const [lead, setLead] = useState<number>(SYNC_LEAD_SECONDS.default);
  const [error, setError] = useState<string | null>(null);
  const programs = useQuery({
    queryKey: ["wall", "programs"],
    queryFn: () => wallApi.programs({ pageNo: 1, pageSize: 100 }),
  });
  const skew = useQuery({
    queryKey: ["wall", "skew", wall.id],
    queryFn: () => wallApi.skew(wall.id),
    refetchInterval: 2000,
  });
  const names: Names = new Map(wall.screens.map((s) => [s.terminalId, s.terminalName ?? `#${s.terminalId}`]));
  // The program chosen to publish, else the one playing: drawn across the wall, cut by its bezels.
  const shownId = programId ?? wall.programId ?? null;
  const detail = useQuery({
    queryKey: ["program", "detail", shownId],
    queryFn: () => programApi.detail(shownId ?? 0, { silent: true }),
    enabled: shownId !== null,
  });
  const preview = useMemo<ProgramPreview | null>(() => {
    if (!detail.data) return null;
    const byId = new Map(detail.data.materials.map((m) => [m.id, m]));
    return { doc: detail.data.doc, media: (id: number) => mediaInfo(byId.get(id)) };
  }, [detail.data]);
  const publish = async () => {
    setError(null);
    if (!programId) return;
    try {
      await wallApi.publish({ id: wall.id, programId, leadSeconds: lead });
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const s = skew.data;
  return (
    <Card size="small" title={wall.name} data-testid="wall-detail">
      <Row gutter={24}>
        <Col span={12}>
          <WallGrid wall={wall} names={names} program={shownId !== null ? preview : null} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t("wall.size", { width: wall.width, height: wall.height, rows: wall.rows, cols: wall.cols })}
          </Typography.Paragraph>
        </Col>
        <Col span={12}>
          <Typography.Paragraph data-testid="wall-playing">
            {wall.programId !== null
              ? t("wall.playing", { name: wall.programName ?? `#${wall.programId}` })
              : t("wall.nothing")}
          </Typography.Paragraph>
          <Space wrap>
            <Select
              style={{ width: 240 }}
              placeholder={t("wall.chooseProgram")}
              value={programId}
              onChange={setProgramId}
              options={(programs.data?.list ?? []).map((p) => ({
                value: p.id,
                label: `${p.name} (${p.width}×${p.height})`,
              }))}
              data-testid="wall-program"
            />
            <InputNumber
              min={SYNC_LEAD_SECONDS.min}
              max={SYNC_LEAD_SECONDS.max}
              value={lead}
              onChange={(v) => setLead(v ?? SYNC_LEAD_SECONDS.default)}
              addonAfter={t("wall.leadSeconds")}
            />
            <AuthButton
              type="primary"
              operation={EDIT}
              routePermission={VIEW}
              label={t("wall.publish")}
              disabled={!programId}
              onClick={() => void publish()}
              data-testid="wall-publish"
            />
            <AuthButton
              danger
              operation={EDIT}
              routePermission={VIEW}
              label={t("wall.stop")}
              disabled={wall.programId === null}
              onClick={() => void wallApi.stop(wall.id).then(onChanged)}
            />
          </Space>
          {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} /> : null}
          <Card size="small" title={t("wall.skewTitle")} style={{ marginTop: 12 }} data-testid="wall-skew">
            {s ? (
              <Space direction="vertical">
                <Figures label={t("wall.sceneSkew")} f={s.sceneDevice} target={s.targetMs} />
                <Figures label={t("wall.videoSkew")} f={s.videoDevice} target={s.targetMs} />
              </Space>
            ) : null}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}

/**
 * Video walls (videoWalls, terminalMonitor/videoWalls): the walls of the
 * caller's range; a new one from chosen terminals arranged by dragging on
 * its grid, with its bezels and screen size; the chosen wall drawn cut by
 * its bezels, a program published to it, and the live skew of its screens.
 */
export default function VideoWallPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [current, setCurrent] = useState<number>();
  const list = useQuery({
    queryKey: ["wall", "list"],
    queryFn: () => wallApi.list({ pageNo: 1, pageSize: 100 }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ["wall", "list"] });
  const walls = list.data?.list ?? [];
  const chosen = walls.find((w) => w.id === current);
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="wall-page">
      <Card
        size="small"
        title={t("wall.title")}
        extra={
          <AuthButton
            operation={EDIT}
            routePermission={VIEW}
            label={t("wall.newWall")}
            onClick={() => setEditing({ ...NEW_WALL, name: t("wall.defaultName") })}
            data-testid="wall-new"
          />
        }
      >
        <Table
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={walls}
          pagination={false}
          onRow={(w) => ({ onClick: () => setCurrent(w.id), style: { cursor: "pointer" } })}
          columns={[
            { key: "name", title: t("wall.field.name"), dataIndex: "name" },
            { key: "grid", title: t("wall.grid"), render: (_, w: Wall) => `${w.rows} × ${w.cols}` },
            { key: "screens", title: t("wall.field.terminals"), render: (_, w: Wall) => w.screens.length },
            { key: "program", title: t("wall.program"), render: (_, w: Wall) => w.programName ?? "—" },
            {
              key: "actions",
              title: "",
              render: (_, w: Wall) => (
                <Space>
                  <AuthButton
                    size="small"
                    operation={EDIT}
                    routePermission={VIEW}
                    label={t("wall.edit")}
                    onClick={() =>
                      setEditing({
                        ...w,
                        screens: w.screens.map(({ terminalId, row, col }) => ({ terminalId, row, col })),
                      })
                    }
                  />
                  <AuthButton
                    size="small"
                    danger
                    operation={EDIT}
                    routePermission={VIEW}
                    label={t("wall.delete")}
                    onClick={() => void wallApi.remove(w.id).then(refresh)}
                  />
                </Space>
              ),
            },
          ]}
          data-testid="wall-table"
        />
      </Card>
      {editing ? (
        <WallEditor
          key={editing.id ?? "new"}
          initial={editing}
          names={
            new Map(walls.flatMap((w) => w.screens.map((s) => [s.terminalId, s.terminalName ?? ""] as const)))
          }
          onDone={(w) => {
            setEditing(null);
            setCurrent(w.id);
            refresh();
          }}
        />
      ) : null}
      {chosen ? <WallDetail key={chosen.id} wall={chosen} onChanged={refresh} /> : null}
    </Space>
  );
}
