import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { PAY_ORDER_STATES, type PayOrder, type PayOrderState } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  type ButtonProps,
  Card,
  DatePicker,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { downloadInvoice, type OrderQuery, PAY_PERMISSIONS, payApi } from "./api";
import { formatMoney, nameOf, STATE_COLORS, when } from "./format";
import { OrderDrawer } from "./OrderDrawer";

/** The filters of the order list. */
export interface OrderFilterValues {
  keyword: string;
  state?: PayOrderState;
  role?: "buyer" | "seller";
  range: [Dayjs, Dayjs] | null;
}
export const EMPTY_ORDER_FILTERS: OrderFilterValues = { keyword: "", range: null };

/** The filters as the call takes them: empty ones left out, the range from the first to the last second. */
export function toOrderQuery(v: OrderFilterValues): OrderQuery {
  const keyword = v.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    ...(v.state ? { state: v.state } : {}),
    ...(v.role ? { role: v.role } : {}),
    ...(v.range
      ? {
          beginTime: v.range[0].startOf("day").toISOString(),
          endTime: v.range[1].endOf("day").toISOString(),
        }
      : {}),
  };
}

type Action = "cancel" | "confirm" | "refund";

/** Asks before cancelling, confirming a transfer or refunding; confirm and refund take a note. */
function ActionModal({
  pending,
  onClose,
  onDone,
}: {
  pending: { action: Action; order: PayOrder } | null;
  onClose(): void;
  onDone(order: PayOrder, action: Action): void;
}) {
  const { t, i18n } = useTranslation();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  if (!pending) return null;
  const { action, order } = pending;
  const amount = formatMoney(order.amountCents, order.currency, i18n.language);
  const run = async () => {
    setBusy(true);
    try {
      const text = note.trim() || undefined;
      const res =
        action === "cancel"
          ? await payApi.cancel(order.id)
          : action === "confirm"
            ? await payApi.confirm(order.id, text)
            : await payApi.refund(order.id, text);
      setNote("");
      onDone(res.order, action);
    } catch {
      // services/http shows the server's reason; the dialog stays open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(`pay.orders.${action}Title`, { no: order.no })}
      okText={t(`pay.orders.${action}`)}
      cancelText={action === "cancel" ? t("pay.orders.keep") : t("common.cancel")}
      okButtonProps={{ danger: action !== "confirm", "data-testid": "pay-action-ok" } as ButtonProps}
      confirmLoading={busy}
      onOk={() => void run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {action === "confirm"
          ? t("pay.orders.confirmHint", { amount })
          : action === "refund"
            ? t("pay.orders.refundHint")
            : t("pay.orders.cancelHint")}
      </Typography.Paragraph>
      {action !== "cancel" && (
        <Input
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          placeholder={action === "confirm" ? t("pay.orders.reference") : t("pay.orders.refundNote")}
          aria-label={action === "confirm" ? t("pay.orders.reference") : t("pay.orders.refundNote")}
          data-testid="pay-action-note"
        />
      )}
    </Modal>
  );
}

/**
 * The payment centre (paymentCenter, /a/api/payOrder/*): the tenant's
 * purchases and, for a seller, its sales; their state, history and invoices;
 * cancel, confirm a transfer, refund.
 */
export default function PaymentCenterPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<OrderFilterValues>(EMPTY_ORDER_FILTERS);
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [detailId, setDetailId] = useState<number | null>(null);
  const [pending, setPending] = useState<{ action: Action; order: PayOrder } | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const query = toOrderQuery(filters);

  const list = useQuery({
    queryKey: ["pay", "orders", query, page],
    queryFn: () => payApi.orders(query, page.pageNo, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["pay"] });
  const set = (patch: Partial<OrderFilterValues>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const reset = () => {
    setKeyword("");
    setFilters(EMPTY_ORDER_FILTERS);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const invoice = async (o: PayOrder) => {
    setDownloading(o.id);
    try {
      const name = await downloadInvoice(o);
      void message.success(t("pay.orders.invoiceDone", { name }));
      // The first invoice of an order gives it its number.
      if (!o.invoiceNo) refresh();
    } catch (err) {
      void message.error(t("pay.orders.invoiceFailed", { reason: (err as Error).message }));
    } finally {
      setDownloading(null);
    }
  };

  /** The buttons of an order: what the server says the caller may do with it now. */
  const actionsOf = (o: PayOrder, inDrawer = false) => {
    const size: ButtonProps["size"] = inDrawer ? "middle" : "small";
    // The drawer repeats the row's buttons: its own test ids keep both findable.
    const id = (name: string) => (inDrawer ? `pay-drawer-${name}-${o.no}` : `pay-${name}-${o.no}`);
    return (
      <Space size={0} wrap>
        {o.canConfirm && (
          <AuthButton
            type="link"
            size={size}
            operation={PAY_PERMISSIONS.confirm}
            routePermission={PAY_PERMISSIONS.orders}
            label={t("pay.orders.confirm")}
            onClick={() => setPending({ action: "confirm", order: o })}
            data-testid={id("confirm")}
          />
        )}
        {o.canRefund && (
          <AuthButton
            type="link"
            size={size}
            danger
            operation={PAY_PERMISSIONS.confirm}
            routePermission={PAY_PERMISSIONS.orders}
            label={t("pay.orders.refund")}
            onClick={() => setPending({ action: "refund", order: o })}
            data-testid={id("refund")}
          />
        )}
        {o.canCancel && (
          <AuthButton
            type="link"
            size={size}
            danger
            operation={PAY_PERMISSIONS.purchase}
            routePermission={PAY_PERMISSIONS.orders}
            label={t("pay.orders.cancel")}
            onClick={() => setPending({ action: "cancel", order: o })}
            data-testid={id("cancel")}
          />
        )}
        {o.canInvoice && (
          <Button
            type="link"
            size={size}
            loading={downloading === o.id}
            onClick={() => void invoice(o)}
            data-testid={id("invoice")}
          >
            {t("pay.orders.invoice")}
          </Button>
        )}
      </Space>
    );
  };

  const columnsAll: FitColumns<PayOrder> = [
    {
      key: "no",
      title: t("pay.orders.columns.no"),
      width: 180,
      render: (_, o) => (
        <Typography.Link onClick={() => setDetailId(o.id)} data-testid={`pay-order-open-${o.no}`}>
          {o.no}
        </Typography.Link>
      ),
    },
    {
      key: "service",
      width: 180,
      title: t("pay.orders.columns.service"),
      ellipsis: true,
      render: (_, o) => (
        <Space orientation="vertical" size={0}>
          <span>{nameOf(o.item.name, i18n.language, o.item.code)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`pay.kind.${o.item.kind}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "buyer",
      // The last secondary column to go: the order's number and service say most.
      drop: 0,
      title: t("pay.orders.columns.buyer"),
      width: 160,
      ellipsis: true,
      render: (_, o) => o.buyerName,
    },
    {
      key: "units",
      drop: 1,
      title: t("pay.orders.columns.units"),
      // "Кол-во" in Russian, which must not break at its hyphen
      width: 90,
      align: "right",
      dataIndex: "units",
    },
    {
      key: "amount",
      title: t("pay.orders.columns.amount"),
      width: 130,
      align: "right",
      render: (_, o) => formatMoney(o.amountCents, o.currency, i18n.language),
    },
    {
      key: "state",
      title: t("pay.orders.columns.state"),
      width: 140,
      render: (_, o) => (
        <Tag color={STATE_COLORS[o.state]} data-testid={`pay-state-${o.no}`}>
          {t(`pay.states.${o.state}`)}
        </Tag>
      ),
    },
    {
      key: "provider",
      drop: 2,
      title: t("pay.orders.columns.provider"),
      width: 150,
      render: (_, o) => t(`pay.providers.${o.provider}`),
    },
    {
      key: "createdAt",
      drop: 3,
      title: t("pay.orders.columns.createdAt"),
      width: 165,
      render: (_, o) => when(o.createdAt),
    },
    {
      key: "paidAt",
      drop: 4,
      title: t("pay.orders.columns.paidAt"),
      width: 165,
      render: (_, o) => when(o.paidAt),
    },
    {
      key: "actions",
      title: t("pay.orders.columns.actions"),
      width: 230,
      fixed: "right",
      render: (_, o) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => setDetailId(o.id)}
            data-testid={`pay-details-${o.no}`}
          >
            {t("pay.orders.details")}
          </Button>
          {actionsOf(o)}
        </Space>
      ),
    },
  ];
  const columnsFit = useFitColumns(columnsAll, 0);

  const opened = rows.find((o) => o.id === detailId);
  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          <Input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => set({ keyword })}
            placeholder={t("pay.orders.filters.keyword")}
            allowClear
            maxLength={100}
            style={{ width: 220 }}
            aria-label={t("pay.orders.filters.keyword")}
            data-testid="pay-filter-keyword"
          />
          <Select<PayOrderState>
            value={filters.state}
            onChange={(state) => set({ state })}
            allowClear
            placeholder={t("pay.orders.filters.state")}
            options={PAY_ORDER_STATES.map((s) => ({ value: s, label: t(`pay.states.${s}`) }))}
            style={{ width: 170 }}
            aria-label={t("pay.orders.filters.state")}
            data-testid="pay-filter-state"
          />
          <Select<"buyer" | "seller">
            value={filters.role}
            onChange={(role) => set({ role })}
            allowClear
            placeholder={t("pay.orders.filters.role")}
            options={[
              { value: "buyer", label: t("pay.orders.roles.buyer") },
              { value: "seller", label: t("pay.orders.roles.seller") },
            ]}
            style={{ width: 160 }}
            aria-label={t("pay.orders.filters.role")}
            data-testid="pay-filter-role"
          />
          <DatePicker.RangePicker
            value={filters.range}
            onChange={(r) => set({ range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
            placeholder={[t("pay.orders.filters.from"), t("pay.orders.filters.to")]}
            data-testid="pay-filter-range"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => set({ keyword })}
            data-testid="pay-search"
          >
            {t("pay.orders.filters.search")}
          </Button>
          <Button onClick={reset} data-testid="pay-reset">
            {t("pay.orders.filters.reset")}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t("common.refresh")} />
          <Typography.Text type="secondary" data-testid="pay-order-count">
            {t("pay.orders.count", { total: list.data?.total ?? 0 })}
          </Typography.Text>
        </Space>
        <div data-testid="pay-orders">
          <div ref={columnsFit.ref}>
            <Table<PayOrder>
              rowKey="id"
              size="small"
              columns={columnsFit.columns}
              dataSource={rows}
              loading={list.isLoading}
              scroll={{ x: columnsFit.scrollX }}
              onRow={(o) => ({ "data-testid": `pay-order-row-${o.no}` }) as object}
              pagination={{
                current: page.pageNo,
                pageSize: page.pageSize,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
              }}
            />
          </div>
        </div>
      </Space>
      <OrderDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        actions={opened ? actionsOf(opened, true) : undefined}
      />
      <ActionModal
        key={pending ? `${pending.action}-${pending.order.id}` : "none"}
        pending={pending}
        onClose={() => setPending(null)}
        onDone={(order, action) => {
          setPending(null);
          void message.success(
            t(
              action === "cancel"
                ? "pay.orders.cancelled"
                : action === "confirm"
                  ? "pay.orders.confirmed"
                  : "pay.orders.refunded",
              { no: order.no },
            ),
          );
          refresh();
        }}
      />
    </Card>
  );
}
