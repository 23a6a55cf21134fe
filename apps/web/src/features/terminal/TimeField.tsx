import { TimePicker } from "antd";
import dayjs from "dayjs";

/** "HH:mm" as a dayjs of an arbitrary day ("24:00" shows as 00:00: the end of the day). */
const toDayjs = (v: string | undefined) => {
  const m = v ? /^(\d{2}):(\d{2})$/.exec(v) : null;
  return m
    ? dayjs("2000-01-01")
        .hour(Number(m[1]) % 24)
        .minute(Number(m[2]))
    : null;
};

/** A time of day ("HH:mm") for forms, with antd's picker. */
export function TimeField({
  value,
  onChange,
  disabled,
  id,
  testId,
  label,
}: {
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  id?: string;
  testId?: string;
  /** Its accessible name. */
  label?: string;
}) {
  return (
    <TimePicker
      id={id}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      allowClear={false}
      disabled={disabled}
      value={toDayjs(value)}
      onChange={(d) => {
        if (d) onChange?.(d.format("HH:mm"));
      }}
      style={{ width: 100 }}
      aria-label={label}
      data-testid={testId}
    />
  );
}
