import {
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FormOutlined,
  HistoryOutlined,
  RollbackOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { ProgramSummary } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import type { TFunction } from "i18next";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../access/useCan";
import { confirmWithdraw } from "../content/confirmWithdraw";
import { RowActions } from "../content/RowActions";
import { publishApi } from "../publish/api";
import { KIND_PERMISSIONS, publishSetPath } from "../publish/kinds";
import { PublicationsDrawer } from "../publish/PublicationsDrawer";
import { type ActionAvailability, PROGRAM_KIND, type ProgramGrants, programActions } from "./actions";
import { programApi } from "./api";

/** What the page does for each action of one program. */
export interface ProgramOps {
  edit: (p: ProgramSummary) => void;
  copy: (p: ProgramSummary) => void;
  rename: (p: ProgramSummary) => void;
  remove: (programs: ProgramSummary[]) => void;
  submit: (programs: ProgramSummary[]) => void;
  history: (p: ProgramSummary) => void;
}

/** Why an action is not available, as a button's title. */
function reasonOf(t: TFunction, a: ActionAvailability): string | undefined {
  if (a.enabled) return undefined;
  return a.reason === "noPermission" ? t("common.noPermission") : t("program.submitState");
}

/** Edit and delete as buttons; copy, rename, export, submit, history and publishing in a menu. */
export function ProgramActions({
  program,
  grants,
  ops,
}: {
  program: ProgramSummary;
  grants: ProgramGrants;
  ops: ProgramOps;
}) {
  const { t } = useTranslation();
  const can = programActions(program.state, grants);
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [publications, setPublications] = useState(false);
  const publishGrant: ActionAvailability = useCan(
    KIND_PERMISSIONS.program.publish,
    KIND_PERMISSIONS.program.view,
  )
    ? { enabled: true }
    : { enabled: false, reason: "noPermission" };
  const withdraw = () =>
    confirmWithdraw(modal, t, {
      title: t("publish.actions.withdrawConfirm", { name: program.name }),
      content: t("publish.actions.withdrawHint"),
      okText: t("publish.actions.withdraw"),
      withdraw: () => publishApi.withdrawContent("program", [program.id]),
      done: (count) => {
        if (count === 0) void message.info(t("publish.actions.nothingToWithdraw"));
        else void message.success(t("publish.actions.withdrawn", { count }));
        void queryClient.invalidateQueries({ queryKey: ["program"] });
        void queryClient.invalidateQueries({ queryKey: ["publish"] });
      },
    });
  const entry = (
    key: string,
    icon: ReactNode,
    label: string,
    availability: ActionAvailability,
    onClick: () => void,
  ) => ({
    key,
    icon,
    label,
    availability,
    onClick,
  });
  return (
    <>
      <RowActions
        kind={PROGRAM_KIND}
        buttons={[
          {
            ...entry("edit", <EditOutlined />, t("program.actions.edit"), can.edit, () => ops.edit(program)),
            testId: "program-edit",
          },
          {
            ...entry("delete", <DeleteOutlined />, t("program.actions.delete"), can.delete, () =>
              ops.remove([program]),
            ),
            danger: true,
            testId: "program-delete",
          },
        ]}
        menu={[
          entry("copy", <CopyOutlined />, t("program.actions.copy"), can.copy, () => ops.copy(program)),
          entry("rename", <FormOutlined />, t("program.actions.rename"), can.rename, () =>
            ops.rename(program),
          ),
          {
            key: "export",
            icon: <ExportOutlined />,
            label: (
              <a href={programApi.exportUrl(program.id)} download data-testid="program-export">
                {t("program.actions.export")}
              </a>
            ),
          },
          entry("submit", <SendOutlined />, t("program.actions.submit"), can.submit, () =>
            ops.submit([program]),
          ),
          entry("history", <HistoryOutlined />, t("program.actions.history"), can.history, () =>
            ops.history(program),
          ),
          "divider",
          entry("publish", <CloudUploadOutlined />, t("publish.actions.publish"), publishGrant, () =>
            navigate(publishSetPath("program", program.id)),
          ),
          entry(
            "publications",
            <UnorderedListOutlined />,
            t("publish.actions.publications"),
            { enabled: true },
            () => setPublications(true),
          ),
          entry("withdraw", <RollbackOutlined />, t("publish.actions.withdraw"), publishGrant, withdraw),
        ]}
        reason={(a) => reasonOf(t, a)}
      />
      <PublicationsDrawer
        kind="program"
        contentId={publications ? program.id : null}
        contentName={program.name}
        onClose={() => setPublications(false)}
      />
    </>
  );
}
