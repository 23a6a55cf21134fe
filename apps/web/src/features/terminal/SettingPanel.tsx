import { CheckCircleOutlined, RadarChartOutlined, ReloadOutlined } from "@ant-design/icons";
import type { DeviceSettingsPatch } from "@marquee/contracts";
import { Alert, App, Button, Space, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { StrategyPanel } from "../strategy/StrategyPanel";
import { AddScreenHelp } from "./AddScreenHelp";
import { AuthorizeModal } from "./AuthorizeModal";
import { terminalSetApi } from "./api";
import { BATCH_IDS, chunk } from "./batch";
import { CommandDrawer } from "./CommandDrawer";
import { DetailsDrawer } from "./DetailsDrawer";
import { LivePanel } from "./LivePanel";
import { PlayMessageModal, PlayProgramModal } from "./PlayNowModal";
import { SETTING_ROUTE_PERMISSION, TERMINAL_PERMISSIONS } from "./permissions";
import { ScanModal } from "./ScanModal";
import { type SettingAction, SettingsBar } from "./SettingsBar";
import { SettingsModal } from "./SettingsModal";
import { TerminalBrowser } from "./TerminalBrowser";
import { UpdateModal } from "./UpdateModal";
import { useCommandRun } from "./useCommandRun";
import { useOfficeTree } from "./useOfficeTree";
import { useTerminalList } from "./useTerminalList";

type Dialog = "settings" | "playProgram" | "playMessage" | "update" | "scan" | null;

/** The actions that only ask to be confirmed, then send one command to the selection. */
const CONFIRMED = {
  reboot: { call: terminalSetApi.reboot, command: "reboot", danger: false },
  clear: { call: terminalSetApi.clearPrograms, command: "clear", danger: true },
  deleteFiles: { call: terminalSetApi.deleteFiles, command: "deleteFiles", danger: false },
} as const;

/**
 * The settings mode of the terminal screen (terminalMonitor/setting): the terminals with the office and
 * group trees, and the settings and commands acting on the selection, each with a result per terminal in
 * the results drawer; the strategies on a second tab.
 */
export function SettingPanel() {
  const { t } = useTranslation();
  // The screens are listed by the monitoring calls, which need terminal:device:view.
  const canList = useCan(TERMINAL_PERMISSIONS.view, SETTING_ROUTE_PERMISSION);
  const [tab, setTab] = useState("terminals");
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: "terminals",
          label: t("terminal.setting.terminalsTab"),
          children: canList ? (
            <SettingScreens />
          ) : (
            <Alert
              type="info"
              showIcon
              title={t("terminal.setting.needsView")}
              data-testid="terminal-needs-view"
            />
          ),
        },
        { key: "strategies", label: t("terminal.setting.strategiesTab"), children: <StrategyPanel /> },
      ]}
      data-testid="terminal-setting-tabs"
    />
  );
}

/** The screens of the settings mode with what acts on the selection. */
function SettingScreens() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const offices = useOfficeTree();
  const commands = useCommandRun();
  const list = useTerminalList();
  const { selectedIds, clearSelection, refresh } = list;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [authorizing, setAuthorizing] = useState<{ code: string } | null>(null);
  const count = selectedIds.length;

  const confirmed = (action: keyof typeof CONFIRMED) => {
    const { call, command, danger } = CONFIRMED[action];
    modal.confirm({
      title: t(`terminal.confirm.${action}.title`, { count }),
      content: t(`terminal.confirm.${action}.content`),
      okText: t(`terminal.actions.${action}`),
      okButtonProps: { danger, "data-testid": `terminal-confirm-${action}` },
      cancelText: t("common.cancel"),
      onOk: () => void commands.send(selectedIds, command, (ids) => call(ids)),
    });
  };

  const remove = () =>
    modal.confirm({
      title: t("terminal.batch.deleteConfirm", { count }),
      content: t("terminal.batch.deleteHint"),
      okText: t("common.delete"),
      okButtonProps: { danger: true, "data-testid": "terminal-confirm-remove" },
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          let removed = 0;
          for (const part of chunk(selectedIds, BATCH_IDS))
            removed += (await terminalSetApi.remove(part)).removed;
          void message.success(t("terminal.batch.deleted", { count: removed }));
          clearSelection();
          refresh();
        } catch {
          // shown by the http client
        }
      },
    });

  const act = (action: SettingAction) => {
    switch (action) {
      case "reboot":
      case "clear":
      case "deleteFiles":
        return confirmed(action);
      case "refresh":
        return void commands.send(selectedIds, "refresh", (ids) => terminalSetApi.refreshPrograms(ids));
      case "screenshot":
        return void commands.send(selectedIds, "screenshot", (ids) => terminalSetApi.screenshots(ids));
      case "remove":
        return remove();
      default:
        return setDialog(action);
    }
  };

  /** Sends the settings; a refusal goes back to the form (its field errors). */
  const sendSettings = async (patch: DeviceSettingsPatch) => {
    let refusal: unknown = null;
    const sent = await commands.send(selectedIds, "settings", (ids) =>
      terminalSetApi.settings(ids, patch).catch((err: unknown) => {
        refusal = err;
        throw err;
      }),
    );
    if (!sent) throw refusal;
  };

  const openAuthorize = (code = "") => setAuthorizing({ code });

  return (
    <>
      <TerminalBrowser
        list={list}
        offices={offices}
        onOpen={(r) => setDetailsId(r.id)}
        toolbar={
          <Space wrap>
            <AuthButton
              type="primary"
              operation={TERMINAL_PERMISSIONS.authorize}
              routePermission={SETTING_ROUTE_PERMISSION}
              label={t("terminal.scan.button")}
              icon={<RadarChartOutlined />}
              onClick={() => setDialog("scan")}
              data-testid="terminal-scan"
            />
            <AuthButton
              operation={TERMINAL_PERMISSIONS.authorize}
              routePermission={SETTING_ROUTE_PERMISSION}
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
        batch={<SettingsBar count={count} onAction={act} onClear={clearSelection} />}
        nothingYet={<AddScreenHelp onAuthorize={() => openAuthorize()} />}
      />

      <DetailsDrawer
        id={detailsId}
        onClose={() => setDetailsId(null)}
        onAuthorize={openAuthorize}
        live={(terminal) => <LivePanel key={terminal.id} id={terminal.id} name={terminal.name} />}
      />
      <AuthorizeModal
        open={authorizing !== null}
        initialCode={authorizing?.code ?? ""}
        offices={offices.tree}
        loaded={offices.loaded}
        onLoad={offices.loadChildren}
        onClose={() => setAuthorizing(null)}
      />
      <SettingsModal
        open={dialog === "settings"}
        ids={selectedIds}
        onSend={sendSettings}
        onClose={() => setDialog(null)}
      />
      <PlayProgramModal
        open={dialog === "playProgram"}
        ids={selectedIds}
        onClose={() => setDialog(null)}
        onPlay={(programId, minutes) =>
          void commands.send(selectedIds, programId === null ? "stopProgram" : "playProgram", (ids) =>
            terminalSetApi.playProgram(ids, programId, minutes),
          )
        }
      />
      <PlayMessageModal
        open={dialog === "playMessage"}
        count={count}
        onClose={() => setDialog(null)}
        onPlay={(messageId, minutes) =>
          void commands.send(selectedIds, "playMessage", (ids) =>
            terminalSetApi.playMessage(ids, messageId, minutes),
          )
        }
      />
      <UpdateModal
        open={dialog === "update"}
        ids={selectedIds}
        onClose={() => setDialog(null)}
        onSent={(outcomes) => void commands.follow("update", outcomes)}
      />
      <ScanModal open={dialog === "scan"} onAuthorize={openAuthorize} onClose={() => setDialog(null)} />
      <CommandDrawer run={commands.run} onRetry={() => void commands.retry()} onClose={commands.close} />
    </>
  );
}
