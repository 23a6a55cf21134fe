import { App as AntApp, Button, ConfigProvider, Result, Spin, theme } from "antd";
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useSettings } from "../stores/settings";
import { Canvas } from "./Canvas";
import { ConflictModal } from "./ConflictModal";
import { IssueList } from "./IssueList";
import { LayersPanel } from "./LayersPanel";
import { useLeaveGuard } from "./leaveGuard";
import { Palette } from "./Palette";
import { PreviewOverlay } from "./PreviewOverlay";
import { PropertyPanel } from "./panels/PropertyPanel";
import { parseEditorParams } from "./params";
import { SceneList } from "./SceneList";
import { isDirty, type SaveHandlers } from "./saving";
import { Toolbar } from "./Toolbar";
import { useEditorUi } from "./ui";
import { useAutosave } from "./useAutosave";
import { useEditorKeyboard } from "./useEditorKeyboard";
import { useProgramLoad } from "./useProgramLoad";
import "./editor.css";

/**
 * The full-screen program editor (/programEditor): `?id=N` edits a program,
 * `?new=1&name=…&w=…&h=…` starts one. Dark, dense chrome around the canvas:
 * the toolbar on top, scenes and the palette on the left, layers and the
 * property panel on the right.
 */
export default function EditorPage() {
  const color = useSettings((s) => s.settings.theme.color);
  return (
    <ConfigProvider
      theme={{
        algorithm: [theme.darkAlgorithm, theme.compactAlgorithm],
        token: {
          colorPrimary: color,
          borderRadius: 4,
          colorBgContainer: "#1f1f23",
          colorBgElevated: "#26262b",
        },
      }}
    >
      <AntApp className="mq-ed-app">
        <EditorScreen />
      </AntApp>
    </ConfigProvider>
  );
}

function EditorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = useMemo(() => parseEditorParams(params), [params]);
  const { phase, retry } = useProgramLoad(target);

  // Nothing of this page's screen state outlives it.
  useEffect(
    () => () => useEditorUi.getState().set({ previewOpen: false, conflict: null, conflictHidden: false }),
    [],
  );

  if (phase.kind === "loading")
    return (
      <div className="mq-ed-state" data-testid="editor-loading">
        <Spin size="large" />
        <div>{t("editor.load.loading")}</div>
      </div>
    );
  if (phase.kind === "failed")
    return (
      <div className="mq-ed-state">
        <Result
          status="error"
          title={t("editor.load.failed")}
          subTitle={phase.message}
          extra={[
            target.kind === "open" ? (
              <Button key="retry" type="primary" onClick={retry}>
                {t("editor.retry")}
              </Button>
            ) : null,
            <Button key="back" onClick={() => navigate("/program/list")}>
              {t("editor.toList")}
            </Button>,
          ]}
        />
      </div>
    );
  return <Workspace />;
}

function Workspace() {
  const { t } = useTranslation();
  const { message, modal, notification } = AntApp.useApp();
  const navigate = useNavigate();
  const previewOpen = useEditorUi((s) => s.previewOpen);
  const setUi = useEditorUi((s) => s.set);

  const confirmLeave = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t("editor.leave.title"),
          content: t("editor.leave.body"),
          okText: t("editor.leave.discard"),
          okButtonProps: { danger: true },
          cancelText: t("editor.leave.stay"),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
  const guard = useLeaveGuard(isDirty, confirmLeave);

  const handlers = useMemo<SaveHandlers>(
    () => ({
      created: (id) => guard.replaceUrl(() => navigate(`/programEditor?id=${id}`, { replace: true })),
      invalid: (errors, doc) =>
        notification.error({
          key: "editor-invalid",
          message: t("editor.invalid.title"),
          description: <IssueList errors={errors} doc={doc} />,
          duration: 0,
          placement: "bottomRight",
        }),
      failed: (text) => void message.error(t("editor.save.failedMessage", { message: text })),
    }),
    [navigate, notification, message, t, guard],
  );
  const scheduler = useAutosave(handlers);
  const save = useCallback(() => {
    notification.destroy("editor-invalid");
    void scheduler.flush("manual");
  }, [scheduler, notification]);

  useEditorKeyboard({
    save,
    lockedKept: (count) => void message.info(t("editor.lockedKept", { count })),
  });

  const back = async () => {
    if (isDirty() && !(await confirmLeave())) return;
    guard.leave(() => navigate("/program/list"));
  };
  const closePreview = useCallback(() => setUi({ previewOpen: false }), [setUi]);

  return (
    <div className="mq-ed" data-testid="editor">
      <Toolbar onBack={() => void back()} onSave={save} onPreview={() => setUi({ previewOpen: true })} />
      <div className="mq-ed-body">
        <aside className="mq-ed-left">
          <SceneList />
          <Palette />
        </aside>
        <main className="mq-ed-center">
          <Canvas />
        </main>
        <aside className="mq-ed-right">
          <LayersPanel />
          <div className="mq-ed-props">
            <PropertyPanel />
          </div>
        </aside>
      </div>
      <ConflictModal handlers={handlers} />
      {previewOpen ? <PreviewOverlay onClose={closePreview} /> : null}
    </div>
  );
}
