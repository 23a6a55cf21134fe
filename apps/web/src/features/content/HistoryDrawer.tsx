import { useQuery } from "@tanstack/react-query";
import { Drawer, Empty, Space, Spin, Timeline, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../program/format";
import type { ContentKind } from "./kind";

/** What differs between the history drawers of the content kinds. */
export interface HistoryKind<E extends HistoryLine> {
  /** The kind: its catalogue holds history.title, empty, by, unknown and note; the timeline is `<testId>-history`. */
  content: ContentKind;
  load: (id: number) => Promise<{ list: E[] }>;
  /** What happened, above who did it: the event and the change of state as the kind shows them. */
  change: (line: E, t: TFunction) => ReactNode;
  /** The line's dot colour, when the kind marks some lines. */
  colour?: (line: E) => string | undefined;
}

/** What every history line has: when, who, and the note left with it. */
export interface HistoryLine {
  at: string;
  byName: string | null;
  note: string | null;
}

/** The history of one item of content, newest first as the server sends it: what happened, who, when, the note. */
export function HistoryDrawer<E extends HistoryLine>({
  kind,
  item,
  onClose,
}: {
  kind: HistoryKind<E>;
  item: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { keys, queryKey, testId } = kind.content;
  const history = useQuery({
    queryKey: [queryKey, "history", item?.id],
    queryFn: () => kind.load(item?.id ?? 0),
    enabled: item !== null,
  });
  const lines = history.data?.list ?? [];
  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      size={480}
      title={item ? t(`${keys}.history.title`, { name: item.name }) : ""}
      destroyOnHidden
    >
      <Spin spinning={history.isFetching}>
        {lines.length === 0 && !history.isFetching ? (
          <Empty description={t(`${keys}.history.empty`)} />
        ) : (
          <Timeline
            data-testid={`${testId}-history`}
            items={lines.map((l, i) => ({
              key: `${l.at}-${i}`,
              color: kind.colour?.(l),
              title: formatTime(l.at),
              content: (
                <Space orientation="vertical" size={2}>
                  {kind.change(l, t)}
                  <Typography.Text type="secondary">
                    {t(`${keys}.history.by`, { name: l.byName ?? t(`${keys}.history.unknown`) })}
                  </Typography.Text>
                  {l.note && <Typography.Text>{t(`${keys}.history.note`, { note: l.note })}</Typography.Text>}
                </Space>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
