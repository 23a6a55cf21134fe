import { HOME_REVIEW_KINDS, type HomeReview } from "@marquee/contracts";
import { Card, Flex } from "antd";
import { useTranslation } from "react-i18next";
import { STATUS_PALETTE } from "../../config/statusColors";
import { Figure } from "./Figure";
import { REVIEW_ROUTE } from "./links";

/** Items waiting for the user's review, per kind the user reviews; each opens that kind's review list. */
export function ReviewCard({ data, pathOf }: { data: HomeReview; pathOf: (name: string) => string | null }) {
  const { t } = useTranslation();
  return (
    <Card title={t("home.review.title")} data-testid="home-review" style={{ height: "100%" }}>
      <Flex wrap gap={24}>
        {HOME_REVIEW_KINDS.flatMap((kind) => {
          const value = data[kind];
          return value === undefined
            ? []
            : [
                <Figure
                  key={kind}
                  label={t(`home.review.${kind}`)}
                  value={value}
                  color={value ? STATUS_PALETTE.pending : "#d9d9d9"}
                  to={pathOf(REVIEW_ROUTE[kind])}
                  testId={`home-review-${kind}`}
                />,
              ];
        })}
      </Flex>
    </Card>
  );
}
