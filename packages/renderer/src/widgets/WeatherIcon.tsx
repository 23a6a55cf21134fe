import type { ReactNode } from "react";
import type { SkyIcon } from "./weatherCodes";

const SUN = (
  <g>
    <circle cx={12} cy={12} r={4.5} />
    <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
  </g>
);
const CLOUD = <path d="M7 18h10.5a4 4 0 0 0 .4-8 6 6 0 0 0-11.6 1.5A3.3 3.3 0 0 0 7 18z" />;
const SMALL_CLOUD = <path d="M7 19h9a3.5 3.5 0 0 0 .3-7 5 5 0 0 0-9.7 1.3A2.9 2.9 0 0 0 7 19z" />;

const SHAPES: Record<SkyIcon, ReactNode> = {
  sun: SUN,
  sunCloud: (
    <g>
      <path d="M9 2.5V4M3.5 8H2M4.8 3.8l1 1M13.2 3.8l-1 1M5.5 11a3.5 3.5 0 1 1 6.6-1.7" />
      {SMALL_CLOUD}
    </g>
  ),
  cloud: CLOUD,
  fog: <path d="M4 8h16M2 12h20M4 16h16M6 20h12" />,
  drizzle: (
    <g>
      {CLOUD}
      <path d="M9 21v.5M13 21v.5M17 21v.5" />
    </g>
  ),
  rain: (
    <g>
      {CLOUD}
      <path d="M8 20l-1 2.5M12 20l-1 2.5M16 20l-1 2.5" />
    </g>
  ),
  sleet: (
    <g>
      {CLOUD}
      <path d="M8 20l-1 2.5M16 20l-1 2.5M12 20.5v2M11 21.5h2" />
    </g>
  ),
  snow: (
    <g>
      {CLOUD}
      <path d="M8 20.5v2M7 21.5h2M12 20.5v2M11 21.5h2M16 20.5v2M15 21.5h2" />
    </g>
  ),
  thunder: (
    <g>
      {CLOUD}
      <path d="M12.5 18.5 10.5 22h3l-2 3" />
    </g>
  ),
  unknown: (
    <g>
      {CLOUD}
      <path d="M10.5 11a1.7 1.7 0 1 1 2.3 1.6c-.5.2-.8.6-.8 1.1M12 16v.2" />
    </g>
  ),
};

/** A line drawing of the sky for a weather code, in the current text colour. */
export function WeatherIcon({ icon, size }: { icon: SkyIcon; size: number | string }) {
  return (
    <svg
      className={`mq-weather-icon mq-weather-${icon}`}
      width={size}
      height={size}
      viewBox="0 0 24 26"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {SHAPES[icon]}
    </svg>
  );
}
