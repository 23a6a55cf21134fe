import { drawElement } from "@marquee/renderer";
import { playerReason, ReasonError } from "@marquee/terminal-protocol";

/**
 * The `screenshot` command: the player draws its own rendering into a canvas
 * from the DOM (drawElement, packages/renderer/src/capture.ts, which the
 * console's screen-truth check draws its expected picture with too). The PNG
 * is made smaller until it fits MAX_SCREENSHOT_BYTES.
 */

export { isPainted, type Placement, placeFit, rotationOf, wordsOf } from "@marquee/renderer";

/** The largest screenshot the server takes. */
export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the canvas gave no image"))), "image/png"),
  );
}

/**
 * A PNG of `root` as shown, `width`×`height` canvas pixels for the root's
 * box (the program's design size for the stage), made smaller until it fits
 * `maxBytes`.
 */
export async function capture(
  root: HTMLElement,
  width: number,
  height: number,
  maxBytes = MAX_SCREENSHOT_BYTES,
): Promise<Blob> {
  const origin = root.getBoundingClientRect();
  if (origin.width <= 0 || origin.height <= 0) throw new ReasonError(playerReason("nothingShown"));
  let factor = Math.min(1, 4096 / Math.max(width, height));
  for (let attempt = 0; attempt < 8; attempt++) {
    let canvas: HTMLCanvasElement;
    try {
      canvas = await drawElement(root, width * factor, height * factor);
    } catch {
      throw new ReasonError(playerReason("noCanvas"));
    }
    const png = await toPng(canvas);
    if (png.size <= maxBytes) return png;
    factor *= 0.7;
  }
  throw new ReasonError(playerReason("screenshotTooLarge"));
}
