import type { PlanItem, Segment, TimeWindow } from "@marquee/schedule";
import { Tooltip, theme } from "antd";
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { TIER_COLORS, withAlpha } from "./actions";
import { PROGRAM_DRAG_TYPE } from "./ProgramPicker";
import {
  type Block,
  clamp,
  DAY_MIN,
  type DayEffect,
  drawnWindow,
  hhmm,
  isoWeekday,
  layoutDays,
  minToPx,
  moveWindow,
  playsOneDay,
  pxToMin,
  resizeWindow,
  snap,
  spanToWindow,
  windowSpan,
} from "./timeline";
import { datesText, modeText, tierName, weekdayShort, weekdaysText, windowText } from "./words";
import type { DayPiece } from "./zone";
import "./plan.css";

/** A drag in progress; `origin` and `at` are minutes from the first shown day's midnight. */
type Gesture =
  | {
      kind: "move" | "start" | "end";
      block: Block;
      origin: number;
      at: number;
      x: number;
      y: number;
      moved: boolean;
    }
  | { kind: "create"; day: number; from: number; to: number; x: number; y: number; moved: boolean };

/** The hour lines labelled in the gutter (01:00 to 23:00). */
const HOURS = Array.from({ length: 23 }, (_, i) => (i + 1) * 60);

/** Pixels a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 4;

export interface TimelineProps {
  /** The shown dates (one for the day view, seven for the week view). */
  days: readonly string[];
  items: readonly PlanItem[];
  programName: (id: number) => string;
  /** Items in a same-tier overlap (outlined in red). */
  conflicted?: ReadonlySet<string>;
  selectedId?: string | null;
  pxPerHour: number;
  snapStep: number;
  /** Faint lines every this many minutes (hours have strong lines). */
  fineLines: number;
  height: number | string;
  readOnly?: boolean;
  /** The program chosen in the picker: a click on an empty slot places it for an hour. */
  armedProgramId?: number | null;
  /** Today's date (browser calendar): its column is marked and shows the time now. */
  today?: string;
  onSelect?: (id: string | null) => void;
  onChangeItem?: (item: PlanItem, effect: DayEffect) => void;
  onCreate?: (date: string, window: TimeWindow, programId: number | null) => void;
  onRemoveWindow?: (itemId: string, index: number) => void;
  /** Enter on a block: edit its item. */
  onOpenItem?: (id: string) => void;
  /** A day's header: open that day (week view). */
  onDayClick?: (date: string) => void;
  /** What plays (a terminal's preview), per shown day. */
  preview?: DayPiece<Segment>[][] | null;
  renderWhy?: (piece: DayPiece<Segment>, date: string) => ReactNode;
  testId?: string;
}

/** The item after a drag, and what the drag did to its days. */
function applyGesture(
  items: readonly PlanItem[],
  g: Gesture,
  step: number,
): { item: PlanItem; effect: DayEffect } | null {
  if (g.kind === "create") return null;
  const item = items[g.block.itemIndex];
  if (!item) return null;
  if (g.kind === "move") return moveWindow(item, g.block.windowIndex, g.at - g.origin, step);
  const at = g.at - g.block.startDay * DAY_MIN;
  return { item: resizeWindow(item, g.block.windowIndex, g.kind, at, step), effect: "none" };
}

/**
 * The calendar grid of a plan: the shown days as columns, the 24 hours down,
 * and every window of every item as a block coloured by its tier. Blocks move
 * and resize by dragging (snapped), or with the keyboard once focused; a drag
 * on an empty slot, or a program dropped from the picker, makes a new item.
 * Read-only, it only shows (and selects).
 */
export function Timeline(p: TimelineProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const scrollRef = useRef<HTMLDivElement>(null);
  const colsRef = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const gestureRef = useRef<Gesture | null>(null);
  const [dropDay, setDropDay] = useState<number | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const latest = useRef(p);
  latest.current = p;

  const n = p.days.length;
  const height = minToPx(DAY_MIN, p.pxPerHour);
  const live = gesture?.moved ? applyGesture(p.items, gesture, p.snapStep) : null;
  const shown = useMemo(() => {
    if (!live) return p.items;
    return p.items.map((i) => (i.id === live.item.id ? live.item : i));
  }, [p.items, live]);
  const columns = useMemo(() => layoutDays(shown, p.days), [shown, p.days]);

  // Working hours in view at first, and when the scale changes.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = minToPx(7 * 60, p.pxPerHour);
  }, [p.pxPerHour]);

  // A block moved with the keyboard may have changed columns: keep the focus on it.
  useLayoutEffect(() => {
    const key = pendingFocus.current;
    if (!key) return;
    pendingFocus.current = null;
    scrollRef.current?.querySelector<HTMLElement>(`[data-window="${key}"]`)?.focus();
  });

  /** The column and minute under the pointer. */
  const pointAt = (clientX: number, clientY: number) => {
    const rect = colsRef.current?.getBoundingClientRect();
    if (!rect) return { day: 0, min: 0, abs: 0 };
    const day = clamp(Math.floor(((clientX - rect.left) / rect.width) * n), 0, n - 1);
    const min = clamp(pxToMin(clientY - rect.top, p.pxPerHour), 0, DAY_MIN);
    return { day, min, abs: day * DAY_MIN + min };
  };

  const begin = (g: Gesture) => {
    gestureRef.current = g;
    setGesture(g);
  };

  // While a drag lasts, the window's pointer events drive it; Escape cancels it.
  const dragging = gesture !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers read the latest props through refs
  useEffect(() => {
    if (!dragging) return;
    const onMove = (e: PointerEvent) => {
      const g = gestureRef.current;
      if (!g) return;
      const moved = g.moved || Math.hypot(e.clientX - g.x, e.clientY - g.y) > DRAG_THRESHOLD;
      const pt = pointAt(e.clientX, e.clientY);
      const next: Gesture = g.kind === "create" ? { ...g, moved, to: pt.min } : { ...g, moved, at: pt.abs };
      gestureRef.current = next;
      setGesture(next);
    };
    const onUp = () => {
      const g = gestureRef.current;
      gestureRef.current = null;
      setGesture(null);
      if (!g) return;
      const props = latest.current;
      if (g.kind === "create") {
        const date = props.days[g.day];
        if (!date) return;
        if (g.moved)
          props.onCreate?.(date, drawnWindow(g.from, g.to, props.snapStep), props.armedProgramId ?? null);
        else if (props.armedProgramId)
          props.onCreate?.(date, drawnWindow(g.from, g.from, props.snapStep), props.armedProgramId);
        else props.onSelect?.(null);
        return;
      }
      if (!g.moved) return;
      const r = applyGesture(props.items, g, props.snapStep);
      const before = props.items[g.block.itemIndex];
      if (r && before && JSON.stringify(r.item) !== JSON.stringify(before))
        props.onChangeItem?.(r.item, r.effect);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      gestureRef.current = null;
      setGesture(null);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      window.removeEventListener("keydown", onKey);
    };
  }, [dragging]);

  const onBlockDown = (e: ReactPointerEvent, block: Block) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    p.onSelect?.(block.itemId);
    if (p.readOnly) return;
    e.preventDefault();
    const edge = (e.target as HTMLElement).dataset.edge as "start" | "end" | undefined;
    const pt = pointAt(e.clientX, e.clientY);
    begin({
      kind: edge ?? "move",
      block,
      origin: pt.abs,
      at: pt.abs,
      x: e.clientX,
      y: e.clientY,
      moved: false,
    });
  };

  const onColumnDown = (e: ReactPointerEvent, day: number) => {
    if (e.button !== 0 || p.readOnly) return;
    e.preventDefault();
    const pt = pointAt(e.clientX, e.clientY);
    begin({ kind: "create", day, from: pt.min, to: pt.min, x: e.clientX, y: e.clientY, moved: false });
  };

  const onBlockKey = (e: KeyboardEvent, block: Block) => {
    const item = p.items[block.itemIndex];
    if (!item) return;
    const wi = block.windowIndex;
    const change = (r: { item: PlanItem; effect: DayEffect }) => {
      e.preventDefault();
      pendingFocus.current = `${item.id}:${wi}`;
      p.onChangeItem?.(r.item, r.effect);
    };
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      p.onSelect?.(item.id);
      p.onOpenItem?.(item.id);
      return;
    }
    if (p.readOnly) return;
    const step = p.snapStep;
    const w = item.windows[wi];
    if (!w) return;
    if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      const sign = e.key === "ArrowUp" ? -1 : 1;
      if (e.shiftKey) {
        const { start, length } = windowSpan(w);
        change({ item: resizeWindow(item, wi, "end", start + length + sign * step, step), effect: "none" });
      } else change(moveWindow(item, wi, sign * step, step));
    } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      change(moveWindow(item, wi, (e.key === "ArrowLeft" ? -1 : 1) * DAY_MIN, step));
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      p.onRemoveWindow?.(item.id, wi);
    }
  };

  const onDragOver = (e: React.DragEvent, day: number) => {
    if (p.readOnly || !e.dataTransfer.types.includes(PROGRAM_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    if (dropDay !== day) setDropDay(day);
  };
  const onDrop = (e: React.DragEvent, day: number) => {
    setDropDay(null);
    const id = Number(e.dataTransfer.getData(PROGRAM_DRAG_TYPE));
    const date = p.days[day];
    if (p.readOnly || !Number.isInteger(id) || id <= 0 || !date) return;
    e.preventDefault();
    const { min } = pointAt(e.clientX, e.clientY);
    const start = clamp(snap(min, p.snapStep), 0, DAY_MIN - 60);
    p.onCreate?.(date, spanToWindow(start, 60), id);
  };

  const vars = {
    "--tl-border": token.colorBorderSecondary,
    "--tl-bg": token.colorBgContainer,
    "--tl-head-bg": token.colorBgElevated,
    "--tl-text": token.colorText,
    "--tl-muted": token.colorTextTertiary,
    "--tl-primary": token.colorPrimary,
    "--tl-error": token.colorError,
    "--tl-hover": token.colorFillTertiary,
    "--tl-block-edge": token.colorBorder,
  } as CSSProperties;
  const lines = `repeating-linear-gradient(to bottom, ${token.colorBorderSecondary} 0 1px, transparent 1px ${p.pxPerHour}px), repeating-linear-gradient(to bottom, ${token.colorFillQuaternary} 0 1px, transparent 1px ${minToPx(p.fineLines, p.pxPerHour)}px)`;
  const stripWidth = p.preview ? 15 : 0;
  const grid = { gridTemplateColumns: `repeat(${n}, minmax(${n > 1 ? 64 : 200}px, 1fr))` };
  const nowMin = (() => {
    const d = new Date();
    return d.getHours() * 60 + d.getMinutes();
  })();

  // The hint of a drag across days: what happens to the item's days.
  let hint: string | null = null;
  if (gesture?.moved && gesture.kind === "move" && live) {
    const item = p.items[gesture.block.itemIndex];
    if (live.effect === "ignored") hint = t("playPlan.timeline.keepsDays");
    else if (live.effect === "weekday" && item) hint = t("playPlan.timeline.movesDay");
  }

  const blockTip = (item: PlanItem, block: Block) => {
    const w = item.windows[block.windowIndex];
    return (
      <div style={{ maxWidth: 300 }}>
        <div style={{ fontWeight: 600 }}>{p.programName(item.programId)}</div>
        {w && <div>{windowText(t, w)}</div>}
        <div>{weekdaysText(t, item.weekdays)}</div>
        <div>{datesText(t, item)}</div>
        <div>
          {tierName(t, item.tier)} · {modeText(t, item.mode)}
        </div>
        {p.conflicted?.has(item.id) && <div>{t("playPlan.timeline.inConflict")}</div>}
        {!p.readOnly && (
          <div style={{ marginTop: 4, opacity: 0.85 }}>
            {t("playPlan.timeline.dragHelp")}{" "}
            {playsOneDay(item) ? t("playPlan.timeline.dragOneDay") : t("playPlan.timeline.dragManyDays")}
          </div>
        )}
      </div>
    );
  };

  return (
    <div className="mq-tl-wrap" style={{ height: p.height }}>
      <div
        ref={scrollRef}
        className="mq-tl"
        style={{ ...vars, height: "100%" }}
        data-testid={p.testId ?? "plan-timeline"}
      >
        <div className="mq-tl-head">
          <div className="mq-tl-corner">{n === 1 ? "" : t("playPlan.timeline.week")}</div>
          <div className="mq-tl-days" style={grid}>
            {p.days.map((date) => {
              const label = (
                <>
                  <div>{weekdayShort(t, isoWeekday(date))}</div>
                  <div>{date.slice(5)}</div>
                </>
              );
              return p.onDayClick ? (
                <button
                  key={date}
                  type="button"
                  className="mq-tl-dayhead"
                  data-clickable
                  data-today={date === p.today}
                  onClick={() => p.onDayClick?.(date)}
                  title={t("playPlan.timeline.openDay")}
                >
                  {label}
                </button>
              ) : (
                <div key={date} className="mq-tl-dayhead" data-today={date === p.today}>
                  {label}
                </div>
              );
            })}
          </div>
        </div>
        <div className="mq-tl-body" style={{ height }}>
          <div className="mq-tl-gutter">
            {HOURS.map((min) => (
              <span key={min} className="mq-tl-hour" style={{ top: minToPx(min, p.pxPerHour) }}>
                {hhmm(min)}
              </span>
            ))}
          </div>
          <div ref={colsRef} className="mq-tl-cols" style={grid}>
            {p.days.map((date, day) => (
              // A drawing surface for the pointer; the keyboard adds items from the Plan tab and moves blocks.
              // biome-ignore lint/a11y/noStaticElementInteractions: see above
              <div
                key={date}
                className="mq-tl-col"
                data-readonly={p.readOnly === true}
                data-drop={dropDay === day}
                style={{ backgroundImage: lines }}
                onPointerDown={(e) => onColumnDown(e, day)}
                onDragOver={(e) => onDragOver(e, day)}
                onDragLeave={() => setDropDay(null)}
                onDrop={(e) => onDrop(e, day)}
                data-testid="plan-timeline-day"
                data-date={date}
              >
                {(columns[day] ?? []).map((b) => {
                  const item = shown[b.itemIndex];
                  const w = item?.windows[b.windowIndex];
                  if (!item || !w) return null;
                  const color = TIER_COLORS[item.tier];
                  const h = minToPx(b.bottom - b.top, p.pxPerHour);
                  const inner = `(100% - ${stripWidth + 3}px)`;
                  const style: CSSProperties = {
                    top: minToPx(b.top, p.pxPerHour),
                    height: Math.max(h, 6),
                    left: `calc(${inner} * ${b.lane / b.lanes} + 2px)`,
                    width: `calc(${inner} / ${b.lanes} - 2px)`,
                    background: withAlpha(color, 0.24),
                    borderLeftColor: color,
                  };
                  const active =
                    gesture?.kind !== "create" && gesture?.moved && gesture.block.itemId === item.id;
                  const label = `${p.programName(item.programId)}, ${weekdayShort(t, isoWeekday(date))} ${windowText(t, w)}, ${tierName(t, item.tier)}`;
                  return (
                    <Tooltip
                      key={`${item.id}:${b.windowIndex}:${b.fromPrevDay}`}
                      title={blockTip(item, b)}
                      mouseEnterDelay={0.6}
                      open={gesture ? false : undefined}
                    >
                      {/* biome-ignore lint/a11y/useSemanticElements: a block holds its own resize handles, which a <button> may not */}
                      <div
                        role="button"
                        tabIndex={0}
                        aria-label={label}
                        aria-pressed={p.selectedId === item.id}
                        className="mq-tl-block"
                        style={{ ...style, opacity: active ? 0.85 : 1 }}
                        data-window={`${item.id}:${b.windowIndex}`}
                        data-selected={p.selectedId === item.id}
                        data-conflict={p.conflicted?.has(item.id) === true}
                        data-from-prev={b.fromPrevDay}
                        data-to-next={b.toNextDay}
                        data-readonly={p.readOnly === true}
                        data-testid="plan-block"
                        data-item={item.id}
                        data-tier={item.tier}
                        onPointerDown={(e) => onBlockDown(e, b)}
                        onKeyDown={(e) => onBlockKey(e, b)}
                        onFocus={() => p.onSelect?.(item.id)}
                      >
                        {!p.readOnly && !b.fromPrevDay && (
                          <div className="mq-tl-handle" data-edge="start" aria-hidden />
                        )}
                        <div className="mq-tl-block-name">
                          {b.fromPrevDay ? "↳ " : ""}
                          {p.programName(item.programId)}
                        </div>
                        {h >= 30 && <div className="mq-tl-block-time">{windowText(t, w)}</div>}
                        {!p.readOnly && !b.toNextDay && (
                          <div className="mq-tl-handle" data-edge="end" aria-hidden />
                        )}
                      </div>
                    </Tooltip>
                  );
                })}
                {gesture?.kind === "create" && gesture.moved && gesture.day === day && (
                  <Ghost from={gesture.from} to={gesture.to} step={p.snapStep} pxPerHour={p.pxPerHour} />
                )}
                {p.preview?.[day]?.map((piece) => (
                  <Tooltip
                    key={`${piece.top}-${piece.bottom}`}
                    title={p.renderWhy?.(piece, date)}
                    placement="left"
                  >
                    <div
                      className="mq-tl-strip"
                      data-testid="plan-preview-piece"
                      data-tier={piece.value.tier ?? "none"}
                      style={{
                        top: minToPx(piece.top, p.pxPerHour),
                        height: Math.max(2, minToPx(piece.bottom - piece.top, p.pxPerHour)),
                        background: piece.value.tier
                          ? TIER_COLORS[piece.value.tier]
                          : `repeating-linear-gradient(45deg, ${token.colorFillSecondary} 0 3px, transparent 3px 6px)`,
                        outline: piece.value.messages.some((m) => m.doc.priority === "emergency")
                          ? `2px solid ${token.colorError}`
                          : undefined,
                      }}
                      onPointerDown={(e) => e.stopPropagation()}
                    />
                  </Tooltip>
                ))}
                {date === p.today && (
                  <div className="mq-tl-now" style={{ top: minToPx(nowMin, p.pxPerHour) }} />
                )}
              </div>
            ))}
          </div>
        </div>
      </div>
      {hint && (
        <div className="mq-tl-hint" style={vars} role="status">
          {hint}
        </div>
      )}
    </div>
  );
}

/** The window being drawn on an empty slot, with its times. */
function Ghost({ from, to, step, pxPerHour }: { from: number; to: number; step: number; pxPerHour: number }) {
  const w = drawnWindow(from, to, step);
  const { start, length } = windowSpan(w);
  return (
    <div
      className="mq-tl-ghost"
      style={{ top: minToPx(start, pxPerHour), height: minToPx(length, pxPerHour) }}
    >
      {w.start}–{w.end}
    </div>
  );
}
