import { Input } from "antd";
import { useEffect, useState } from "react";
import { hhmm, parseTime } from "./timeline";

/**
 * An HH:MM field, typed with the keyboard: it takes "8:30", "08.30" or
 * "8h30", commits on Enter or when it loses focus, and goes back to the last
 * good value on Escape or a time that is not one. An end may be 24:00.
 * Arrow up/down step by `step` minutes.
 */
export function TimeInput({
  value,
  onChange,
  allow24 = false,
  step = 15,
  ariaLabel,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  allow24?: boolean;
  step?: number;
  ariaLabel: string;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const parsed = parseTime(text, allow24);

  const commit = (raw = text) => {
    const min = parseTime(raw, allow24);
    if (min === null) {
      setText(value);
      return;
    }
    const next = hhmm(min);
    setText(next);
    if (next !== value) onChange(next);
  };

  return (
    <Input
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => commit()}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
        else if (e.key === "Escape") setText(value);
        else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
          e.preventDefault();
          const base = parseTime(text, allow24) ?? parseTime(value, allow24) ?? 0;
          const max = allow24 ? 1440 : 1440 - step;
          const next = Math.min(max, Math.max(0, base + (e.key === "ArrowUp" ? step : -step)));
          commit(hhmm(next));
        }
      }}
      status={parsed === null ? "error" : undefined}
      maxLength={5}
      inputMode="numeric"
      placeholder="HH:MM"
      aria-label={ariaLabel}
      style={{ width: 72, textAlign: "center" }}
      data-testid={testId}
    />
  );
}
