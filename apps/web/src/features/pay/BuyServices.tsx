import { ShoppingCartOutlined } from "@ant-design/icons";
import type {
  Entitlement,
  PayOrder,
  PayProvider,
  PayService,
  PayServiceKind,
  PaySituation,
  PaySwitch,
} from "@marquee/contracts";
import { Alert, Card, Col, Empty, List, Progress, Row, Space, Statistic, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { usagePercent } from "../office/format";
import { PAY_PERMISSIONS } from "./api";
import { BuyDialog } from "./BuyDialog";
import { durationText, formatBytes, formatMoney, nameOf, quantityText, when } from "./format";

/** One kind as getVolMsgByType answers it. */
export interface KindOffer {
  kind: PayServiceKind;
  list: PayService[];
  situation: PaySituation | null;
}

/** "Paid services open on …" (or "not open"): what a buyer sees before the switch time. */
export function NotOpenNotice({ sw }: { sw: PaySwitch }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      title={
        <span data-testid="pay-not-open">
          {sw.openTime ? t("pay.purchase.notOpen", { time: when(sw.openTime) }) : t("pay.purchase.closed")}
        </span>
      }
      description={t("pay.purchase.notOpenHint")}
    />
  );
}

function EntitlementItem({ e }: { e: Entitlement }) {
  const { t, i18n } = useTranslation();
  const period =
    e.state === "upcoming"
      ? t("pay.purchase.now.from", { date: when(e.startsAt) })
      : e.endsAt
        ? t("pay.purchase.now.until", { date: when(e.endsAt) })
        : t("pay.forever");
  return (
    <List.Item data-testid={`pay-entitlement-${e.id}`}>
      <Space wrap size={6}>
        <Tag color={e.state === "active" ? "green" : e.state === "upcoming" ? "blue" : "default"}>
          {t(`pay.entitlementStates.${e.state}`)}
        </Tag>
        <Typography.Text>{quantityText(e, t, i18n.language)}</Typography.Text>
        <Typography.Text type="secondary">{period}</Typography.Text>
      </Space>
    </List.Item>
  );
}

/** A used / quota figure with its bar; the quota figure carries `testId`. */
function Usage({
  title,
  used,
  quota,
  format,
  testId,
}: {
  title: string;
  used: number;
  quota: number | null;
  format(n: number): string;
  testId: string;
}) {
  const { t } = useTranslation();
  const percent = usagePercent(used, quota);
  return (
    <Space orientation="vertical" size={2} style={{ width: "100%" }}>
      <Statistic
        title={title}
        value={format(used)}
        suffix={
          <Typography.Text type="secondary" style={{ fontSize: 14 }}>
            {" / "}
            <span data-testid={testId}>
              {quota === null ? t("pay.purchase.now.unlimited") : format(quota)}
            </span>
          </Typography.Text>
        }
      />
      {percent !== null && (
        <Progress percent={percent} size="small" status={percent >= 90 ? "exception" : "normal"} />
      )}
    </Space>
  );
}

/** What the buyer has now of a kind: storage or terminals against the quota, and its purchases. */
function Situation({ kind, situation }: { kind: PayServiceKind; situation: PaySituation }) {
  const { t, i18n } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: "100%" }} data-testid={`pay-situation-${kind}`}>
      <Typography.Text strong>{t("pay.purchase.now.title")}</Typography.Text>
      {kind === "storage" && (
        <Usage
          title={t("pay.purchase.now.storage")}
          used={situation.storage.used}
          quota={situation.storage.capacity}
          format={(n) => formatBytes(n, i18n.language)}
          testId="pay-storage-quota"
        />
      )}
      {kind === "terminalLicence" && (
        <Usage
          title={t("pay.purchase.now.terminals")}
          used={situation.terminals.authorised}
          quota={situation.terminals.quota}
          format={(n) => new Intl.NumberFormat(i18n.language.replace("_", "-")).format(n)}
          testId="pay-terminal-quota"
        />
      )}
      <Typography.Text type="secondary">{t("pay.purchase.now.entitlements")}</Typography.Text>
      {situation.entitlements.length === 0 ? (
        <Typography.Text type="secondary">{t("pay.purchase.now.none")}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={situation.entitlements}
          renderItem={(e) => <EntitlementItem e={e} />}
        />
      )}
    </Space>
  );
}

/** Whether the buyer's quota of a kind is unlimited, so there is nothing to buy (the server answers 409). */
function unlimited(kind: PayServiceKind, s: PaySituation | null): boolean {
  if (!s) return false;
  if (kind === "storage") return s.storage.capacity === null;
  if (kind === "terminalLicence") return s.terminals.quota === null;
  return false;
}

function ServiceCard({ service, blocked, onBuy }: { service: PayService; blocked: boolean; onBuy(): void }) {
  const { t, i18n } = useTranslation();
  const name = nameOf(service.name, i18n.language, service.code);
  const description = nameOf(service.description, i18n.language);
  return (
    <Card
      size="small"
      title={name}
      data-testid={`pay-service-card-${service.code}`}
      style={{ height: "100%" }}
      actions={[
        <AuthButton
          key="buy"
          type="primary"
          operation={PAY_PERMISSIONS.purchase}
          routePermission={PAY_PERMISSIONS.view}
          label={t("pay.purchase.buy")}
          icon={<ShoppingCartOutlined />}
          disabled={blocked}
          title={blocked ? t("pay.purchase.unlimitedQuota") : undefined}
          onClick={onBuy}
          data-testid={`pay-buy-${service.code}`}
        />,
      ]}
    >
      <Space orientation="vertical" size={4} style={{ width: "100%" }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid={`pay-price-${service.code}`}>
          {formatMoney(service.priceCents, service.currency, i18n.language)}
        </Typography.Title>
        <Typography.Text>
          {t("pay.quantity")}: {quantityText(service, t, i18n.language)}
        </Typography.Text>
        <Typography.Text>
          {t("pay.duration")}: {durationText(service.durationDays, t)}
        </Typography.Text>
        {description && (
          <Typography.Paragraph type="secondary" style={{ margin: 0, whiteSpace: "pre-wrap" }}>
            {description}
          </Typography.Paragraph>
        )}
      </Space>
    </Card>
  );
}

/** The buyer's view: what it may buy, grouped by kind, with what it has now of each kind. */
export function BuyServices({
  offers,
  sw,
  providers,
  sellerName,
  onPlaced,
}: {
  offers: KindOffer[];
  sw: PaySwitch;
  providers: PayProvider[];
  sellerName: string | null;
  onPlaced(order: PayOrder): void;
}) {
  const { t } = useTranslation();
  const [buying, setBuying] = useState<PayService | null>(null);
  if (!sw.open) return <NotOpenNotice sw={sw} />;
  const shown = offers.filter((o) => o.list.length > 0 || (o.situation?.entitlements.length ?? 0) > 0);
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="pay-services">
      {sellerName && (
        <Typography.Text type="secondary">{t("pay.purchase.soldBy", { name: sellerName })}</Typography.Text>
      )}
      {shown.length === 0 && <Empty description={t("pay.purchase.empty")} />}
      {shown.map(({ kind, list, situation }) => (
        <Card key={kind} title={t(`pay.kinds.${kind}`)} data-testid={`pay-kind-${kind}`}>
          <Row gutter={[16, 16]}>
            {situation && (
              <Col xs={24} lg={8}>
                <Situation kind={kind} situation={situation} />
              </Col>
            )}
            <Col xs={24} lg={situation ? 16 : 24}>
              {list.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("pay.purchase.empty")} />
              ) : (
                <Row gutter={[12, 12]}>
                  {list.map((s) => (
                    <Col key={s.id} xs={24} sm={12} xl={8}>
                      <ServiceCard
                        service={s}
                        blocked={unlimited(kind, situation)}
                        onBuy={() => setBuying(s)}
                      />
                    </Col>
                  ))}
                </Row>
              )}
            </Col>
          </Row>
        </Card>
      ))}
      {buying && (
        <BuyDialog
          key={buying.id}
          service={buying}
          providers={providers}
          onClose={() => setBuying(null)}
          onPlaced={onPlaced}
        />
      )}
    </Space>
  );
}
