import { Card, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuditLogTab } from "./AuditLogTab";
import { CommandLogTab } from "./CommandLogTab";

/**
 * System log (sysLog, sys/log): the audit trail of every state-changing call,
 * and the commands sent to terminals, each filtered and scrolled without end
 * within the caller's data range.
 */
export default function SysLogPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState("operations");
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: "operations",
            label: <span data-testid="log-tab-operations">{t("system.log.tabs.operations")}</span>,
            children: <AuditLogTab />,
          },
          {
            key: "commands",
            label: <span data-testid="log-tab-commands">{t("system.log.tabs.commands")}</span>,
            children: <CommandLogTab />,
          },
        ]}
      />
    </Card>
  );
}
