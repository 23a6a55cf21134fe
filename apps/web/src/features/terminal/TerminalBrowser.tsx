import type { TerminalSummary } from "@marquee/contracts";
import { Button, Card, Empty, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GroupTree } from "./GroupTree";
import { OfficeTree } from "./OfficeTree";
import { TerminalFilters } from "./TerminalFilters";
import { type TableView, TerminalTable } from "./TerminalTable";
import { findNode } from "./tree";
import type { useOfficeTree } from "./useOfficeTree";
import type { TerminalList } from "./useTerminalList";

/**
 * The office and group trees on the left, and on the right a toolbar, the filters, the actions on the
 * selection and the server-paged list (terminal monitoring and terminal settings share it).
 */
export function TerminalBrowser({
  list,
  offices,
  toolbar,
  batch,
  nothingYet,
  onOpen,
  view = "monitor",
}: {
  list: TerminalList;
  offices: ReturnType<typeof useOfficeTree>;
  toolbar: ReactNode;
  /** The actions on the selection, above the list. */
  batch: ReactNode;
  /** What shows instead of the list while the caller has no terminal at all. */
  nothingYet: ReactNode;
  onOpen: (terminal: TerminalSummary) => void;
  /** Which facts the list shows (TerminalTable). */
  view?: TableView;
}) {
  const { t } = useTranslation();
  const { scope, changeScope, filters, changeFilters } = list;
  const officeName = scope.officeId === undefined ? undefined : findNode(offices.tree, scope.officeId)?.name;
  return (
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
          {toolbar}
          {!list.nothingYet && <TerminalFilters value={filters} onChange={changeFilters} />}
          {!list.nothingYet && batch}
          {list.nothingYet ? (
            nothingYet
          ) : list.rows.length === 0 && !list.loading ? (
            <Empty description={t("terminal.noMatch")} data-testid="terminal-no-match">
              <Button onClick={list.resetFilters}>{t("terminal.clearFilters")}</Button>
            </Empty>
          ) : (
            <TerminalTable
              rows={list.rows}
              loading={list.loading}
              total={list.total}
              pageNo={list.page.pageNo}
              pageSize={list.page.pageSize}
              onPage={(pageNo, pageSize) => list.setPage({ pageNo, pageSize })}
              sort={filters.sort}
              order={filters.order}
              onSort={(sort, order) => changeFilters({ ...filters, sort, order })}
              selected={list.selected}
              onSelect={list.setSelected}
              onOpen={onOpen}
              view={view}
            />
          )}
        </Space>
      </Card>
    </div>
  );
}
