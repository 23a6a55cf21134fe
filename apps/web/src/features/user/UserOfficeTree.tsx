import { ApartmentOutlined } from "@ant-design/icons";
import { Button, Card, Empty, Spin, Tag, Tree, type TreeDataNode } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { OfficeNode } from "./form";

/** The institutions of the caller's range (left): choosing one lists its users and those below it. */
export function UserOfficeTree({
  forest,
  loading,
  officeId,
  onSelect,
}: {
  forest: OfficeNode[];
  loading: boolean;
  officeId: number | undefined;
  onSelect: (officeId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const toData = (n: OfficeNode): TreeDataNode => ({
      key: n.key,
      title: (
        <span>
          <span>{n.title}</span>
          {n.type !== "institution" && (
            <Tag bordered={false} style={{ marginInlineStart: 6 }}>
              {t(`user.tree.types.${n.type}`)}
            </Tag>
          )}
          {n.blocked && (
            <Tag color="error" bordered={false} title={t("user.tree.blockedHint")}>
              {t("user.tree.blocked")}
            </Tag>
          )}
        </span>
      ),
      children: n.children.map(toData),
    });
    return forest.map(toData);
  }, [forest, t]);
  // A small organisation opens whole (an agent's customers are one click away otherwise); a large one by its top.
  const expanded = useMemo(() => {
    const keys: OfficeNode["key"][] = [];
    const walk = (n: OfficeNode) => {
      if (n.children.length) keys.push(n.key);
      n.children.forEach(walk);
    };
    forest.forEach(walk);
    return keys.length <= 50 ? keys : forest.map((n) => n.key);
  }, [forest]);

  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t("user.tree.title")}
        </span>
      }
      extra={
        <Button
          size="small"
          type="link"
          disabled={officeId === undefined}
          onClick={() => onSelect(undefined)}
        >
          {t("user.tree.all")}
        </Button>
      }
      styles={{ body: { padding: 8 } }}
    >
      <Spin spinning={loading}>
        {data.length > 0 ? (
          <div data-testid="user-office-tree" style={{ maxHeight: 520, overflow: "auto" }}>
            <Tree
              blockNode
              treeData={data}
              defaultExpandedKeys={expanded}
              selectedKeys={officeId === undefined ? [] : [officeId]}
              onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : Number(keys[0]))}
            />
          </div>
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("user.tree.empty")} />
        )}
      </Spin>
    </Card>
  );
}
