import { DownloadOutlined, ReloadOutlined, SearchOutlined, SettingOutlined } from "@ant-design/icons";
import {
  ALARM_KINDS,
  ALARM_STATES,
  type AlarmKind,
  type AlarmRow,
  type AlarmState,
} from "@marquee/contracts";
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
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, SELECTION_WIDTH, useFitColumns } from "../../components/fitColumns";
import { OfficeSelect } from "../terminal/pickers";
import { useOfficeTree } from "../terminal/useOfficeTree";
import { AlarmDetails } from "./AlarmDetails";
import { AlarmRulesDialog } from "./AlarmRulesDialog";
import { alarmMessage, browserTimeZone, KIND_COLOR, when } from "./alarmText";
import { ALARM_PERMISSIONS, type AlarmQuery, alarmApi, exportAllAlarms, exportSelectedAlarms } from "./api";

/** The filter form of the alarm list. */
export interface AlarmFilterValues {
  keyword: string;
  state?: AlarmState;
  kind?: AlarmKind;
  officeId?: number;
  range: [Dayjs, Dayjs] | null;
}
export const EMPTY_ALARM_FILTERS: AlarmFilterValues = { keyword: "", state: "open", range: null };

/** The filters as the calls take them; empty ones left out, the range to the second with both ends included. */
export function toAlarmQuery(v: AlarmFilterValues): AlarmQuery {
  const keyword = v.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    ...(v.state ? { state: v.state } : {}),
    ...(v.kind ? { kind: v.kind } : {}),
    ...(v.officeId !== undefined ? { officeId: v.officeId } : {}),
    ...(v.range
      ? {
          beginTime: v.range[0].millisecond(0).toISOString(),
          endTime: v.range[1].millisecond(999).toISOString(),
        }
      : {}),
  };
}

/** The office filter: the terminal office tree, for those who may read it. */
function OfficeFilter({ value, onChange }: { value?: number; onChange(id: number | undefined): void }) {
  const { t } = useTranslation();
  const offices = useOfficeTree();
  return (
    <Space.Compact style={{ width: 240 }}>
      <OfficeSelect
        tree={offices.tree}
        loaded={offices.loaded}
        onLoad={offices.loadChildren}
        value={value}
        onChange={onChange}
        testId="alarm-filter-office"
      />
      {value !== undefined && (
        <Button onClick={() => onChange(undefined)} aria-label={t("alarm.filters.allOffices")}>
          ×
        </Button>
      )}
    </Space.Compact>
  );
}

/** Clears the chosen alarms with an optional note. */
function ClearModal({
  ids,
  onClose,
  onDone,
}: {
  ids: number[] | null;
  onClose(): void;
  onDone(cleared: number): void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!ids) return;
    setBusy(true);
    try {
      const res = await alarmApi.cleanUp(ids, note.trim() || undefined);
      setNote("");
      onDone(res.cleared);
    } catch {
      // the toast of services/http says why; the dialog stays open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={ids !== null}
      title={t("alarm.clear.title", { count: ids?.length ?? 0 })}
      okText={t("alarm.clear.ok")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ "data-testid": "alarm-clear-ok" } as ButtonProps}
    >
      <Typography.Paragraph type="secondary">{t("alarm.clear.hint")}</Typography.Paragraph>
      <Input.TextArea
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={500}
        showCount
        rows={3}
        placeholder={t("alarm.clear.note")}
        aria-label={t("alarm.clear.note")}
        data-testid="alarm-clear-note"
      />
    </Modal>
  );
}

/**
 * Alarm management (abnormalAlarm/abnormalAlarmList): find alarms, read their
 * story, clear them, export them; with terminal:alarm:rules, set the alarm
 * rules of the user's own tenant.
 */
export default function AlarmListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canOffices = useCan("terminal:device:view", ALARM_PERMISSIONS.view);
  const canRules = useCan(ALARM_PERMISSIONS.rules, ALARM_PERMISSIONS.view);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [filters, setFilters] = useState<AlarmFilterValues>(EMPTY_ALARM_FILTERS);
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [clearing, setClearing] = useState<number[] | null>(null);
  const [exporting, setExporting] = useState<"all" | "selected" | null>(null);
  const query = toAlarmQuery(filters);

  const list = useQuery({
    queryKey: ["alarm", "list", query, page],
    queryFn: () => alarmApi.list(query, page.pageNo, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];

  const set = (patch: Partial<AlarmFilterValues>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const reset = () => {
    setKeyword("");
    setFilters(EMPTY_ALARM_FILTERS);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["alarm"] });
  const runExport = async (which: "all" | "selected") => {
    setExporting(which);
    try {
      const name =
        which === "all"
          ? await exportAllAlarms(query, browserTimeZone())
          : await exportSelectedAlarms(selected, browserTimeZone());
      void message.success(t("alarm.exported", { name }));
    } catch (err) {
      void message.error(t("alarm.exportFailed", { reason: (err as Error).message }));
    } finally {
      setExporting(null);
    }
  };

  const allColumns: FitColumns<AlarmRow> = [
    {
      key: "kind",
      title: t("alarm.columns.kind"),
      width: 140,
      render: (_, r) => <Tag color={KIND_COLOR[r.kind]}>{t(`alarm.kind.${r.kind}`)}</Tag>,
    },
    {
      key: "state",
      title: t("alarm.columns.state"),
      width: 100,
      render: (_, r) => (
        <Tag color={r.state === "open" ? "error" : "default"} data-testid={`alarm-state-${r.id}`}>
          {t(`alarm.state.${r.state}`)}
        </Tag>
      ),
    },
    {
      key: "terminal",
      title: t("alarm.columns.terminal"),
      width: 200,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.terminalName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.deviceId}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "office",
      title: t("alarm.columns.office"),
      width: 150,
      drop: 2,
      render: (_, r) => r.officeName ?? "-",
    },
    {
      key: "message",
      title: t("alarm.columns.message"),
      ellipsis: true,
      render: (_, r) => alarmMessage(r, t),
    },
    {
      key: "count",
      title: t("alarm.columns.count"),
      width: 130,
      drop: 1,
      align: "right",
      dataIndex: "count",
    },
    { key: "raisedAt", title: t("alarm.columns.raisedAt"), width: 170, render: (_, r) => when(r.raisedAt) },
    {
      key: "lastAt",
      title: t("alarm.columns.lastAt"),
      width: 170,
      drop: 3,
      render: (_, r) => when(r.lastAt),
    },
    {
      key: "clearedAt",
      title: t("alarm.columns.clearedAt"),
      width: 170,
      drop: 4,
      render: (_, r) => when(r.clearedAt),
    },
    {
      key: "actions",
      title: t("alarm.columns.actions"),
      width: 120,
      fixed: "right",
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setDetailId(r.id)}
          data-testid={`alarm-details-${r.id}`}
        >
          {t("alarm.details.open")}
        </Button>
      ),
    },
  ];

  const fit = useFitColumns(allColumns, SELECTION_WIDTH);

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          <Input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => set({ keyword })}
            placeholder={t("alarm.filters.keyword")}
            allowClear
            maxLength={100}
            style={{ width: 220 }}
            aria-label={t("alarm.filters.keyword")}
            data-testid="alarm-filter-keyword"
          />
          <Select<AlarmState>
            value={filters.state}
            onChange={(state) => set({ state })}
            allowClear
            placeholder={t("alarm.filters.state")}
            options={ALARM_STATES.map((s) => ({ value: s, label: t(`alarm.state.${s}`) }))}
            style={{ width: 130 }}
            aria-label={t("alarm.filters.state")}
            data-testid="alarm-filter-state"
          />
          <Select<AlarmKind>
            value={filters.kind}
            onChange={(kind) => set({ kind })}
            allowClear
            placeholder={t("alarm.filters.kind")}
            options={ALARM_KINDS.map((k) => ({ value: k, label: t(`alarm.kind.${k}`) }))}
            style={{ width: 170 }}
            aria-label={t("alarm.filters.kind")}
            data-testid="alarm-filter-kind"
          />
          {canOffices && <OfficeFilter value={filters.officeId} onChange={(officeId) => set({ officeId })} />}
          <DatePicker.RangePicker
            showTime
            value={filters.range}
            onChange={(r) => set({ range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
            placeholder={[t("alarm.filters.from"), t("alarm.filters.to")]}
            data-testid="alarm-filter-range"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => set({ keyword })}
            data-testid="alarm-search"
          >
            {t("alarm.filters.search")}
          </Button>
          <Button onClick={reset} data-testid="alarm-reset">
            {t("alarm.filters.reset")}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t("common.refresh")} />
        </Space>
        <Space wrap>
          <AuthButton
            operation={ALARM_PERMISSIONS.clear}
            routePermission={ALARM_PERMISSIONS.view}
            label={t("alarm.clear.button", { count: selected.length })}
            disabled={selected.length === 0}
            onClick={() => setClearing(selected)}
            data-testid="alarm-clear"
          />
          <AuthButton
            operation={ALARM_PERMISSIONS.export}
            routePermission={ALARM_PERMISSIONS.view}
            label={t("alarm.exportAll")}
            icon={<DownloadOutlined />}
            loading={exporting === "all"}
            onClick={() => void runExport("all")}
            data-testid="alarm-export-all"
          />
          <AuthButton
            operation={ALARM_PERMISSIONS.export}
            routePermission={ALARM_PERMISSIONS.view}
            label={t("alarm.exportSelected", { count: selected.length })}
            icon={<DownloadOutlined />}
            disabled={selected.length === 0}
            loading={exporting === "selected"}
            onClick={() => void runExport("selected")}
            data-testid="alarm-export-selected"
          />
          {canRules && (
            <Button icon={<SettingOutlined />} onClick={() => setRulesOpen(true)} data-testid="alarm-rules">
              {t("system.settings.keys.alarmRules.label")}
            </Button>
          )}
          <Typography.Text type="secondary" data-testid="alarm-count">
            {t("alarm.count", { total: list.data?.total ?? 0 })}
          </Typography.Text>
        </Space>
        <div data-testid="alarm-table" ref={fit.ref}>
          <Table<AlarmRow>
            rowKey="id"
            size="small"
            columns={fit.columns}
            dataSource={rows}
            loading={list.isLoading}
            scroll={{ x: fit.scrollX }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (r) => ({ "aria-label": r.terminalName }) as object,
            }}
            onRow={(r) => ({ "data-testid": `alarm-row-${r.id}` }) as object}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            }}
          />
        </div>
      </Space>
      <AlarmDetails id={detailId} onClose={() => setDetailId(null)} />
      <AlarmRulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <ClearModal
        ids={clearing}
        onClose={() => setClearing(null)}
        onDone={(cleared) => {
          setClearing(null);
          setSelected([]);
          void message.success(t("alarm.clear.done", { count: cleared }));
          refresh();
        }}
      />
    </Card>
  );
}
