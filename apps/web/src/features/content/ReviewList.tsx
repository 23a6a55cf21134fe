import type { ContentState } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Space } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FitColumns } from "../../components/fitColumns";
import {
  REVIEW_PAGE_SIZE,
  type ReviewKind,
  ReviewLayout,
  type ReviewView,
} from "../../components/ReviewLayout";
import type { Page } from "../../services/http";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { DecisionModal, type DecisionTarget, NoteModal } from "./ReviewDialogs";
import { ReviewRowActions } from "./ReviewToolbar";

/** What every reviewed item shows in a review list. */
export interface Reviewable {
  id: number;
  name: string;
  state: ContentState;
  creatorName: string | null;
  updateDate: string;
}

export interface ReviewListProps<T extends Reviewable> {
  /** The kind reviewed: the screen's title. */
  kind: ReviewKind;
  /** The react-query key of the kind (its lists refresh after a decision). */
  queryKey: string;
  permission: string;
  api: {
    checklist: (q: {
      pageNo: number;
      pageSize: number;
      name?: string;
      state: ContentState;
    }) => Promise<Page<T>>;
    decide: (ids: number[], result: DecisionTarget["result"], note: string) => Promise<unknown>;
    note: (id: number, note: string) => Promise<unknown>;
  };
  /** The kind's own columns, before state, author, change time and actions; `open` shows an item. */
  columns: (open: (row: T) => void) => FitColumns<T>;
  /** The action button that shows an item (preview, play). */
  openAction: { label: string; icon: ReactNode; testId: string };
  /** The item shown (null: closed), with the row's decision buttons as its footer. */
  renderOpen: (row: T | null, close: () => void, footer: ReactNode) => ReactNode;
  renderHistory: (row: T | null, close: () => void) => ReactNode;
}

/**
 * A review screen (programs, messages): pending items by default, the
 * decided ones on request, an item shown before deciding, approve or reject
 * one or a selection with a note, notes and history. The server refuses a
 * reviewer approving their own submission; the decision dialog shows it.
 */
export function ReviewList<T extends Reviewable>(props: ReviewListProps<T>) {
  const { kind, queryKey, permission, api, openAction } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [view, setView] = useState<ReviewView>("pending");
  const [name, setName] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: REVIEW_PAGE_SIZE });
  const [selected, setSelected] = useState<Map<number, T>>(() => new Map());
  const [open, setOpen] = useState<T | null>(null);
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [noteOn, setNoteOn] = useState<T | null>(null);
  const [historyOf, setHistoryOf] = useState<T | null>(null);

  const query = { ...page, name: name.trim() || undefined, state: view };
  const list = useQuery({
    queryKey: [queryKey, "checklist", query],
    queryFn: () => api.checklist(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [queryKey] });

  const ask = (result: DecisionTarget["result"], rows: T[]) =>
    setTarget({ result, ids: rows.map((r) => r.id), names: rows.map((r) => r.name) });

  const done = (decided: DecisionTarget) => {
    void message.success(
      decided.result === "approved"
        ? t("publishMessage.review.approved", { count: decided.ids.length })
        : t("publishMessage.review.rejected", { count: decided.ids.length }),
    );
    setSelected((s) => new Map([...s].filter(([id]) => !decided.ids.includes(id))));
    if (open && decided.ids.includes(open.id)) setOpen(null);
    refresh();
  };

  const rowActions = (r: T) => (
    <ReviewRowActions
      pending={r.state === "pending"}
      permission={permission}
      onDecide={(result) => ask(result, [r])}
      onNote={() => setNoteOn(r)}
      onHistory={() => setHistoryOf(r)}
    />
  );

  const columns: FitColumns<T> = [
    ...props.columns(setOpen),
    {
      key: "state",
      title: t("publishMessage.list.columns.state"),
      width: 130,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      key: "author",
      drop: 1,
      title: t("publishMessage.review.author"),
      width: 120,
      render: (_, r) => r.creatorName ?? "",
    },
    {
      key: "changed",
      drop: 2,
      title: t("publishMessage.review.changed"),
      width: 160,
      render: (_, r) => formatTime(r.updateDate),
    },
    {
      key: "actions",
      title: t("publishMessage.list.columns.actions"),
      width: 300,
      fixed: "right",
      render: (_, r) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            icon={openAction.icon}
            onClick={() => setOpen(r)}
            data-testid={openAction.testId}
          >
            {openAction.label}
          </Button>
          {rowActions(r)}
        </Space>
      ),
    },
  ];

  return (
    <ReviewLayout<T>
      kind={kind}
      rows={list.data?.list ?? []}
      total={list.data?.total ?? 0}
      loading={list.isFetching}
      onRefresh={refresh}
      page={page}
      onPage={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
      onSearch={(v) => {
        setName(v);
        setPage((p) => ({ ...p, pageNo: 1 }));
      }}
      view={view}
      onView={(v) => {
        setView(v);
        setSelected(new Map());
        setPage((p) => ({ ...p, pageNo: 1 }));
      }}
      selected={selected}
      onSelect={setSelected}
      permission={permission}
      onDecide={(result) => ask(result, [...selected.values()])}
      columns={columns}
    >
      {props.renderOpen(open, () => setOpen(null), open ? rowActions(open) : null)}
      <DecisionModal target={target} decide={api.decide} onClose={() => setTarget(null)} onDone={done} />
      <NoteModal
        target={noteOn}
        send={api.note}
        onClose={() => setNoteOn(null)}
        onDone={() => {
          void message.success(t("publishMessage.review.noteSaved"));
          refresh();
        }}
      />
      {props.renderHistory(historyOf, () => setHistoryOf(null))}
    </ReviewLayout>
  );
}
