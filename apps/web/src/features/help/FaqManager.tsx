import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  PlusOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from "@ant-design/icons";
import { type CommonProblem, type FAQ_MOVES, LOCALES } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { FAQ_PERMISSIONS, helpApi } from "./api";
import { FaqDialog } from "./FaqDialog";

const NO_ROWS: CommonProblem[] = [];
type Move = (typeof FAQ_MOVES)[number];
/** The move buttons, in the order they read. */
const MOVES: readonly Move[] = ["top", "up", "down", "bottom"];
const MOVE_ICONS: Record<Move, ReactNode> = {
  top: <VerticalAlignTopOutlined />,
  up: <ArrowUpOutlined />,
  down: <ArrowDownOutlined />,
  bottom: <VerticalAlignBottomOutlined />,
};

/** The editors' table of the FAQ: every entry in every language; add, edit, enable, reorder, delete. */
export function FaqManager({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [query, setQuery] = useState({
    keyword: "",
    lang: undefined as string | undefined,
    enabled: undefined as boolean | undefined,
    pageNo: 1,
    pageSize: 10,
  });
  const [dialog, setDialog] = useState<{ open: boolean; problem: CommonProblem | null }>({
    open: false,
    problem: null,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const list = useQuery({
    queryKey: ["help", "faq", "manage", query],
    queryFn: () => helpApi.faqManage({ ...query, keyword: query.keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? NO_ROWS;
  const total = list.data?.total ?? 0;
  // The first and last entries of the whole list cannot move further.
  const firstIndex = (query.pageNo - 1) * query.pageSize;

  useEffect(() => {
    if (list.data && list.data.list.length === 0 && list.data.total > 0 && query.pageNo > 1)
      setQuery((q) => ({ ...q, pageNo: Math.max(1, Math.ceil(list.data.total / q.pageSize)) }));
  }, [list.data, query.pageNo]);

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await action();
      if (done) void message.success(done);
      onChanged();
    } catch {
      // the http client has shown why
    } finally {
      setBusy(false);
    }
  };
  const remove = (ids: number[]) =>
    run(async () => {
      await helpApi.deleteFaq(ids);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    }, t("help.deleted"));
  const toggle = (p: CommonProblem, enabled: boolean) =>
    run(() => helpApi.saveFaq({ id: p.id, question: p.question, answer: p.answer, lang: p.lang, enabled }));
  // Filters narrow the table; moves act on the one order readers see, so they stay off while filtering.
  const filtered = Boolean(query.keyword || query.lang || query.enabled !== undefined);

  const columnsAll: FitColumns<CommonProblem> = [
    {
      key: "order",
      title: t("help.faq.order"),
      width: 150,
      render: (_, p, i) => {
        const at = firstIndex + i;
        const blocked = (m: Move) => (m === "top" || m === "up" ? at === 0 : at === total - 1);
        return (
          <Space size={0}>
            {MOVES.map((m) => (
              <Tooltip key={m} title={filtered ? t("help.faq.clearFilters") : t(`help.faq.move.${m}`)}>
                <Button
                  type="text"
                  size="small"
                  icon={MOVE_ICONS[m]}
                  aria-label={t(`help.faq.move.${m}`)}
                  disabled={busy || filtered || blocked(m)}
                  onClick={() => void run(() => helpApi.moveFaq(p.id, m))}
                  data-testid={`faq-move-${m}`}
                />
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    {
      key: "question",
      title: t("help.faq.question"),
      dataIndex: "question",
      render: (q: string) => <Typography.Text strong>{q}</Typography.Text>,
    },
    {
      key: "lang",
      drop: 1,
      title: t("help.faq.language"),
      dataIndex: "lang",
      width: 130,
      render: (l: CommonProblem["lang"]) =>
        l ? <Tag>{t(`common.languages.${l}`)}</Tag> : <Tag color="blue">{t("help.faq.allLanguages")}</Tag>,
    },
    {
      key: "enabled",
      title: t("help.faq.enabled"),
      width: 90,
      render: (_, p) => (
        <Switch
          size="small"
          checked={p.enabled}
          disabled={busy}
          onChange={(on) => void toggle(p, on)}
          aria-label={t("help.faq.enabled")}
          data-testid="faq-toggle"
        />
      ),
    },
    {
      key: "actions",
      title: t("help.actions"),
      width: 150,
      render: (_, p) => (
        <Space size={0}>
          <AuthButton
            type="link"
            size="small"
            operation={FAQ_PERMISSIONS.edit}
            routePermission={FAQ_PERMISSIONS.view}
            label={t("help.edit")}
            onClick={() => setDialog({ open: true, problem: p })}
            data-testid="faq-edit"
          />
          <Popconfirm
            title={t("help.faq.deleteConfirm", { count: 1 })}
            okText={t("common.delete")}
            okButtonProps={{ danger: true }}
            cancelText={t("common.cancel")}
            onConfirm={() => remove([p.id])}
          >
            <Button type="link" size="small" danger disabled={busy} data-testid="faq-delete">
              {t("common.delete")}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const columnsFit = useFitColumns(columnsAll, 0);

  return (
    <Card
      title={t("help.faq.manage")}
      extra={
        <AuthButton
          type="primary"
          icon={<PlusOutlined />}
          operation={FAQ_PERMISSIONS.edit}
          routePermission={FAQ_PERMISSIONS.view}
          label={t("help.faq.new")}
          onClick={() => setDialog({ open: true, problem: null })}
          data-testid="faq-new"
        />
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t("help.faq.search")}
            onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim(), pageNo: 1 }))}
            style={{ width: 240 }}
            data-testid="faq-manage-search"
          />
          <Select
            allowClear
            placeholder={t("help.faq.language")}
            value={query.lang}
            onChange={(lang) => setQuery((q) => ({ ...q, lang, pageNo: 1 }))}
            style={{ width: 170 }}
            options={[
              { value: "all", label: t("help.faq.allLanguages") },
              ...LOCALES.map((l) => ({ value: l, label: t(`common.languages.${l}`) })),
            ]}
            data-testid="faq-manage-lang"
          />
          <Select
            allowClear
            placeholder={t("help.faq.enabled")}
            value={query.enabled === undefined ? undefined : String(query.enabled)}
            onChange={(v?: string) =>
              setQuery((q) => ({ ...q, enabled: v === undefined ? undefined : v === "true", pageNo: 1 }))
            }
            style={{ width: 130 }}
            options={[
              { value: "true", label: t("help.faq.shown") },
              { value: "false", label: t("help.faq.hidden") },
            ]}
            data-testid="faq-manage-enabled"
          />
          <Popconfirm
            title={t("help.faq.deleteConfirm", { count: selected.length })}
            okText={t("common.delete")}
            okButtonProps={{ danger: true }}
            cancelText={t("common.cancel")}
            disabled={selected.length === 0 || busy}
            onConfirm={() => remove(selected)}
          >
            <Button danger disabled={selected.length === 0 || busy} data-testid="faq-delete-selected">
              {t("help.deleteSelected")}
            </Button>
          </Popconfirm>
          <Typography.Text type="secondary">{t("help.selected", { count: selected.length })}</Typography.Text>
        </Space>
        <div ref={columnsFit.ref}>
          <Table<CommonProblem>
            data-testid="faq-manage-table"
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            columns={columnsFit.columns}
            dataSource={rows}
            scroll={{ x: columnsFit.scrollX }}
            locale={{ emptyText: t("help.faq.empty") }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(Number)),
            }}
            pagination={{
              current: query.pageNo,
              pageSize: query.pageSize,
              total,
              showSizeChanger: true,
              showTotal: (n, range) => `${range[0]}-${range[1]} / ${n}`,
              onChange: (pageNo, pageSize) =>
                setQuery((q) => ({ ...q, pageNo: pageSize === q.pageSize ? pageNo : 1, pageSize })),
            }}
          />
        </div>
      </Space>
      <FaqDialog
        open={dialog.open}
        problem={dialog.problem}
        onClose={() => setDialog({ open: false, problem: null })}
        onSaved={() => {
          void message.success(t("help.saved"));
          setDialog({ open: false, problem: null });
          onChanged();
        }}
      />
    </Card>
  );
}
