import { AimOutlined, DeleteOutlined, DragOutlined, EnvironmentOutlined } from "@ant-design/icons";
import type { MapTerminal } from "@marquee/contracts";
import {
  Alert,
  Descriptions,
  Drawer,
  List,
  Popconfirm,
  Space,
  Spin,
  Switch,
  Tooltip,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { OutcomeTag } from "../terminal/OutcomeTag";
import { isSettled } from "../terminal/outcomes";
import { reasonText } from "../terminal/reason";
import { StatusDot } from "../terminal/StatusDot";
import { relativeTime } from "../terminal/time";
import type { CommandRun } from "../terminal/useCommandRun";
import { useNow } from "../terminal/useNow";
import { formatLatLng } from "./markers";
import { POSITION_PERMISSIONS, POSITION_ROUTE_PERMISSION } from "./permissions";

/**
 * One terminal of the map: what it is, what it shows, where it stands and
 * since when; ask it for its position, let it report by itself, move it,
 * place it, take it off the map. The last action's outcome shows below.
 */
export function MapDetailsDrawer({
  terminal,
  run,
  onClose,
  onAsk,
  onAuto,
  onMove,
  onPlace,
  onClear,
}: {
  terminal: MapTerminal | null;
  run: CommandRun | null;
  onClose: () => void;
  onAsk: () => void;
  onAuto: (enabled: boolean) => void;
  onMove: () => void;
  onPlace: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const canSettings = useCan(POSITION_PERMISSIONS.settings, POSITION_ROUTE_PERMISSION);
  const canEdit = useCan(POSITION_PERMISSIONS.edit, POSITION_ROUTE_PERMISSION);
  const placed = terminal !== null && terminal.lat !== null && terminal.lng !== null;
  const ago = (iso: string | null) => {
    const r = relativeTime(iso, now);
    return t(`terminal.ago.${r.key}`, "values" in r ? r.values : {});
  };
  const exact = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language.replace("_", "-")) : "";
  const autoBusy = run?.sending === true && run.name !== "position";
  const outcomes = run?.outcomes ?? [];
  const mine = terminal ? outcomes.filter((o) => o.terminalId === terminal.id) : [];

  return (
    <Drawer
      open={terminal !== null}
      onClose={onClose}
      mask={false}
      size={400}
      title={terminal ? terminal.name : t("position.details.title")}
      data-testid="map-details"
    >
      {terminal && (
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t("position.details.name")}>
              <span data-testid="map-details-name">{terminal.name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t("position.details.office")}>
              {terminal.officeName ?? "—"}
            </Descriptions.Item>
            <Descriptions.Item label={t("position.details.status")}>
              <StatusDot status={terminal.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t("position.details.program")}>
              {terminal.programName ?? (
                <Typography.Text type="secondary">{t("position.details.noProgram")}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t("position.details.lastSeen")}>
              <Tooltip title={exact(terminal.lastSeenAt)}>{ago(terminal.lastSeenAt)}</Tooltip>
            </Descriptions.Item>
            <Descriptions.Item label={t("position.details.address")}>
              {terminal.address ?? (
                <Typography.Text type="secondary">{t("position.details.noAddress")}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t("position.details.position")}>
              {placed ? (
                <span data-testid="map-details-position">
                  {formatLatLng(terminal.lat as number, terminal.lng as number)}
                </span>
              ) : (
                <Typography.Text type="secondary">{t("position.details.notPlaced")}</Typography.Text>
              )}
            </Descriptions.Item>
            {placed && terminal.source && (
              <Descriptions.Item label={t("position.details.source")}>
                <span data-testid="map-details-source">
                  {t(`position.details.sources.${terminal.source}`)}
                </span>
              </Descriptions.Item>
            )}
            {placed && terminal.positionDate && (
              <Descriptions.Item label={t("position.details.positionAt")}>
                <Tooltip title={exact(terminal.positionDate)}>{ago(terminal.positionDate)}</Tooltip>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t("position.details.autoPosition")}>
              <Space>
                <Switch
                  checked={terminal.autoPosition}
                  loading={autoBusy}
                  disabled={!canSettings}
                  title={canSettings ? t("position.details.autoPositionHint") : t("common.noPermission")}
                  onChange={onAuto}
                  data-testid="map-auto-position"
                />
              </Space>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t("position.details.autoPositionHint")}</Typography.Text>

          <Space wrap>
            <AuthButton
              icon={<AimOutlined />}
              operation={POSITION_PERMISSIONS.command}
              routePermission={POSITION_ROUTE_PERMISSION}
              label={t("position.actions.ask")}
              loading={run?.sending === true && run.name === "position"}
              onClick={onAsk}
              data-testid="map-ask-position"
            />
            {placed ? (
              <AuthButton
                icon={<DragOutlined />}
                operation={POSITION_PERMISSIONS.edit}
                routePermission={POSITION_ROUTE_PERMISSION}
                label={t("position.actions.move")}
                onClick={onMove}
                data-testid="map-move"
              />
            ) : null}
            <AuthButton
              icon={<EnvironmentOutlined />}
              operation={POSITION_PERMISSIONS.edit}
              routePermission={POSITION_ROUTE_PERMISSION}
              label={t("position.actions.place")}
              onClick={onPlace}
              data-testid="map-place"
            />
            {placed && canEdit ? (
              <Popconfirm
                title={t("position.actions.clearConfirm", { name: terminal.name })}
                okText={t("common.ok")}
                cancelText={t("common.cancel")}
                onConfirm={onClear}
              >
                <AuthButton
                  danger
                  icon={<DeleteOutlined />}
                  operation={POSITION_PERMISSIONS.edit}
                  routePermission={POSITION_ROUTE_PERMISSION}
                  label={t("position.actions.clear")}
                  data-testid="map-clear"
                />
              </Popconfirm>
            ) : null}
          </Space>

          {run && (run.sending || mine.length > 0) && (
            <Space orientation="vertical" style={{ width: "100%" }} data-testid="map-run">
              <Typography.Text strong>{t(`position.run.${run.name}`)}</Typography.Text>
              {run.sending ? (
                <Spin size="small" description={t("position.run.sending")} />
              ) : (
                <>
                  {!isSettled(mine) && <Alert type="info" showIcon title={t("position.run.waiting")} />}
                  <List
                    size="small"
                    dataSource={mine}
                    rowKey="id"
                    renderItem={(o) => (
                      <List.Item data-testid="map-run-outcome">
                        <List.Item.Meta
                          title={o.terminalName}
                          description={
                            o.state === "offline" ? (
                              t("position.run.offline")
                            ) : o.reason ? (
                              <Typography.Text type={o.state === "failed" ? "danger" : "secondary"}>
                                {reasonText(t, o.reason)}
                              </Typography.Text>
                            ) : undefined
                          }
                        />
                        <OutcomeTag outcome={o} />
                      </List.Item>
                    )}
                  />
                </>
              )}
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}
