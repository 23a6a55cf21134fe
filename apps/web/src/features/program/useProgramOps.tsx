import type { ProgramSummary } from "@marquee/contracts";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { HttpError } from "../../services/http";
import { submittable } from "./actions";
import { programApi } from "./api";
import { editProgramUrl } from "./canvas";
import { isPublishedRefusal } from "./exportFile";
import { HistoryDrawer } from "./HistoryDrawer";
import type { ProgramOps } from "./ProgramActions";
import { RenameModal } from "./RenameModal";

const names = (programs: readonly ProgramSummary[]) => {
  const list = programs.map((p) => p.name);
  return list.length <= 5 ? list.join(", ") : `${list.slice(0, 5).join(", ")} …`;
};

/**
 * The operations of program management, and the dialogs they open (rename, state history).
 * `onChanged` refreshes the list; `onRemoved` also drops deleted programs from the selection.
 */
export function useProgramOps(onChanged: () => void, onRemoved: (ids: number[]) => void) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState<ProgramSummary | null>(null);
  const [historyOf, setHistoryOf] = useState<ProgramSummary | null>(null);

  const failed = (err: unknown) => {
    if (err instanceof HttpError && err.message === "logout") return;
    void message.error(err instanceof Error ? err.message : String(err));
  };

  const sendDelete = async (ids: number[]) => {
    try {
      await programApi.remove(ids);
      void message.success(t("program.deleted"));
      onRemoved(ids);
    } catch (err) {
      // A published program: the server's message says where it plays, which a toast would hide too soon.
      if (isPublishedRefusal(err) && err instanceof Error) {
        modal.warning({
          title: t("program.deleteRefused"),
          content: err.message,
          okText: t("common.ok"),
          width: 520,
        });
      } else failed(err);
    }
  };

  const ops: ProgramOps = {
    edit: (p) => navigate(editProgramUrl(p.id)),
    copy: (p) => {
      programApi
        .copy(p.id)
        .then(() => {
          void message.success(t("program.copied", { name: p.name }));
          onChanged();
        })
        .catch(() => undefined); // the http client has shown why
    },
    rename: setRenaming,
    history: setHistoryOf,
    remove: (programs) => {
      if (programs.length === 0) return;
      modal.confirm({
        title: t("program.deleteConfirm", { count: programs.length }),
        content: (
          <>
            <div>{names(programs)}</div>
            <div>{t("program.deleteHint")}</div>
          </>
        ),
        okText: t("common.delete"),
        okButtonProps: { danger: true, "data-testid": "program-delete-ok" },
        cancelText: t("common.cancel"),
        onOk: () => sendDelete(programs.map((p) => p.id)),
      });
    },
    submit: (programs) => {
      const ready = submittable(programs);
      if (ready.length === 0) {
        void message.warning(t("program.submitState"));
        return;
      }
      const skipped = programs.length - ready.length;
      modal.confirm({
        title: t("program.submitConfirm", { count: ready.length }),
        content: skipped > 0 ? t("program.submitSkipped", { count: skipped }) : names(ready),
        okText: t("program.actions.submit"),
        okButtonProps: { "data-testid": "program-submit-ok" },
        cancelText: t("common.cancel"),
        onOk: () =>
          programApi
            .submit(ready.map((p) => p.id))
            .then(() => {
              void message.success(t("program.submitted", { count: ready.length }));
              onChanged();
            })
            .catch(() => undefined), // the http client has shown why
      });
    },
  };

  const dialogs = (
    <>
      <RenameModal
        program={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={() => {
          void message.success(t("program.renamed"));
          onChanged();
        }}
      />
      <HistoryDrawer program={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
  return { ops, dialogs };
}
