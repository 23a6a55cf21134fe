import type { ProgramState } from "@marquee/contracts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { STATE_COLORS } from "./actions";

/** A program's state as a coloured tag. */
export function StateTag({ state }: { state: ProgramState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid="program-state" data-state={state}>
      {t(`program.states.${state}`)}
    </Tag>
  );
}
