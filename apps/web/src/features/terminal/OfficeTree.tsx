import { ApartmentOutlined } from "@ant-design/icons";
import type { TerminalTreeNodeT } from "@marquee/contracts";
import { Card, Checkbox, Empty, Spin, Tree, type TreeDataNode, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { NodeTitle } from "./NodeTitle";
import { hasBranches, officeKey, parseKey } from "./tree";

/** The office tree (left): online/total per office; choosing one narrows the list, the counts and the groups. */
export function OfficeTree({
  tree,
  loaded,
  loading,
  onLoad,
  officeId,
  includeChildren,
  onSelect,
  onIncludeChildren,
}: {
  tree: TerminalTreeNodeT[];
  loaded: ReadonlyMap<number, TerminalTreeNodeT[]>;
  loading: boolean;
  onLoad: (id: number) => Promise<void>;
  officeId: number | undefined;
  includeChildren: boolean;
  onSelect: (officeId: number | undefined) => void;
  onIncludeChildren: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const toData = (n: TerminalTreeNodeT): TreeDataNode => ({
      key: officeKey(n.id),
      title: <NodeTitle name={n.name} online={n.online} total={n.total} />,
      isLeaf: !hasBranches(n, loaded),
      children: n.children.map(toData),
    });
    return tree.map(toData);
  }, [tree, loaded]);

  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t("terminal.tree.offices")}
        </span>
      }
      styles={{ body: { padding: 8 } }}
    >
      <Spin spinning={loading}>
        {data.length > 0 ? (
          <div data-testid="terminal-office-tree" style={{ maxHeight: 360, overflow: "auto" }}>
            <Tree
              blockNode
              treeData={data}
              defaultExpandedKeys={tree.map((n) => officeKey(n.id))}
              selectedKeys={officeId === undefined ? [] : [officeKey(officeId)]}
              loadData={async (node) => {
                const parsed = parseKey(String(node.key));
                if (parsed?.kind === "office") await onLoad(parsed.id);
              }}
              onSelect={(keys) => {
                const parsed = keys[0] === undefined ? null : parseKey(String(keys[0]));
                onSelect(parsed?.kind === "office" ? parsed.id : undefined);
              }}
            />
          </div>
        ) : (
          !loading && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("terminal.tree.noOffices")} />
          )
        )}
      </Spin>
      <Checkbox
        checked={includeChildren}
        disabled={officeId === undefined}
        onChange={(e) => onIncludeChildren(e.target.checked)}
        style={{ marginTop: 8 }}
        data-testid="terminal-include-children"
      >
        <Typography.Text type="secondary">{t("terminal.tree.includeChildren")}</Typography.Text>
      </Checkbox>
    </Card>
  );
}
