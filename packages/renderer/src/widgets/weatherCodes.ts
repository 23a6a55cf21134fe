import type { RtKey } from "../i18n";

/** The kinds of sky the weather icons draw. */
export type SkyIcon =
  | "sun"
  | "sunCloud"
  | "cloud"
  | "fog"
  | "drizzle"
  | "rain"
  | "sleet"
  | "snow"
  | "thunder"
  | "unknown";

/** A WMO weather interpretation code (as Open-Meteo and most providers give it): its label and icon. */
export function wmo(code: number): { label: RtKey; icon: SkyIcon } {
  if (code === 0) return { label: "wmoClear", icon: "sun" };
  if (code === 1) return { label: "wmoMainlyClear", icon: "sunCloud" };
  if (code === 2) return { label: "wmoPartlyCloudy", icon: "sunCloud" };
  if (code === 3) return { label: "wmoOvercast", icon: "cloud" };
  if (code === 45 || code === 48) return { label: "wmoFog", icon: "fog" };
  if (code === 51 || code === 53 || code === 55) return { label: "wmoDrizzle", icon: "drizzle" };
  if (code === 56 || code === 57) return { label: "wmoFreezingDrizzle", icon: "sleet" };
  if (code === 61 || code === 63 || code === 65) return { label: "wmoRain", icon: "rain" };
  if (code === 66 || code === 67) return { label: "wmoFreezingRain", icon: "sleet" };
  if (code === 71 || code === 73 || code === 75) return { label: "wmoSnow", icon: "snow" };
  if (code === 77) return { label: "wmoSnowGrains", icon: "snow" };
  if (code === 80 || code === 81 || code === 82) return { label: "wmoRainShowers", icon: "rain" };
  if (code === 85 || code === 86) return { label: "wmoSnowShowers", icon: "snow" };
  if (code === 95) return { label: "wmoThunderstorm", icon: "thunder" };
  if (code === 96 || code === 99) return { label: "wmoThunderstormHail", icon: "thunder" };
  return { label: "wmoUnknown", icon: "unknown" };
}
