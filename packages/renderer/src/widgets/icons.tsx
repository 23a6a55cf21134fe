/** Small line icons of the renderer's own states (no icon font: the player loads nothing extra). */
export type IconName = "warning" | "stream" | "audio" | "media";

const PATHS: Record<IconName, string> = {
  warning: "M12 3 2 21h20L12 3zm0 6v6m0 3v.5",
  stream:
    "M12 12m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4M4.9 4.9a10 10 0 0 0 0 14.2M19.1 4.9a10 10 0 0 1 0 14.2",
  audio: "M4 9v6h4l5 4V5L8 9H4zm12.5-1.5a6 6 0 0 1 0 9M19 5a9.5 9.5 0 0 1 0 14",
  media: "M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6M15.5 8.5h.01",
};

/** An inline SVG icon in the current text colour. */
export function Icon({ name, size }: { name: IconName; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
