import type { MapTerminal } from "@marquee/contracts";
import { Card, List, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { StatusDot } from "../terminal/StatusDot";
import { POSITION_PERMISSIONS, POSITION_ROUTE_PERMISSION } from "./permissions";

const PAGE_SIZE = 8;

/** The terminals without a position: open one, or place it (click the map or search its address). */
export function UnplacedList({
  list,
  placingId,
  onOpen,
  onPlace,
}: {
  list: readonly MapTerminal[];
  placingId: number | null;
  onOpen: (id: number) => void;
  onPlace: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={`${t("position.unplaced.title")} (${list.length})`} data-testid="map-unplaced">
      <List
        size="small"
        dataSource={[...list]}
        rowKey="id"
        locale={{ emptyText: t("position.unplaced.empty") }}
        pagination={list.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: "small", simple: true } : false}
        renderItem={(r) => (
          <List.Item
            data-testid={`map-unplaced-${r.id}`}
            style={r.id === placingId ? { background: "rgba(22,119,255,0.08)" } : undefined}
            actions={[
              <AuthButton
                key="place"
                size="small"
                type={r.id === placingId ? "primary" : "default"}
                operation={POSITION_PERMISSIONS.edit}
                routePermission={POSITION_ROUTE_PERMISSION}
                label={t("position.unplaced.place")}
                onClick={() => onPlace(r.id)}
                data-testid={`map-place-${r.id}`}
              />,
            ]}
          >
            <List.Item.Meta
              title={
                <Typography.Link onClick={() => onOpen(r.id)} ellipsis>
                  {r.name}
                </Typography.Link>
              }
              description={<StatusDot status={r.status} />}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
