import {
  ALARM_EVENT_KINDS,
  type AlarmRules,
  DEFAULT_ALARM_RULES,
  type SettingType,
} from "@marquee/contracts";
import { Checkbox, Flex, InputNumber, Space, Switch, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** What the settings page gives a setting's editor (see features/system/SettingEditors.tsx); the alarm page gives the same. */
interface Props {
  type: Pick<SettingType, "key">;
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  fieldErrors: Record<string, string>;
}

const rulesOf = (value: unknown): AlarmRules => ({
  ...DEFAULT_ALARM_RULES,
  ...(typeof value === "object" && value !== null ? (value as Partial<AlarmRules>) : {}),
});

/** The rules in words, for the settings page's "Default: …". */
export function describeAlarmRules(value: unknown, t: TFunction): string {
  const r = rulesOf(value);
  return [
    r.offlineMinutes
      ? t("alarm.rules.offlineAfter", { minutes: r.offlineMinutes })
      : t("alarm.rules.offlineOff"),
    r.storageLowPercent
      ? t("alarm.rules.storageAt", { percent: r.storageLowPercent })
      : t("alarm.rules.storageOff"),
    r.runwayHours ? t("alarm.rules.runwayUnder", { hours: r.runwayHours }) : t("alarm.rules.runwayOff"),
    r.events.length ? r.events.map((e) => t(`alarm.kind.${e}`)).join(", ") : t("alarm.rules.noEvents"),
    r.notify ? t("alarm.rules.notifyOn") : t("alarm.rules.notifyOff"),
  ].join(" · ");
}

/** The alarm rules (system setting alarmRules): when alarms are raised and whether the responsible users are told. */
export function AlarmRulesEditor({ type, value, onChange, disabled, fieldErrors }: Props) {
  const { t } = useTranslation();
  const rules = rulesOf(value);
  const set = (patch: Partial<AlarmRules>) => onChange({ ...rules, ...patch });
  const field = (name: keyof AlarmRules, label: string, input: React.ReactNode) => (
    <Flex vertical gap={2} style={{ minWidth: 150 }} data-testid={`setting-${type.key}-${name}`}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {input}
      {fieldErrors[name] && (
        <Typography.Text type="danger" data-testid={`setting-${type.key}-${name}-error`}>
          {fieldErrors[name]}
        </Typography.Text>
      )}
    </Flex>
  );
  return (
    <Space orientation="vertical" size="small">
      <Space wrap align="start">
        {field(
          "offlineMinutes",
          t("alarm.rules.offlineMinutes"),
          <InputNumber<number>
            min={0}
            max={10_080}
            precision={0}
            value={rules.offlineMinutes}
            onChange={(v) => set({ offlineMinutes: v ?? 0 })}
            disabled={disabled}
            suffix={t("alarm.rules.minutes")}
            style={{ width: 160 }}
            aria-label={t("alarm.rules.offlineMinutes")}
          />,
        )}
        {field(
          "storageLowPercent",
          t("alarm.rules.storageLowPercent"),
          <InputNumber<number>
            min={0}
            max={100}
            precision={0}
            value={rules.storageLowPercent}
            onChange={(v) => set({ storageLowPercent: v ?? 0 })}
            disabled={disabled}
            suffix="%"
            style={{ width: 160 }}
            aria-label={t("alarm.rules.storageLowPercent")}
          />,
        )}
        {/* Offline runway (issue 24) */}
        {field(
          "runwayHours",
          t("alarm.rules.runwayHours"),
          <InputNumber<number>
            min={0}
            max={168}
            precision={0}
            value={rules.runwayHours}
            onChange={(v) => set({ runwayHours: v ?? 0 })}
            disabled={disabled}
            suffix={t("alarm.rules.hours")}
            style={{ width: 160 }}
            aria-label={t("alarm.rules.runwayHours")}
          />,
        )}
        {field(
          "notify",
          t("alarm.rules.notify"),
          <Switch
            checked={rules.notify}
            onChange={(notify) => set({ notify })}
            disabled={disabled}
            aria-label={t("alarm.rules.notify")}
          />,
        )}
      </Space>
      {field(
        "events",
        t("alarm.rules.events"),
        <Checkbox.Group
          value={rules.events}
          onChange={(events) => set({ events: ALARM_EVENT_KINDS.filter((k) => events.includes(k)) })}
          disabled={disabled}
          options={ALARM_EVENT_KINDS.map((k) => ({ value: k, label: t(`alarm.kind.${k}`) }))}
        />,
      )}
      <Typography.Text type="secondary">{t("alarm.rules.hint")}</Typography.Text>
    </Space>
  );
}
