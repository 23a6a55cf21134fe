import { AimOutlined } from "@ant-design/icons";
import { Empty, Input, Spin, Typography, theme } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ProgramThumb } from "../program/ProgramThumb";
import type { PlanProgram } from "./api";
import { programRef, useProgramSearch, useSettled } from "./ProgramSelect";

/** The drag-and-drop type of a program dragged from the picker onto the timeline. */
export const PROGRAM_DRAG_TYPE = "application/x-marquee-program";

/**
 * The programs to place, with thumbnails: drag one onto the timeline (an hour
 * from where it is dropped), or choose one and draw its window on an empty
 * slot. Each card is a button (Enter chooses it).
 */
export function ProgramPicker({
  armed,
  onArm,
  onKnown,
}: {
  armed: number | null;
  onArm: (program: PlanProgram | null) => void;
  /** Programs seen in the list (their names and thumbnails for the timeline). */
  onKnown: (programs: PlanProgram[]) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [typed, setTyped] = useState("");
  const search = useSettled(typed);
  const [size, setSize] = useState(30);
  const list = useProgramSearch(search, size);
  const programs = (list.data?.list ?? []).map(programRef);
  const total = list.data?.total ?? 0;

  useEffect(() => {
    if (list.data) onKnown(list.data.list.map(programRef));
  }, [list.data, onKnown]);

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8, height: "100%", minHeight: 0 }}>
      <Typography.Text strong>{t("playPlan.picker.title")}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("playPlan.picker.hint")}
      </Typography.Text>
      <Input.Search
        allowClear
        size="small"
        placeholder={t("playPlan.picker.search")}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setSize(30);
        }}
        aria-label={t("playPlan.picker.search")}
        data-testid="plan-picker-search"
      />
      <div
        style={{ flex: 1, minHeight: 0, overflowY: "auto", display: "flex", flexDirection: "column", gap: 6 }}
        data-testid="plan-picker"
      >
        {programs.length === 0 && list.isFetching ? (
          <Spin size="small" style={{ marginTop: 24 }} />
        ) : programs.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("playPlan.picker.none")} />
        ) : (
          programs.map((p) => {
            const on = armed === p.id;
            return (
              <button
                key={p.id}
                type="button"
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(PROGRAM_DRAG_TYPE, String(p.id));
                  e.dataTransfer.setData("text/plain", p.name);
                  e.dataTransfer.effectAllowed = "copy";
                }}
                onClick={() => onArm(on ? null : p)}
                aria-pressed={on}
                title={on ? t("playPlan.picker.armedTitle") : t("playPlan.picker.armTitle")}
                data-testid="plan-picker-program"
                style={{
                  display: "flex",
                  alignItems: "center",
                  gap: 8,
                  padding: 6,
                  textAlign: "left",
                  cursor: "grab",
                  color: token.colorText,
                  background: on ? token.colorPrimaryBg : token.colorBgContainer,
                  border: `1px solid ${on ? token.colorPrimary : token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                  font: "inherit",
                }}
              >
                <ProgramThumb program={p} width={56} height={34} />
                <span style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text ellipsis style={{ display: "block", fontSize: 13 }}>
                    {p.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                    {t(`program.states.${p.state}`)} · {p.width}×{p.height}
                  </Typography.Text>
                </span>
                {on && <AimOutlined style={{ color: token.colorPrimary }} aria-hidden />}
              </button>
            );
          })
        )}
        {programs.length < total && (
          <Typography.Link onClick={() => setSize((s) => s + 30)} style={{ textAlign: "center" }}>
            {t("playPlan.picker.more", { count: total - programs.length })}
          </Typography.Link>
        )}
      </div>
    </div>
  );
}
