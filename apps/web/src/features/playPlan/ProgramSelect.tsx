import type { ProgramSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { programApi } from "../program/api";
import { ProgramThumb } from "../program/ProgramThumb";
import type { PlanProgram } from "./api";

/** The facts of a program the plan screens keep (names, thumbnails). */
export const programRef = (p: ProgramSummary | PlanProgram): PlanProgram => ({
  id: p.id,
  name: p.name,
  state: p.state,
  width: p.width,
  height: p.height,
  thumbUrl: p.thumbUrl,
});

/** Programs whose name contains `name`, most recently changed first (the pickers' list). */
export function useProgramSearch(name: string, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: ["program", "list", "planPicker", name, pageSize],
    queryFn: () =>
      programApi.list({
        pageNo: 1,
        pageSize,
        name: name || undefined,
        sort: "updateDate",
        order: "desc",
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The typed text, settled for 300 ms (a search per pause, not per key). */
export function useSettled(text: string, ms = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** Chooses one program, searched on the server by name, with its thumbnail. */
export function ProgramSelect({
  value,
  known,
  onChange,
  allowClear = false,
  placeholder,
  id,
  ariaLabel,
  testId,
}: {
  value: number | null;
  /** Programs already known (their names show while the list has not loaded them). */
  known: ReadonlyMap<number, PlanProgram>;
  onChange: (program: PlanProgram | null) => void;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  ariaLabel?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const search = useSettled(typed);
  const [open, setOpen] = useState(false);
  const list = useProgramSearch(search, 50, open);
  const found = (list.data?.list ?? []).map(programRef);
  const current = value !== null ? known.get(value) : undefined;
  const options = [...(current && !found.some((p) => p.id === current.id) ? [current] : []), ...found];
  const label = (p: PlanProgram) => (
    <Space size={8}>
      <ProgramThumb program={p} width={32} height={20} />
      <span>{p.name}</span>
      {p.state !== "approved" && p.state !== "published" && (
        <Typography.Text type="secondary">({t(`program.states.${p.state}`)})</Typography.Text>
      )}
    </Space>
  );
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      value={value ?? undefined}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={setOpen}
      allowClear={allowClear}
      onChange={(v) =>
        onChange(v === undefined || v === null ? null : (options.find((p) => p.id === v) ?? null))
      }
      options={options.map((p) => ({ value: p.id, label: label(p), title: p.name }))}
      loading={list.isFetching}
      placeholder={placeholder ?? t("playPlan.picker.choose")}
      notFoundContent={t("playPlan.picker.none")}
      style={{ width: "100%" }}
      data-testid={testId}
    />
  );
}
