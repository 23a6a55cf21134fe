import type { TimeWindow } from "@marquee/schedule";
import { Form, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanProgram } from "./api";
import { ProgramSelect } from "./ProgramSelect";
import { weekdaysText, windowText } from "./words";

/** Where a new item goes before its program is chosen. */
export interface PendingItem {
  date: string;
  weekdays: number[];
  window: TimeWindow;
}

/** Asks which program plays in a new item (a window drawn with no program chosen, or "Add an item"). */
export function AddItemModal({
  pending,
  known,
  onAdd,
  onClose,
}: {
  pending: PendingItem | null;
  known: ReadonlyMap<number, PlanProgram>;
  onAdd: (program: PlanProgram, pending: PendingItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [program, setProgram] = useState<PlanProgram | null>(null);
  useEffect(() => {
    if (pending) setProgram(null);
  }, [pending]);
  const ok = () => {
    if (!pending || !program) return;
    onAdd(program, pending);
    onClose();
  };
  return (
    <Modal
      open={pending !== null}
      title={t("playPlan.add.title")}
      okText={t("playPlan.add.ok")}
      cancelText={t("common.cancel")}
      okButtonProps={{ disabled: !program, "data-testid": "plan-add-ok" }}
      onOk={ok}
      onCancel={onClose}
      destroyOnHidden
    >
      {pending && (
        <Typography.Paragraph type="secondary">
          {t("playPlan.add.where", {
            days: weekdaysText(t, pending.weekdays),
            window: windowText(t, pending.window),
            date: pending.date,
          })}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" component="div">
        <Form.Item label={t("playPlan.item.program")} htmlFor="plan-add-program">
          <ProgramSelect
            id="plan-add-program"
            value={program?.id ?? null}
            known={known}
            onChange={setProgram}
            testId="plan-add-program"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
