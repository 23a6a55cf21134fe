import { CheckCircleOutlined, ReloadOutlined } from "@ant-design/icons";
import type { TerminalViewStatus } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { App, Button, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { AddScreenHelp } from "./AddScreenHelp";
import { AuthorizeModal } from "./AuthorizeModal";
import { type CommandName, terminalApi } from "./api";
import { BatchBar, type BatchOps } from "./BatchBar";
import { BATCH_IDS, chunk, runLimited } from "./batch";
import { CommandDrawer } from "./CommandDrawer";
import { DetailsDrawer } from "./DetailsDrawer";
import { MoveModal } from "./MoveModal";
import { ProgramsModal } from "./ProgramsModal";
import { TERMINAL_PERMISSIONS, TERMINAL_ROUTE_PERMISSION } from "./permissions";
import { countScope } from "./query";
import { StatusTiles } from "./StatusTiles";
import { TerminalBrowser } from "./TerminalBrowser";
import { useCommandRun } from "./useCommandRun";
import { useOfficeTree } from "./useOfficeTree";
import { useTerminalList } from "./useTerminalList";
import { VolumeModal } from "./VolumeModal";

/** Status counts refresh this often (the status of the rows on screen more often: useTerminalList). */
const COUNTS_REFRESH_MS = 10_000;
/** disable/enable take one terminal per call: this many at a time. */
const UPDATE_CONCURRENCY = 4;

/**
 * The monitoring and information modes of the terminal screen: counts, office and group trees, a
 * server-paged live list (what plays and the screens' look for monitoring, the devices' facts for
 * information), batch actions, details.
 */
export function MonitorPanel({ view }: { view: "monitor" | "info" }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const offices = useOfficeTree();
  const commands = useCommandRun();
  const list = useTerminalList();
  const { filters, scope, selection, selectedIds, clearSelection, refresh } = list;
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [authorizing, setAuthorizing] = useState<{ code: string } | null>(null);
  const [dialog, setDialog] = useState<"move" | "programs" | "volume" | null>(null);
  const [busy, setBusy] = useState(false);

  const counts = useQuery({
    queryKey: ["terminal", "counts", countScope(scope)],
    queryFn: () => terminalApi.counts(countScope(scope)),
    refetchInterval: COUNTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

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

  const openAuthorize = (code = "") => setAuthorizing({ code });

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <StatusTiles
        counts={counts.data}
        loading={counts.isLoading}
        status={filters.status}
        onPick={(status: TerminalViewStatus | undefined) => list.changeFilters({ ...filters, status })}
      />
      <TerminalBrowser
        list={list}
        offices={offices}
        view={view}
        onOpen={(r) => setDetailsId(r.id)}
        toolbar={
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
        }
        batch={<BatchBar count={selection.length} busy={busy} ops={ops} />}
        nothingYet={<AddScreenHelp onAuthorize={() => openAuthorize()} />}
      />

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
