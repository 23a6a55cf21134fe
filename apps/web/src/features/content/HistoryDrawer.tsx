import { useQuery } from "@tanstack/react-query";
import { Drawer, Empty, Space, Spin, Timeline, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../program/format";

/** What differs between the history drawers of the content kinds. */
export interface HistoryKind<E extends HistoryLine> {
  /** The kind's catalogue prefix: it holds history.title, empty, by, unknown and note. */
  keys: string;
  /** The query key's first part (the kind's queries are refreshed together). */
  queryKey: string;
  /** The timeline's test id. */
  testId: string;
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
  const history = useQuery({
    queryKey: [kind.queryKey, "history", item?.id],
    queryFn: () => kind.load(item?.id ?? 0),
    enabled: item !== null,
  });
  const lines = history.data?.list ?? [];
  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      size={480}
      title={item ? t(`${kind.keys}.history.title`, { name: item.name }) : ""}
      destroyOnHidden
    >
      <Spin spinning={history.isFetching}>
        {lines.length === 0 && !history.isFetching ? (
          <Empty description={t(`${kind.keys}.history.empty`)} />
        ) : (
          <Timeline
            data-testid={kind.testId}
            items={lines.map((l, i) => ({
              key: `${l.at}-${i}`,
              color: kind.colour?.(l),
              title: formatTime(l.at),
              content: (
                <Space orientation="vertical" size={2}>
                  {kind.change(l, t)}
                  <Typography.Text type="secondary">
                    {t(`${kind.keys}.history.by`, { name: l.byName ?? t(`${kind.keys}.history.unknown`) })}
                  </Typography.Text>
                  {l.note && (
                    <Typography.Text>{t(`${kind.keys}.history.note`, { note: l.note })}</Typography.Text>
                  )}
                </Space>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
