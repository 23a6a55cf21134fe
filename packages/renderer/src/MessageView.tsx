import type { MessageDoc } from "@marquee/schedule";

export interface MessageViewProps {
  doc: MessageDoc;
  /** The screen (or preview box) size in pixels: sizes in the doc are for a 1080-pixel-high screen. */
  width: number;
  height: number;
  /** Called once the message has been shown `repeat` times (never when repeat is 0). */
  onEnded?: () => void;
}

/**
 * A message over the program: a scrolling line at the top or bottom, or a
 * notice (a band, or the whole screen). The console's preview and the player
 * draw messages with this one component (being written).
 */
export function MessageView(_props: MessageViewProps) {
  return null;
}
