import {
  ArrowLeftOutlined,
  LeftOutlined,
  RedoOutlined,
  RightOutlined,
  SaveOutlined,
  UndoOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import type { PlanDoc, PlanItem, TimeWindow } from "@marquee/schedule";
import {
  addItem,
  duplicateItem,
  firstShownDay,
  makeItem,
  removeItem,
  removeWindow,
  replaceItem,
} from "@marquee/schedule";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  App,
  Badge,
  Button,
  DatePicker,
  Divider,
  Input,
  Segmented,
  Space,
  Tabs,
  Tooltip,
  Typography,
  theme,
} from "antd";
import dayjs from "dayjs";
import { type Dispatch, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { HttpError } from "../../services/http";
import { StateTag } from "../program/StateTag";
import { AddItemModal, type PendingItem } from "./AddItemModal";
import { type PlanProgram, PlanVersionConflict, type PlanVersionInfo, planApi, scheduleApi } from "./api";
import { ConflictList, conflictText } from "./ConflictList";
import { isDirty, type PlanEditorAction, type PlanEditorState } from "./editorState";
import { ItemPanel } from "./ItemPanel";
import { newItemPlace, nextPlayOf, nextPlayText } from "./nextPlay";
import { PlanPanel } from "./PlanPanel";
import { PreviewBar, WhyTip } from "./Preview";
import { ProgramPicker } from "./ProgramPicker";
import { conflictedIds, conflictsOf, previewPieces, UNSAVED_PLAN_ID, withDraft } from "./resolver";
import { Timeline } from "./Timeline";
import { addDays, datesFrom, isoWeekday, type SnapStep, weekStart } from "./timeline";
import { useLeaveGuard } from "./useLeaveGuard";
import { type ConflictChoice, VersionConflictModal } from "./VersionConflictModal";
import { planIssues, serverIssues } from "./validation";

type View = "week" | "day";
type PanelTab = "item" | "plan" | "conflicts";

const SCALE: Record<View, { pxPerHour: number; fineLines: number; snap: SnapStep }> = {
  week: { pxPerHour: 44, fineLines: 30, snap: 15 },
  day: { pxPerHour: 104, fineLines: 15, snap: 5 },
};

const today = () => dayjs().format("YYYY-MM-DD");

/** Whether a key press happens in a text field (its own undo applies there). */
const inTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA"].includes(target.tagName) || target.role === "combobox");

/**
 * The plan workspace: the programs to place on the left, the day or week
 * timeline in the middle (with the "what plays when" preview), the selected
 * item, the plan's items and its overlaps on the right. Undo/redo, Ctrl+S,
 * version conflicts and a guard against leaving with unsaved work.
 */
export function PlanEditor({
  state,
  dispatch,
  known,
  onKnown,
  height,
}: {
  state: PlanEditorState;
  dispatch: Dispatch<PlanEditorAction>;
  known: ReadonlyMap<number, PlanProgram>;
  onKnown: (programs: PlanProgram[]) => void;
  height: string;
}) {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const doc = state.history.present;
  const dirty = isDirty(state);

  const [view, setView] = useState<View>("week");
  const [anchor, setAnchor] = useState(() => firstShownDay(doc, today()));
  const [snapStep, setSnapStep] = useState<SnapStep>(SCALE.week.snap);
  const [tab, setTab] = useState<PanelTab>("plan");
  const [armed, setArmed] = useState<PlanProgram | null>(null);
  const [pending, setPending] = useState<PendingItem | null>(null);
  const [saving, setSaving] = useState(false);
  const [versionConflict, setVersionConflict] = useState<PlanVersionInfo | null>(null);
  const [terminalId, setTerminalId] = useState<number | null>(null);

  const programName = useCallback(
    (id: number) => known.get(id)?.name ?? t("playPlan.programN", { id }),
    [known, t],
  );
  const days = useMemo(() => (view === "week" ? datesFrom(weekStart(anchor), 7) : [anchor]), [view, anchor]);
  const conflicts = useMemo(() => conflictsOf(doc.items), [doc.items]);
  const conflicted = useMemo(() => conflictedIds(conflicts.list), [conflicts.list]);
  const selected = doc.items.find((i) => i.id === state.selectedId) ?? null;

  // ---- edits ----
  const edit = useCallback(
    (next: PlanDoc, select?: string | null) => dispatch({ type: "edit", doc: next, select }),
    [dispatch],
  );
  const select = useCallback(
    (id: string | null) => {
      dispatch({ type: "select", id });
      if (id) setTab("item");
    },
    [dispatch],
  );
  const createItem = (program: PlanProgram, where: PendingItem) => {
    onKnown([program]);
    const item = makeItem(doc, program.id, where.date, where.weekdays, where.window);
    edit(addItem(doc, item), item.id);
    setTab("item");
  };
  const onCreate = (date: string, window: TimeWindow, programId: number | null) => {
    const where = { date, weekdays: [isoWeekday(date)], window };
    const program = programId !== null ? known.get(programId) : undefined;
    if (program) createItem(program, where);
    else setPending(where);
  };
  const onChangeItem = (item: PlanItem, effect: string) => {
    edit(replaceItem(doc, item), item.id);
    if (effect === "ignored") void message.info(t("playPlan.timeline.keepsDays"));
  };

  // ---- saving ----
  const latest = useRef({ state, doc });
  latest.current = { state, doc };

  const showIssues = useCallback(
    (lines: string[]) =>
      notification.error({
        key: "plan-invalid",
        title: t("playPlan.save.invalid"),
        description: (
          <ul style={{ paddingLeft: 16, margin: 0 }} data-testid="plan-issues">
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ),
        duration: 0,
        placement: "bottomRight",
      }),
    [notification, t],
  );

  const guardRef = useRef<ReturnType<typeof useLeaveGuard> | null>(null);

  const save = useCallback(
    async (how: { force?: boolean; copyName?: string } = {}) => {
      const { state: s, doc: d } = latest.current;
      const name = how.copyName ?? s.name.trim();
      const issues = planIssues(t, name, d, programName);
      if (issues.length > 0) {
        showIssues(issues);
        return;
      }
      notification.destroy("plan-invalid");
      setSaving(true);
      try {
        const body =
          how.copyName !== undefined || s.id === null
            ? { name, doc: d }
            : { id: s.id, version: s.version, force: how.force, name, doc: d };
        const r = await planApi.save(body);
        dispatch({ type: "saved", id: r.id, version: r.version, state: r.state, doc: d, name });
        if (how.copyName !== undefined) dispatch({ type: "name", name });
        setVersionConflict(null);
        if (r.conflicts.length > 0)
          void message.warning(t("playPlan.save.savedWithConflicts", { count: r.conflicts.length }));
        else void message.success(t("playPlan.save.saved"));
        if (r.id !== s.id)
          guardRef.current?.replaceUrl(() => navigate(`${location.pathname}?id=${r.id}`, { replace: true }));
      } catch (e) {
        if (e instanceof PlanVersionConflict) setVersionConflict(e.current);
        else if (e instanceof HttpError && e.status === 400 && e.fieldErrors.length > 0)
          showIssues(serverIssues(t, e.fieldErrors, d, programName));
        else if (!(e instanceof HttpError && e.message === "logout"))
          void message.error(
            t("playPlan.save.failed", { message: e instanceof Error ? e.message : String(e) }),
          );
      } finally {
        setSaving(false);
      }
    },
    [t, programName, showIssues, notification, dispatch, message, navigate, location.pathname],
  );

  const chooseOnConflict = async (choice: ConflictChoice) => {
    const s = latest.current.state;
    if (choice === "overwrite") return save({ force: true });
    if (choice === "copy")
      return save({ copyName: t("playPlan.conflict.copyName", { name: s.name }).slice(0, 100) });
    if (s.id === null) return;
    try {
      const d = await planApi.detail(s.id);
      onKnown(d.programs);
      dispatch({
        type: "load",
        id: d.plan.id,
        version: d.plan.version,
        state: d.plan.state,
        name: d.plan.name,
        doc: d.doc,
      });
      setVersionConflict(null);
      void message.success(t("playPlan.conflict.loaded"));
    } catch {
      // shown by the http client
    }
  };

  // ---- leaving ----
  const confirmLeave = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t("playPlan.leave.title"),
          content: t("playPlan.leave.body"),
          okText: t("playPlan.leave.discard"),
          okButtonProps: { danger: true },
          cancelText: t("playPlan.leave.stay"),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
  const guard = useLeaveGuard(dirty, confirmLeave);
  guardRef.current = guard;
  const back = async () => {
    if (dirty && !(await confirmLeave())) return;
    guard.leave(() => navigate("/playPlan/list"));
  };

  // ---- keyboard: save, undo, redo ----
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === "s") {
        e.preventDefault();
        void save();
      } else if (key === "z" && !inTextField(e.target)) {
        e.preventDefault();
        dispatch({ type: e.shiftKey ? "redo" : "undo" });
      } else if (key === "y" && !inTextField(e.target)) {
        e.preventDefault();
        dispatch({ type: "redo" });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save, dispatch]);

  // ---- preview ----
  const schedule = useQuery({
    queryKey: ["plan", "terminalSchedule", terminalId],
    queryFn: () => scheduleApi.ofTerminal(terminalId ?? 0),
    enabled: terminalId !== null,
  });
  const previewNames = useMemo(
    () => new Map((schedule.data?.programs ?? []).map((p) => [p.id, p.name])),
    [schedule.data],
  );
  const draftPlanId = state.id ?? UNSAVED_PLAN_ID;
  const preview = useMemo(() => {
    const data = schedule.data;
    if (terminalId === null || !data) return { pieces: null, error: null };
    try {
      const plans = withDraft(data.schedule, { planId: state.id, name: state.name, doc });
      return {
        pieces: previewPieces({ plans, messages: data.messages, timezone: data.timezone }, days),
        error: null,
      };
    } catch (e) {
      return { pieces: null, error: e instanceof Error ? e.message : String(e) };
    }
  }, [schedule.data, terminalId, state.id, state.name, doc, days]);
  const previewName = useCallback(
    (id: number) => known.get(id)?.name ?? previewNames.get(id) ?? t("playPlan.programN", { id }),
    [known, previewNames, t],
  );
  const previewStatus = schedule.isFetching
    ? t("playPlan.preview.loading")
    : schedule.isError
      ? t("playPlan.preview.failed", {
          message: schedule.error instanceof Error ? schedule.error.message : "",
        })
      : preview.error
        ? t("playPlan.preview.failed", { message: preview.error })
        : null;

  // ---- layout ----
  const stateNote =
    state.id !== null && state.state !== "draft" && state.state !== "rejected"
      ? t("playPlan.make.backToDraft")
      : null;
  const selectedConflicts = selected
    ? conflicts.list
        .filter((c) => c.a === selected.id || c.b === selected.id)
        .map((c) => conflictText(t, c, doc.items, programName))
    : [];
  // When the selected item plays next, on the chosen screen's clock (else the browser's), kept current by the minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const zone = schedule.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const selectedNext = useMemo(() => {
    if (!selected) return null;
    try {
      return nextPlayText(t, nextPlayOf(selected, now, zone), zone);
    } catch {
      return null;
    }
  }, [selected, now, zone, t]);
  const scale = SCALE[view];
  const switchView = (v: View) => {
    setView(v);
    setSnapStep(SCALE[v].snap);
  };
  const step = view === "week" ? 7 : 1;

  return (
    <div
      style={{ display: "flex", flexDirection: "column", gap: 8, height, minHeight: 560 }}
      data-testid="plan-editor"
    >
      <div style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" }}>
        <Tooltip title={t("playPlan.make.back")}>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => void back()}
            aria-label={t("playPlan.make.back")}
          />
        </Tooltip>
        <Input
          value={state.name}
          onChange={(e) => dispatch({ type: "name", name: e.target.value })}
          maxLength={100}
          status={state.name.trim() ? undefined : "error"}
          placeholder={t("playPlan.make.namePlaceholder")}
          aria-label={t("playPlan.make.name")}
          style={{ width: 260 }}
          data-testid="plan-name"
        />
        {state.id !== null && <StateTag state={state.state} />}
        <Typography.Text type={dirty ? "warning" : "secondary"} data-testid="plan-save-state">
          {saving
            ? t("playPlan.save.saving")
            : dirty
              ? t("playPlan.save.unsaved")
              : state.id === null
                ? t("playPlan.save.new")
                : t("playPlan.save.clean")}
        </Typography.Text>
        <Divider orientation="vertical" />
        <Tooltip title={t("playPlan.make.undo")}>
          <Button
            icon={<UndoOutlined />}
            disabled={state.history.past.length === 0}
            onClick={() => dispatch({ type: "undo" })}
            aria-label={t("playPlan.make.undo")}
            data-testid="plan-undo"
          />
        </Tooltip>
        <Tooltip title={t("playPlan.make.redo")}>
          <Button
            icon={<RedoOutlined />}
            disabled={state.history.future.length === 0}
            onClick={() => dispatch({ type: "redo" })}
            aria-label={t("playPlan.make.redo")}
            data-testid="plan-redo"
          />
        </Tooltip>
        <Divider orientation="vertical" />
        <Segmented<View>
          value={view}
          onChange={switchView}
          options={[
            { value: "day", label: t("playPlan.make.dayView") },
            { value: "week", label: t("playPlan.make.weekView") },
          ]}
          data-testid="plan-view"
        />
        <Space.Compact>
          <Button
            icon={<LeftOutlined />}
            onClick={() => setAnchor((a) => addDays(a, -step))}
            aria-label={view === "week" ? t("playPlan.make.prevWeek") : t("playPlan.make.prevDay")}
          />
          <Button onClick={() => setAnchor(today())}>{t("playPlan.make.today")}</Button>
          <Button
            icon={<RightOutlined />}
            onClick={() => setAnchor((a) => addDays(a, step))}
            aria-label={view === "week" ? t("playPlan.make.nextWeek") : t("playPlan.make.nextDay")}
          />
        </Space.Compact>
        <DatePicker
          value={dayjs(anchor)}
          allowClear={false}
          format="YYYY-MM-DD"
          onChange={(d) => d && setAnchor(d.format("YYYY-MM-DD"))}
          aria-label={t("playPlan.make.goTo")}
          style={{ width: 130 }}
        />
        <Tooltip title={t("playPlan.make.snapHelp")}>
          <Segmented<SnapStep>
            value={snapStep}
            onChange={setSnapStep}
            options={[
              { value: 5, label: t("playPlan.make.snapN", { n: 5 }) },
              { value: 15, label: t("playPlan.make.snapN", { n: 15 }) },
            ]}
            aria-label={t("playPlan.make.snap")}
          />
        </Tooltip>
        <div style={{ flex: 1 }} />
        {conflicts.list.length > 0 && (
          <Button
            danger
            icon={<WarningOutlined />}
            onClick={() => setTab("conflicts")}
            data-testid="plan-conflict-count"
          >
            {t("playPlan.conflicts.count", { count: conflicts.list.length })}
          </Button>
        )}
        <Tooltip title={t("playPlan.make.saveKey")}>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void save()}
            data-testid="plan-save"
          >
            {t("common.save")}
          </Button>
        </Tooltip>
      </div>
      {stateNote && <Alert type="info" showIcon title={stateNote} style={{ padding: "4px 12px" }} />}
      <PreviewBar
        terminalId={terminalId}
        onTerminal={setTerminalId}
        timezone={schedule.data?.timezone ?? null}
        status={previewStatus}
      />
      <div style={{ display: "flex", gap: 12, flex: 1, minHeight: 0 }}>
        <aside
          style={{ width: 200, flex: "none", minHeight: 0, display: "flex", flexDirection: "column" }}
          aria-label={t("playPlan.picker.title")}
        >
          <ProgramPicker armed={armed?.id ?? null} onArm={setArmed} onKnown={onKnown} />
        </aside>
        <main style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          <Timeline
            days={days}
            items={doc.items}
            programName={programName}
            conflicted={conflicted}
            selectedId={state.selectedId}
            pxPerHour={scale.pxPerHour}
            fineLines={scale.fineLines}
            snapStep={snapStep}
            height="100%"
            armedProgramId={armed?.id ?? null}
            today={today()}
            onSelect={select}
            onChangeItem={onChangeItem}
            onCreate={onCreate}
            onRemoveWindow={(id, i) => edit(removeWindow(doc, id, i))}
            onOpenItem={() => setTab("item")}
            onDayClick={
              view === "week"
                ? (date) => {
                    setAnchor(date);
                    switchView("day");
                  }
                : undefined
            }
            preview={preview.pieces}
            renderWhy={(piece, date) => (
              <WhyTip piece={piece} date={date} programName={previewName} draftPlanId={draftPlanId} />
            )}
          />
        </main>
        <aside
          style={{
            width: 320,
            flex: "none",
            minHeight: 0,
            overflowY: "auto",
            borderLeft: `1px solid ${token.colorBorderSecondary}`,
            paddingLeft: 12,
          }}
          aria-label={t("playPlan.make.details")}
        >
          <Tabs
            size="small"
            activeKey={tab}
            onChange={(k) => setTab(k as PanelTab)}
            items={[
              {
                key: "item",
                label: t("playPlan.make.tabItem"),
                children: selected ? (
                  <ItemPanel
                    item={selected}
                    known={known}
                    conflicts={selectedConflicts}
                    onChange={(item) => edit(replaceItem(doc, item))}
                    onProgram={(p) => onKnown([p])}
                    onRemove={() => edit(removeItem(doc, selected.id), null)}
                    onDuplicate={() => {
                      const r = duplicateItem(doc, selected.id);
                      edit(r.doc, r.id);
                    }}
                    snapStep={snapStep}
                    next={selectedNext}
                  />
                ) : (
                  <Typography.Paragraph type="secondary">
                    {t("playPlan.make.noSelection")}
                  </Typography.Paragraph>
                ),
              },
              {
                key: "plan",
                label: t("playPlan.make.tabPlan"),
                children: (
                  <PlanPanel
                    doc={doc}
                    known={known}
                    programName={programName}
                    conflicted={conflicted}
                    selectedId={state.selectedId}
                    onDefault={(id) => edit({ ...doc, defaultProgramId: id })}
                    onProgram={(p) => onKnown([p])}
                    onSelect={select}
                    onAdd={() => setPending(newItemPlace(today()))}
                  />
                ),
              },
              {
                key: "conflicts",
                label: (
                  <Badge count={conflicts.list.length} size="small" offset={[8, -2]}>
                    <span>{t("playPlan.make.tabConflicts")}</span>
                  </Badge>
                ),
                children: (
                  <ConflictList
                    conflicts={conflicts.list}
                    error={conflicts.error}
                    items={doc.items}
                    programName={programName}
                    onSelect={select}
                  />
                ),
              },
            ]}
          />
        </aside>
      </div>
      <AddItemModal pending={pending} known={known} onAdd={createItem} onClose={() => setPending(null)} />
      <VersionConflictModal
        conflict={versionConflict}
        onChoose={chooseOnConflict}
        onClose={() => setVersionConflict(null)}
      />
    </div>
  );
}
