/**
 * The console's status colours, one palette for every page that paints a
 * state (terminal tiles, dots, map markers, statistics charts, the home page's
 * cards, the delivery bar): online green, offline grey, fault red, pending
 * amber; a total or neutral figure blue, a disabled one dark grey.
 */
export const STATUS_PALETTE = {
  online: "#52c41a",
  offline: "#8c8c8c",
  fault: "#ff4d4f",
  pending: "#faad14",
  neutral: "#1677ff",
  disabled: "#434343",
} as const;
