import { MAX_PAGE_SIZE } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Checkbox, Empty, Input, Spin, Tree, type TreeDataNode, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { NodeTitle } from "../terminal/NodeTitle";
import { officeKey, parseKey } from "../terminal/tree";
import { type OfficeCount, publishApi } from "./api";
import { type Chosen, coveredKeys } from "./selection";

interface OfficeNode {
  id: number;
  office: OfficeCount;
  children: OfficeNode[];
}

const levelKey = (parentId: number | null) => ["publish", "offices", parentId] as const;
const levelQuery = (parentId: number | null) => ({
  queryKey: levelKey(parentId),
  queryFn: () =>
    publishApi.officeLevel({ parentId: parentId ?? undefined, pageNo: 1, pageSize: MAX_PAGE_SIZE }),
});

/**
 * The office tree with the authorised terminals of each office (pageOfficeTreeMap, one level at a
 * time as the user opens it), checkable; a name search (searchOffice) finds offices anywhere.
 */
export function OfficePicker({
  chosen,
  includeChildren,
  onToggle,
}: {
  chosen: ReadonlyMap<number, Chosen>;
  includeChildren: boolean;
  onToggle: (office: Chosen, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const top = useQuery({ ...levelQuery(null), refetchInterval: 30_000 });
  const [loaded, setLoaded] = useState<ReadonlyMap<number, OfficeCount[]>>(() => new Map());
  const found = useQuery({
    queryKey: ["publish", "searchOffice", search],
    queryFn: () => publishApi.searchOffice(search),
    enabled: search !== "",
  });

  const tree = useMemo(() => {
    const build = (list: readonly OfficeCount[]): OfficeNode[] =>
      list.map((office) => ({ id: office.id, office, children: build(loaded.get(office.id) ?? []) }));
    return build(top.data?.list ?? []);
  }, [top.data, loaded]);

  const chosenKeys = useMemo(() => new Set([...chosen.keys()].map(officeKey)), [chosen]);
  const covered = useMemo(
    () => coveredKeys(tree, (n) => officeKey(n.id), chosenKeys, includeChildren),
    [tree, chosenKeys, includeChildren],
  );
  const names = useMemo(() => {
    const map = new Map<number, string>();
    const walk = (list: OfficeNode[]) => {
      for (const n of list) {
        map.set(n.id, n.office.name);
        walk(n.children);
      }
    };
    walk(tree);
    return map;
  }, [tree]);

  const data = useMemo(() => {
    const toData = (n: OfficeNode): TreeDataNode => {
      const key = officeKey(n.id);
      return {
        key,
        title: (
          <span title={covered.has(key) ? t("publish.picker.coveredByParent") : undefined}>
            <NodeTitle name={n.office.name} online={n.office.onlineCount} total={n.office.terminalCount} />
          </span>
        ),
        isLeaf: !n.office.hasChildren,
        disableCheckbox: covered.has(key),
        children: n.children.map(toData),
      };
    };
    return tree.map(toData);
  }, [tree, covered, t]);

  const toggleKey = (key: string, on: boolean) => {
    const parsed = parseKey(key);
    if (parsed?.kind !== "office" || covered.has(key)) return;
    onToggle({ id: parsed.id, name: names.get(parsed.id) ?? String(parsed.id) }, on);
  };
  const truncated = (top.data?.total ?? 0) > (top.data?.list.length ?? 0);

  return (
    <div data-testid="publish-office-picker">
      <Input.Search
        allowClear
        placeholder={t("publish.picker.searchOffices")}
        onSearch={(v) => setSearch(v.trim())}
        style={{ marginBottom: 8 }}
        data-testid="publish-office-search"
      />
      {search !== "" ? (
        <Spin spinning={found.isFetching}>
          {found.isError ? (
            <Alert type="error" showIcon title={t("publish.picker.loadFailed")} />
          ) : (
            <div data-testid="publish-office-found">
              {found.data?.list.length === 0 && (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t("publish.picker.noOfficeFound", { name: search })}
                />
              )}
              {found.data?.list.map((o) => (
                <div key={o.id} style={{ padding: "4px 0" }}>
                  <Checkbox
                    checked={chosen.has(o.id)}
                    onChange={(e) => onToggle({ id: o.id, name: o.name }, e.target.checked)}
                  >
                    {o.name}{" "}
                    <Typography.Text
                      type="secondary"
                      title={t("terminal.tree.onlineOfTotal", {
                        online: o.onlineCount,
                        total: o.terminalCount,
                      })}
                    >
                      {o.onlineCount}/{o.terminalCount}
                    </Typography.Text>
                  </Checkbox>
                </div>
              ))}
            </div>
          )}
        </Spin>
      ) : top.isError ? (
        <Alert type="error" showIcon title={t("publish.picker.loadFailed")} />
      ) : (
        <Spin spinning={top.isLoading}>
          {data.length > 0 ? (
            <div style={{ maxHeight: 420, overflow: "auto" }}>
              <Tree
                checkable
                checkStrictly
                blockNode
                treeData={data}
                checkedKeys={{ checked: [...chosenKeys, ...covered], halfChecked: [] }}
                selectedKeys={[]}
                onCheck={(_, info) => toggleKey(String(info.node.key), info.checked)}
                onSelect={(_, info) => {
                  const key = String(info.node.key);
                  toggleKey(key, !chosenKeys.has(key));
                }}
                loadData={async (node) => {
                  const parsed = parseKey(String(node.key));
                  if (parsed?.kind !== "office" || loaded.has(parsed.id)) return;
                  const answer = await queryClient.fetchQuery(levelQuery(parsed.id));
                  setLoaded((m) => new Map(m).set(parsed.id, answer.list));
                }}
              />
            </div>
          ) : (
            !top.isLoading && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("publish.picker.noOffices")} />
            )
          )}
          {truncated && <Typography.Text type="secondary">{t("publish.picker.moreOffices")}</Typography.Text>}
        </Spin>
      )}
    </div>
  );
}
