import { CheckCircleOutlined, ReloadOutlined } from "@ant-design/icons";
import type { TerminalSummary, TerminalViewStatus } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Empty, Space } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { useLastFilledPage } from "../../components/listSelection";
import { type CommandName, terminalApi } from "../../services/terminal";
import { AddScreenHelp } from "./AddScreenHelp";
import { AuthorizeModal } from "./AuthorizeModal";
import { BatchBar, type BatchOps } from "./BatchBar";
import { BATCH_IDS, chunk, runLimited } from "./batch";
import { CommandDrawer } from "./CommandDrawer";
import { DetailsDrawer } from "./DetailsDrawer";
import { GroupTree } from "./GroupTree";
import { patchRows } from "./live";
import { MoveModal } from "./MoveModal";
import { OfficeTree } from "./OfficeTree";
import { ProgramsModal } from "./ProgramsModal";
import { TERMINAL_PERMISSIONS, TERMINAL_ROUTE_PERMISSION } from "./permissions";
import {
  ALL_SCOPE,
  countScope,
  DEFAULT_PAGE_SIZE,
  EMPTY_FILTERS,
  hasActiveFilters,
  type Scope,
  type TerminalFilterValues,
  toTerminalQuery,
} from "./query";
import { StatusTiles } from "./StatusTiles";
import { TerminalFilters } from "./TerminalFilters";
import { TerminalTable } from "./TerminalTable";
import { findNode } from "./tree";
import { useCommandRun } from "./useCommandRun";
import { useOfficeTree } from "./useOfficeTree";
import { VolumeModal } from "./VolumeModal";

/** Status counts refresh this often; the status of the rows on screen more often. */
const COUNTS_REFRESH_MS = 10_000;
const LIVE_REFRESH_MS = 5_000;
/** disable/enable take one terminal per call: this many at a time. */
const UPDATE_CONCURRENCY = 4;
const NO_ROWS: TerminalSummary[] = [];

/**
 * Terminal monitoring (terminalMonitor/monitor; also the information and settings entries, which share this
 * screen, spec §2): counts, office and group trees, a server-paged live list, batch actions, details.
 */
export default function TerminalMonitorPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const offices = useOfficeTree();
  const commands = useCommandRun();
  const [filters, setFilters] = useState<TerminalFilterValues>(EMPTY_FILTERS);
  const [scope, setScope] = useState<Scope>(ALL_SCOPE);
  const [page, setPage] = useState({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<Map<number, TerminalSummary>>(() => new Map());
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [authorizing, setAuthorizing] = useState<{ code: string } | null>(null);
  const [dialog, setDialog] = useState<"move" | "programs" | "volume" | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["terminal"] }),
    [queryClient],
  );

  const counts = useQuery({
    queryKey: ["terminal", "counts", countScope(scope)],
    queryFn: () => terminalApi.counts(countScope(scope)),
    refetchInterval: COUNTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const query = toTerminalQuery(filters, scope, page);
  const list = useQuery({
    queryKey: ["terminal", "list", query],
    queryFn: () => terminalApi.list(query),
    placeholderData: keepPreviousData,
  });
  const ids = useMemo(() => (list.data?.list ?? NO_ROWS).map((r) => r.id), [list.data]);
  // Live status of the rows on screen, patched into them: the page itself is not fetched again.
  const live = useQuery({
    queryKey: ["terminal", "live", ids],
    queryFn: () => terminalApi.liveStatus(ids),
    enabled: ids.length > 0,
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: LIVE_REFRESH_MS,
    initialData: { code: 0, msg: "", list: [] },
    initialDataUpdatedAt: () => Date.now(),
  });
  const rows = useMemo(() => {
    const page = list.data?.list ?? NO_ROWS;
    const fresh = live.dataUpdatedAt >= list.dataUpdatedAt;
    return fresh ? patchRows(page, live.data.list) : page;
  }, [list.data, list.dataUpdatedAt, live.data, live.dataUpdatedAt]);

  useLastFilledPage(list.data, page.pageNo, setPage);
  const total = list.data?.total ?? 0;

  const changeFilters = (f: TerminalFilterValues) => {
    setFilters(f);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const changeScope = (s: Scope) => {
    setScope(s);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  const selection = [...selected.values()];
  const selectedIds = selection.map((s) => s.id);
  const clearSelection = () => setSelected(new Map());

  const setDisabled = async (disabled: boolean) => {
    setBusy(true);
    try {
      const r = await runLimited(selectedIds, UPDATE_CONCURRENCY, (id) =>
        terminalApi.update({ id, disabled }, { silent: true }),
      );
      if (r.failed.length)
        void message.warning(t("terminal.batch.partly", { ok: r.ok.length, failed: r.failed.length }));
      else
        void message.success(
          t(disabled ? "terminal.batch.disabled" : "terminal.batch.enabled", { count: r.ok.length }),
        );
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const remove = () =>
    modal.confirm({
      title: t("terminal.batch.deleteConfirm", { count: selectedIds.length }),
      content: t("terminal.batch.deleteHint"),
      okText: t("common.delete"),
      okButtonProps: { danger: true, "data-testid": "terminal-delete-ok" },
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          for (const part of chunk(selectedIds, BATCH_IDS)) await terminalApi.remove(part);
          void message.success(t("terminal.batch.deleted", { count: selectedIds.length }));
          clearSelection();
          refresh();
        } catch {
          // shown by the http client
        }
      },
    });

  const ops: BatchOps = {
    move: () => setDialog("move"),
    programs: () => setDialog("programs"),
    command: (name: CommandName) =>
      name === "volume" ? setDialog("volume") : void commands.start(selectedIds, name),
    setDisabled: (d) => void setDisabled(d),
    remove,
    clear: clearSelection,
  };

  const officeName = scope.officeId === undefined ? undefined : findNode(offices.tree, scope.officeId)?.name;
  const openAuthorize = (code = "") => setAuthorizing({ code });
  const filtered = hasActiveFilters(filters) || scope.officeId !== undefined;
  const nothingYet = list.data !== undefined && total === 0 && !filtered;

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <StatusTiles
        counts={counts.data}
        loading={counts.isLoading}
        status={filters.status}
        onPick={(status: TerminalViewStatus | undefined) => changeFilters({ ...filters, status })}
      />
      <div style={{ display: "flex", gap: 16, alignItems: "flex-start" }}>
        <Space orientation="vertical" size="middle" style={{ flex: "0 0 280px", minWidth: 0 }}>
          <OfficeTree
            tree={offices.tree}
            loaded={offices.loaded}
            loading={offices.loading}
            onLoad={offices.loadChildren}
            officeId={scope.officeId}
            includeChildren={scope.includeChildren}
            onSelect={(officeId) => changeScope({ officeId, includeChildren: scope.includeChildren })}
            onIncludeChildren={(includeChildren) => changeScope({ ...scope, includeChildren })}
          />
          <GroupTree
            officeId={scope.officeId}
            officeName={officeName}
            groupId={scope.groupId}
            onSelect={(groupId) => changeScope({ ...scope, groupId })}
          />
        </Space>
        <Card style={{ flex: 1, minWidth: 0 }}>
          <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
            <Space wrap>
              <AuthButton
                type="primary"
                operation={TERMINAL_PERMISSIONS.authorize}
                routePermission={TERMINAL_ROUTE_PERMISSION}
                label={t("terminal.authorize.button")}
                icon={<CheckCircleOutlined />}
                onClick={() => openAuthorize()}
                data-testid="terminal-authorize"
              />
              <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="terminal-refresh">
                {t("common.refresh")}
              </Button>
            </Space>
            {!nothingYet && <TerminalFilters value={filters} onChange={changeFilters} />}
            {!nothingYet && <BatchBar count={selection.length} busy={busy} ops={ops} />}
            {nothingYet ? (
              <AddScreenHelp onAuthorize={() => openAuthorize()} />
            ) : rows.length === 0 && !list.isFetching ? (
              <Empty description={t("terminal.noMatch")} data-testid="terminal-no-match">
                <Button
                  onClick={() => {
                    changeFilters({ ...EMPTY_FILTERS, sort: filters.sort, order: filters.order });
                    changeScope(ALL_SCOPE);
                  }}
                >
                  {t("terminal.clearFilters")}
                </Button>
              </Empty>
            ) : (
              <TerminalTable
                rows={rows}
                loading={list.isFetching}
                total={total}
                pageNo={page.pageNo}
                pageSize={page.pageSize}
                onPage={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
                sort={filters.sort}
                order={filters.order}
                onSort={(sort, order) => changeFilters({ ...filters, sort, order })}
                selected={selected}
                onSelect={setSelected}
                onOpen={(r) => setDetailsId(r.id)}
              />
            )}
          </Space>
        </Card>
      </div>

      <DetailsDrawer id={detailsId} onClose={() => setDetailsId(null)} onAuthorize={openAuthorize} />
      <AuthorizeModal
        open={authorizing !== null}
        initialCode={authorizing?.code ?? ""}
        offices={offices.tree}
        loaded={offices.loaded}
        onLoad={offices.loadChildren}
        onClose={() => setAuthorizing(null)}
      />
      <MoveModal
        open={dialog === "move"}
        selection={selection}
        offices={offices.tree}
        loaded={offices.loaded}
        onLoad={offices.loadChildren}
        onClose={() => setDialog(null)}
        onMoved={() => {
          void message.success(t("terminal.move.done", { count: selection.length }));
          refresh();
        }}
      />
      <ProgramsModal
        open={dialog === "programs"}
        ids={selectedIds}
        onClose={() => setDialog(null)}
        onDone={() => {
          void message.success(t("terminal.programs.done", { count: selectedIds.length }));
          refresh();
        }}
      />
      <VolumeModal
        open={dialog === "volume"}
        count={selectedIds.length}
        onClose={() => setDialog(null)}
        onSend={(volume) => void commands.start(selectedIds, "volume", { volume })}
      />
      <CommandDrawer run={commands.run} onRetry={() => void commands.retry()} onClose={commands.close} />
    </Space>
  );
}
