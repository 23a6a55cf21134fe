import type { TerminalTreeNodeT } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Empty, Spin, Table, Tree, type TreeDataNode, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { NodeTitle } from "../terminal/NodeTitle";
import { StatusDot } from "../terminal/StatusDot";
import { groupKey, officeKey, parseKey } from "../terminal/tree";
import { publishApi } from "./api";
import { type Chosen, coveredKeys } from "./selection";

const keyOf = (n: TerminalTreeNodeT) => (n.kind === "office" ? officeKey(n.id) : groupKey(n.id));

/**
 * The terminal groups with their terminal counts (groupTreeMap), checkable; offices in the tree only
 * hold their groups. Below, the screens the chosen groups reach (groupsterminals).
 */
export function GroupPicker({
  chosen,
  includeChildren,
  onToggle,
}: {
  chosen: ReadonlyMap<number, Chosen>;
  includeChildren: boolean;
  onToggle: (group: Chosen, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const groups = useQuery({
    queryKey: ["publish", "groupTree"],
    queryFn: publishApi.groupTree,
    refetchInterval: 30_000,
  });
  const tree = groups.data?.tree;
  const chosenKeys = useMemo(() => new Set([...chosen.keys()].map(groupKey)), [chosen]);
  const covered = useMemo(
    () => coveredKeys(tree ?? [], keyOf, chosenKeys, includeChildren),
    [tree, chosenKeys, includeChildren],
  );
  const { data, names } = useMemo(() => {
    const names = new Map<number, string>();
    const toData = (n: TerminalTreeNodeT): TreeDataNode => {
      const key = keyOf(n);
      if (n.kind === "group") names.set(n.id, n.name);
      return {
        key,
        title: <NodeTitle name={n.name} online={n.online} total={n.total} />,
        checkable: n.kind === "group",
        selectable: n.kind === "group",
        disableCheckbox: covered.has(key),
        children: n.children.map(toData),
      };
    };
    return { data: (tree ?? []).map(toData), names };
  }, [tree, covered]);

  const toggleKey = (key: string, on: boolean) => {
    const parsed = parseKey(key);
    if (parsed?.kind !== "group" || covered.has(key)) return;
    onToggle({ id: parsed.id, name: names.get(parsed.id) ?? String(parsed.id) }, on);
  };

  return (
    <div data-testid="publish-group-picker">
      {groups.isError ? (
        <Alert type="error" showIcon title={t("publish.picker.loadFailed")} />
      ) : (
        <Spin spinning={groups.isLoading}>
          {data.length > 0 ? (
            <div style={{ maxHeight: 320, overflow: "auto" }}>
              <Tree
                checkable
                checkStrictly
                blockNode
                defaultExpandAll
                treeData={data}
                checkedKeys={{ checked: [...chosenKeys, ...covered], halfChecked: [] }}
                selectedKeys={[]}
                onCheck={(_, info) => toggleKey(String(info.node.key), info.checked)}
                onSelect={(_, info) => {
                  const key = String(info.node.key);
                  toggleKey(key, !chosenKeys.has(key));
                }}
              />
            </div>
          ) : (
            !groups.isLoading && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("publish.picker.noGroups")} />
            )
          )}
        </Spin>
      )}
      {chosen.size > 0 && <GroupTerminals groupIds={[...chosen.keys()]} />}
    </div>
  );
}

/** The screens of the chosen groups, so the user sees what a group stands for before publishing. */
function GroupTerminals({ groupIds }: { groupIds: number[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const ids = [...groupIds].sort((a, b) => a - b);
  const list = useQuery({
    queryKey: ["publish", "groupsTerminals", ids, page],
    queryFn: () => publishApi.groupsTerminals({ groupIds: ids, ...page }),
    placeholderData: keepPreviousData,
  });
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">{t("publish.picker.groupTerminals")}</Typography.Text>
      <Table
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={[
          { key: "name", title: t("publish.columns.terminal"), dataIndex: "name", ellipsis: true },
          { key: "group", title: t("publish.columns.group"), render: (_, r) => r.groupName ?? "-" },
          {
            key: "status",
            title: t("publish.columns.status"),
            width: 110,
            render: (_, r) => <StatusDot status={r.status} />,
          },
        ]}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          size: "small",
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        locale={{ emptyText: t("publish.picker.groupsEmpty") }}
      />
    </div>
  );
}
