import {
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FormOutlined,
  HistoryOutlined,
  MoreOutlined,
  RollbackOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { ProgramSummary } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Dropdown, type MenuProps, Space, Tooltip } from "antd";
import type { TFunction } from "i18next";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../material/useCan";
import { publishApi } from "../publish/api";
import { KIND_PERMISSIONS, publishSetPath } from "../publish/kinds";
import { PublicationsDrawer } from "../publish/PublicationsDrawer";
import { type ActionAvailability, type ProgramGrants, programActions } from "./actions";
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

/** An icon button of a row: disabled with the reason as its title when not available. */
function IconAction({
  icon,
  label,
  availability,
  onClick,
  danger,
  testId,
}: {
  icon: ReactNode;
  label: string;
  availability: ActionAvailability;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={reasonOf(t, availability) ?? label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        danger={danger}
        aria-label={label}
        disabled={!availability.enabled}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
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
    modal.confirm({
      title: t("publish.actions.withdrawConfirm", { name: program.name }),
      content: t("publish.actions.withdrawHint"),
      okText: t("publish.actions.withdraw"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          const { count } = await publishApi.withdrawContent("program", [program.id]);
          if (count === 0) void message.info(t("publish.actions.nothingToWithdraw"));
          else void message.success(t("publish.actions.withdrawn", { count }));
          void queryClient.invalidateQueries({ queryKey: ["program"] });
          void queryClient.invalidateQueries({ queryKey: ["publish"] });
        } catch {
          // the http client shows the server's reason
        }
      },
    });
  const item = (key: string, icon: ReactNode, label: string, a: ActionAvailability) => ({
    key,
    icon,
    disabled: !a.enabled,
    label: <span title={reasonOf(t, a)}>{label}</span>,
  });
  const menu: MenuProps["items"] = [
    item("copy", <CopyOutlined />, t("program.actions.copy"), can.copy),
    item("rename", <FormOutlined />, t("program.actions.rename"), can.rename),
    {
      key: "export",
      icon: <ExportOutlined />,
      label: (
        <a href={programApi.exportUrl(program.id)} download data-testid="program-export">
          {t("program.actions.export")}
        </a>
      ),
    },
    item("submit", <SendOutlined />, t("program.actions.submit"), can.submit),
    item("history", <HistoryOutlined />, t("program.actions.history"), can.history),
    { type: "divider" },
    item("publish", <CloudUploadOutlined />, t("publish.actions.publish"), publishGrant),
    item("publications", <UnorderedListOutlined />, t("publish.actions.publications"), { enabled: true }),
    item("withdraw", <RollbackOutlined />, t("publish.actions.withdraw"), publishGrant),
  ];
  const onMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "copy") ops.copy(program);
    else if (key === "rename") ops.rename(program);
    else if (key === "submit") ops.submit([program]);
    else if (key === "history") ops.history(program);
    else if (key === "publish") navigate(publishSetPath("program", program.id));
    else if (key === "publications") setPublications(true);
    else if (key === "withdraw") withdraw();
  };
  return (
    <>
      <Space size={0}>
        <IconAction
          icon={<EditOutlined />}
          label={t("program.actions.edit")}
          availability={can.edit}
          onClick={() => ops.edit(program)}
          testId="program-edit"
        />
        <IconAction
          icon={<DeleteOutlined />}
          label={t("program.actions.delete")}
          availability={can.delete}
          onClick={() => ops.remove([program])}
          danger
          testId="program-delete"
        />
        <Dropdown menu={{ items: menu, onClick: onMenu }} trigger={["click"]}>
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t("program.actions.more")}
            data-testid="program-more"
          />
        </Dropdown>
      </Space>
      <PublicationsDrawer
        kind="program"
        contentId={publications ? program.id : null}
        contentName={program.name}
        onClose={() => setPublications(false)}
      />
    </>
  );
}
