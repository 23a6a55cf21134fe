import { PAY_SERVICE_KINDS } from "@marquee/contracts";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Spin, Tabs } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { useSession } from "../../stores/session";
import { PAY_PERMISSIONS, payApi } from "./api";
import { BuyServices, type KindOffer } from "./BuyServices";
import { CatalogueTab } from "./CatalogueTab";
import { when } from "./format";
import { switchTimeOf } from "./paymentSwitch";

/**
 * Purchase service (purchaseService, /a/api/vol/*): a buyer's cards of what
 * its seller offers, by kind, with what it has now; a seller's catalogue.
 */
export default function PurchaseServicePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan(PAY_PERMISSIONS.edit, PAY_PERMISSIONS.view);
  const kinds = useQueries({
    queries: PAY_SERVICE_KINDS.map((kind) => ({
      queryKey: ["pay", "byType", kind],
      queryFn: () => payApi.byType(kind),
    })),
  });
  const first = kinds.find((q) => q.data)?.data;
  const openTime = first?.switch.openTime;

  // The menu follows the server's switch time as soon as a page shows it.
  useEffect(() => {
    if (openTime !== undefined) useSession.getState().setPaymentSwitchOpenTime(switchTimeOf(openTime ?? ""));
  }, [openTime]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["pay"] });
  if (kinds.some((q) => q.isError) && !first) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          title={t("pay.purchase.loadFailed")}
          action={<Button onClick={refresh}>{t("common.refresh")}</Button>}
        />
      </Card>
    );
  }
  if (!first || kinds.some((q) => q.isLoading))
    return <Spin style={{ display: "block", margin: "80px auto" }} />;

  const { party, switch: sw } = first;
  const buys = party.seller !== null;
  const sells = canEdit && party.sells;
  const offers: KindOffer[] = kinds.flatMap((q) =>
    q.data ? [{ kind: q.data.kind, list: q.data.list, situation: q.data.situation }] : [],
  );
  const buy = (
    <BuyServices
      offers={offers}
      sw={sw}
      providers={party.providers}
      sellerName={party.seller?.name ?? null}
      onPlaced={refresh}
    />
  );
  const sellerNotice = !sw.open && (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t("pay.purchase.sellerNotOpen")}
      description={
        sw.openTime ? t("pay.purchase.notOpen", { time: when(sw.openTime) }) : t("pay.purchase.closed")
      }
      data-testid="pay-seller-not-open"
    />
  );

  if (!sells)
    return <Card>{buys ? buy : <Alert type="info" showIcon title={t("pay.purchase.platform")} />}</Card>;
  const catalogue = (
    <>
      {sellerNotice}
      <CatalogueTab />
    </>
  );
  return (
    <Card>
      {buys ? (
        <Tabs
          items={[
            { key: "buy", label: t("pay.purchase.tabs.buy"), children: buy },
            { key: "catalogue", label: t("pay.purchase.tabs.catalogue"), children: catalogue },
          ]}
        />
      ) : (
        catalogue
      )}
    </Card>
  );
}
