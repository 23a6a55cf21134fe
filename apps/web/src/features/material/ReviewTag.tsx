import type { ReviewState } from "@marquee/contracts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const COLORS: Record<ReviewState, string> = { pending: "gold", approved: "green", rejected: "red" };

export function ReviewTag({ state }: { state: ReviewState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`material.reviewStates.${state}`)}</Tag>;
}
