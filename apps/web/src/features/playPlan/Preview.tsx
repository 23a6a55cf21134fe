import { type Candidate, hidesProgram, type Segment } from "@marquee/schedule";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Segmented, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { terminalApi } from "../terminal/api";
import { GroupSelect, OfficeSelect } from "../terminal/pickers";
import { useOfficeTree } from "../terminal/useOfficeTree";
import { useSettled } from "./ProgramSelect";
import { hhmm, isoWeekday } from "./timeline";
import { tierName, weekdayShort, weekdaysText } from "./words";
import type { DayPiece } from "./zone";

export type PreviewSource = "off" | "terminal" | "group";

/** How many of a group's terminals the preview offers. */
const GROUP_TERMINALS = 20;

/** Terminals whose name (or code, model, address) contains `keyword`, for a searchable select. */
function useTerminalOptions(query: { keyword?: string; groupId?: number }, enabled: boolean) {
  return useQuery({
    queryKey: ["terminal", "list", "planPreview", query],
    queryFn: () =>
      terminalApi.list({
        pageNo: 1,
        pageSize: query.groupId ? GROUP_TERMINALS : 30,
        keyword: query.keyword || undefined,
        groupId: query.groupId,
        includeChildren: true,
        sort: "name",
        order: "asc",
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The office and group pickers of the group preview (the office tree loads only when they show). */
function GroupPicker({ onGroup }: { onGroup: (groupId: number | undefined) => void }) {
  const { t } = useTranslation();
  const offices = useOfficeTree();
  const [officeId, setOfficeId] = useState<number | undefined>();
  const [groupId, setGroupId] = useState<number | undefined>();
  return (
    <>
      <div style={{ width: 200 }}>
        <OfficeSelect
          tree={offices.tree}
          loaded={offices.loaded}
          onLoad={offices.loadChildren}
          value={officeId}
          onChange={(id) => {
            setOfficeId(id);
            setGroupId(undefined);
            onGroup(undefined);
          }}
          testId="plan-preview-office"
        />
      </div>
      <div style={{ width: 180 }}>
        <GroupSelect
          officeId={officeId}
          value={groupId}
          onChange={(id) => {
            setGroupId(id);
            onGroup(id);
          }}
          testId="plan-preview-group"
        />
      </div>
      {officeId === undefined && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("playPlan.preview.officeFirst")}
        </Typography.Text>
      )}
    </>
  );
}

/**
 * Chooses the terminal of the "what plays when" preview: one terminal found
 * by name, or a group (then one of its first terminals).
 */
export function PreviewBar({
  terminalId,
  onTerminal,
  timezone,
  status,
}: {
  terminalId: number | null;
  onTerminal: (id: number | null) => void;
  /** The chosen terminal's time zone, once its schedule is loaded. */
  timezone: string | null;
  /** A line about the preview (loading, failure). */
  status: string | null;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<PreviewSource>("off");
  const [typed, setTyped] = useState("");
  const keyword = useSettled(typed);
  const [groupId, setGroupId] = useState<number | undefined>();
  const found = useTerminalOptions({ keyword }, source === "terminal");
  const members = useTerminalOptions({ groupId }, source === "group" && groupId !== undefined);

  // A group's first terminal is previewed until another one is picked.
  const firstMember = members.data?.list[0]?.id;
  useEffect(() => {
    if (source === "group") onTerminal(firstMember ?? null);
  }, [source, firstMember, onTerminal]);

  const options = (list: Array<{ id: number; name: string; officeName: string | null; online: boolean }>) =>
    list.map((x) => ({
      value: x.id,
      label: `${x.name}${x.officeName ? ` · ${x.officeName}` : ""}${x.online ? "" : ` (${t("playPlan.preview.offline")})`}`,
    }));

  return (
    <div
      style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" }}
      data-testid="plan-preview-bar"
    >
      <Typography.Text strong>{t("playPlan.preview.title")}</Typography.Text>
      <Segmented<PreviewSource>
        size="small"
        value={source}
        onChange={(v) => {
          setSource(v);
          if (v !== "group") setGroupId(undefined);
          onTerminal(null);
        }}
        options={[
          { value: "off", label: t("playPlan.preview.off") },
          { value: "terminal", label: t("playPlan.preview.terminal") },
          { value: "group", label: t("playPlan.preview.group") },
        ]}
        data-testid="plan-preview-source"
      />
      {source === "terminal" && (
        <Select<number>
          size="small"
          style={{ width: 260 }}
          value={terminalId ?? undefined}
          showSearch={{ filterOption: false, onSearch: setTyped }}
          onChange={(v) => onTerminal(v ?? null)}
          options={options(found.data?.list ?? [])}
          loading={found.isFetching}
          placeholder={t("playPlan.preview.searchTerminal")}
          notFoundContent={t("playPlan.preview.noTerminal")}
          aria-label={t("playPlan.preview.terminal")}
          data-testid="plan-preview-terminal"
        />
      )}
      {source === "group" && (
        <>
          <GroupPicker onGroup={setGroupId} />
          {groupId !== undefined && (
            <Select<number>
              size="small"
              style={{ width: 220 }}
              value={terminalId ?? undefined}
              onChange={(v) => onTerminal(v)}
              options={options(members.data?.list ?? [])}
              loading={members.isFetching}
              notFoundContent={t("playPlan.preview.groupEmpty")}
              aria-label={t("playPlan.preview.groupTerminal")}
              data-testid="plan-preview-member"
            />
          )}
          {groupId !== undefined && (members.data?.total ?? 0) > GROUP_TERMINALS && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("playPlan.preview.firstOf", { count: GROUP_TERMINALS, total: members.data?.total ?? 0 })}
            </Typography.Text>
          )}
        </>
      )}
      {source !== "off" && timezone && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="plan-preview-zone">
          {t("playPlan.preview.zone", { zone: timezone })}
        </Typography.Text>
      )}
      {source !== "off" && status && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {status}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Why a stretch of the preview plays what it plays: the winning tier, what
 * rotates, who overrules whom, default programs for empty time, messages.
 */
export function WhyTip({
  piece,
  date,
  programName,
  draftPlanId,
}: {
  piece: DayPiece<Segment>;
  date: string;
  programName: (id: number) => string;
  /** The plan being edited as the preview names it: its lines say "this plan". */
  draftPlanId: number;
}) {
  const { t } = useTranslation();
  const seg = piece.value;
  const planOf = (c: Candidate) =>
    c.planId === draftPlanId && c.publicationId === null && c.source === "plan"
      ? t("playPlan.why.thisPlan", { name: c.planName })
      : c.source === "plan"
        ? t("playPlan.why.plan", { name: c.planName })
        : t("playPlan.why.programSource", { name: c.planName });
  const ruleOf = (c: Candidate) =>
    c.rule
      ? t("playPlan.why.rule", {
          window: `${c.rule.window.start}–${c.rule.window.end}`,
          days: weekdaysText(t, c.rule.weekdays),
        })
      : "";
  const interrupts = seg.messages.filter((m) => m.doc.priority === "emergency");
  const others = seg.messages.filter((m) => m.doc.priority !== "emergency");
  return (
    <div style={{ maxWidth: 360, fontSize: 12 }} data-testid="plan-why">
      <div style={{ fontWeight: 600, marginBottom: 2 }}>
        {weekdayShort(t, isoWeekday(date))} {date} {hhmm(piece.top)}–{hhmm(piece.bottom)}
        {seg.tier ? ` · ${tierName(t, seg.tier)}` : ""}
      </div>
      {interrupts.map((m) => (
        <div key={`i${m.id}`}>
          {t(hidesProgram(m.doc) ? "playPlan.why.interrupt" : "playPlan.why.over", { name: m.name })}
        </div>
      ))}
      {seg.playing.length === 0 && <div>{t("playPlan.why.nothing")}</div>}
      {seg.playing.map((c) => (
        <div key={`p${c.planId}:${c.itemId ?? "default"}:${c.programId}`}>
          {c.itemId === null
            ? t("playPlan.why.default", { program: programName(c.programId), plan: planOf(c) })
            : t("playPlan.why.plays", {
                program: programName(c.programId),
                plan: planOf(c),
                rule: ruleOf(c),
              })}
        </div>
      ))}
      {seg.playing.length > 1 && <div>{t("playPlan.why.rotation", { count: seg.playing.length })}</div>}
      {seg.overruled.map((c) => (
        <div key={`o${c.planId}:${c.itemId ?? "default"}:${c.programId}`} style={{ opacity: 0.8 }}>
          {t("playPlan.why.overruled", {
            program: programName(c.programId),
            plan: planOf(c),
            tier: tierName(t, c.tier),
            winner: seg.tier ? tierName(t, seg.tier) : "",
          })}
        </div>
      ))}
      {others.map((m) => (
        <div key={`m${m.id}`}>{t("playPlan.why.message", { name: m.name })}</div>
      ))}
    </div>
  );
}
