import type { TerminalTreeNodeT } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Select, TreeSelect } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { groupTreeQuery } from "./GroupTree";
import { flatten, hasBranches } from "./tree";

interface OfficeOption {
  value: number;
  title: string;
  isLeaf: boolean;
  children: OfficeOption[];
}

/** Chooses one of the caller's offices (the tree of treeDataNew, opened level by level when it is large). */
export function OfficeSelect({
  tree,
  loaded,
  onLoad,
  value,
  onChange,
  id,
  testId,
}: {
  tree: TerminalTreeNodeT[];
  loaded: ReadonlyMap<number, TerminalTreeNodeT[]>;
  onLoad: (id: number) => Promise<void>;
  value?: number;
  onChange?: (officeId: number) => void;
  id?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const toOption = (n: TerminalTreeNodeT): OfficeOption => ({
      value: n.id,
      title: n.name,
      isLeaf: !hasBranches(n, loaded),
      children: n.children.map(toOption),
    });
    return tree.map(toOption);
  }, [tree, loaded]);
  return (
    <TreeSelect
      id={id}
      style={{ width: "100%" }}
      value={value}
      onChange={(v: number) => onChange?.(v)}
      treeData={options}
      treeDefaultExpandedKeys={tree.map((n) => n.id)}
      loadData={async (node) => {
        if (typeof node.value === "number") await onLoad(node.value);
      }}
      showSearch
      treeNodeFilterProp="title"
      placeholder={t("terminal.pickers.office")}
      data-testid={testId}
    />
  );
}

/** Chooses a group of one office, or none (the groups listed with their depth). */
export function GroupSelect({
  officeId,
  value,
  onChange,
  id,
  testId,
}: {
  officeId: number | undefined;
  value?: number;
  onChange?: (groupId: number | undefined) => void;
  id?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const groups = useQuery({ ...groupTreeQuery(officeId ?? 0), enabled: officeId !== undefined });
  const options = useMemo(
    () =>
      flatten(groups.data?.tree ?? []).map(({ node, depth }) => ({
        value: node.id,
        label: `${"\u2003".repeat(depth)}${node.name}`,
      })),
    [groups.data],
  );
  return (
    <Select
      id={id}
      allowClear
      style={{ width: "100%" }}
      value={value}
      onChange={(v: number | undefined) => onChange?.(v)}
      options={options}
      loading={groups.isFetching}
      disabled={officeId === undefined}
      placeholder={officeId === undefined ? t("terminal.pickers.officeFirst") : t("terminal.pickers.noGroup")}
      notFoundContent={t("terminal.pickers.noGroups")}
      data-testid={testId}
    />
  );
}
