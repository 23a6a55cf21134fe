import { ApartmentOutlined } from "@ant-design/icons";
import type { OfficeNode } from "@marquee/contracts";
import { Card, Empty, Input, Space, Spin, Tag, Tree, type TreeDataNode, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type OfficeHit, officeApi } from "./api";
import { STATE_COLORS, TYPE_COLORS } from "./format";
import { type Branch, branches, type LazyState } from "./lazyTree";

/** A node's title: its name, its kind unless an institution, its state unless active. */
export function NodeLabel({ node }: { node: Pick<OfficeNode, "name" | "type" | "state"> }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <span>{node.name}</span>
      {node.type !== "institution" && (
        <Tag color={TYPE_COLORS[node.type]} style={{ marginInlineEnd: 0 }}>
          {t(`office.types.${node.type}`)}
        </Tag>
      )}
      {node.state !== "active" && (
        <Tag color={STATE_COLORS[node.state]} style={{ marginInlineEnd: 0 }}>
          {t(`office.states.${node.state}`)}
        </Tag>
      )}
    </Space>
  );
}

/**
 * The office tree (left of institution management), opened one level at a
 * time, with a search that opens the tree down to a hit and selects it.
 */
export function OfficeTreePanel({
  state,
  loading,
  onLoad,
  selected,
  onSelect,
  expanded,
  onExpand,
}: {
  state: LazyState<OfficeNode>;
  loading: boolean;
  onLoad: (id: number) => Promise<unknown>;
  selected: number | undefined;
  onSelect: (id: number | undefined) => void;
  expanded: number[];
  onExpand: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [hits, setHits] = useState<{ list: OfficeHit[]; more: boolean } | null>(null);
  const [searching, setSearching] = useState(false);

  const data = useMemo(() => {
    const toData = (b: Branch<OfficeNode>): TreeDataNode => ({
      key: b.node.id,
      title: <NodeLabel node={b.node} />,
      isLeaf: b.node.isLeaf,
      children: b.children?.map(toData),
    });
    return branches(state).map(toData);
  }, [state]);

  const search = async (text: string) => {
    const name = text.trim();
    if (!name) {
      setHits(null);
      return;
    }
    setSearching(true);
    try {
      const r = await officeApi.search(name);
      setHits({ list: r.list, more: r.more });
    } catch {
      // the http client has shown why
    } finally {
      setSearching(false);
    }
  };

  /** Opens every level above the hit (loading them as needed), then selects it. */
  const reveal = async (hit: OfficeHit) => {
    const above = hit.trail.slice(0, -1).map((s) => s.id);
    for (const id of above) if (!state.children.has(id)) await onLoad(id);
    onExpand([...new Set([...expanded, ...above])]);
    onSelect(hit.id);
  };

  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t("office.tree.title")}
        </span>
      }
      styles={{ body: { padding: 8 } }}
    >
      <Input.Search
        allowClear
        placeholder={t("office.tree.search")}
        maxLength={100}
        loading={searching}
        onSearch={(v) => void search(v)}
        onChange={(e) => {
          if (!e.target.value) setHits(null);
        }}
        style={{ marginBottom: 8 }}
        data-testid="office-search"
      />
      {hits && (
        <div
          style={{
            marginBottom: 8,
            maxHeight: 240,
            overflow: "auto",
            border: "1px solid rgba(5, 5, 5, 0.06)",
            borderRadius: 6,
          }}
          data-testid="office-search-hits"
        >
          {hits.list.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("office.tree.noHits")} />
          )}
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {hits.list.map((hit) => (
              <li key={hit.id} style={{ borderBottom: "1px solid rgba(5, 5, 5, 0.06)" }}>
                <button
                  type="button"
                  onClick={() => void reveal(hit)}
                  style={{
                    display: "block",
                    width: "100%",
                    textAlign: "start",
                    padding: "6px 10px",
                    border: 0,
                    background: hit.id === selected ? "rgba(22, 119, 255, 0.08)" : "transparent",
                    cursor: "pointer",
                  }}
                  data-testid="office-search-hit"
                >
                  <NodeLabel node={hit} />
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {hit.trail.map((s) => s.name).join(" / ")}
                  </Typography.Text>
                </button>
              </li>
            ))}
          </ul>
          {hits.more && (
            <Typography.Paragraph type="secondary" style={{ margin: 0, padding: "6px 10px" }}>
              {t("office.tree.more")}
            </Typography.Paragraph>
          )}
        </div>
      )}
      <Spin spinning={loading}>
        {data.length > 0 ? (
          <div
            data-testid="office-tree"
            style={{ maxHeight: "calc(100vh - 300px)", minHeight: 200, overflow: "auto" }}
          >
            <Tree
              blockNode
              treeData={data}
              expandedKeys={expanded}
              onExpand={(keys) => onExpand(keys.map(Number))}
              selectedKeys={selected === undefined ? [] : [selected]}
              loadData={async (node) => {
                await onLoad(Number(node.key));
              }}
              onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : Number(keys[0]))}
            />
          </div>
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("office.tree.empty")} />
        )}
      </Spin>
    </Card>
  );
}
