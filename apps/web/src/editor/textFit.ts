import { create } from "zustand";

/**
 * Whether a text widget's text fits its box, measured on the design canvas
 * (the renderer the screen uses, so what is cut off here is cut off there),
 * and the largest font size at which it would fit (auto-fit).
 */

/** The smallest font size auto-fit goes down to. */
export const FIT_MIN_SIZE = 6;

/** The text box of a rendered text widget (marked by the renderer) and its text. */
function parts(widgetEl: Element): { box: HTMLElement; text: HTMLElement } | null {
  const box = widgetEl.querySelector<HTMLElement>("[data-text-box]");
  const text = box?.firstElementChild;
  return box && text instanceof HTMLElement ? { box, text } : null;
}

/**
 * Whether the text is taller or wider than its box (a line cut off at the bottom, or at the top
 * when it is aligned to the bottom or the middle). Layout sizes: the canvas's zoom does not count.
 */
export function textOverflows(widgetEl: Element): boolean {
  const p = parts(widgetEl);
  if (!p) return false;
  return p.text.scrollHeight > p.box.clientHeight + 1 || p.text.scrollWidth > p.box.clientWidth + 1;
}

/** The largest whole number from `lo` to `hi` for which `fits` holds (it holds for the smaller ones), else null. */
export function largestFitting(lo: number, hi: number, fits: (n: number) => boolean): number | null {
  if (hi < lo || !fits(lo)) return null;
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = Math.ceil((a + b) / 2);
    if (fits(mid)) a = mid;
    else b = mid - 1;
  }
  return a;
}

/**
 * The largest font size, up to `current`, at which the widget's text fits its box, tried on the
 * rendered text and put back; null when even the smallest size overflows (or nothing is rendered).
 */
export function fitFontSize(widgetEl: Element, current: number): number | null {
  const p = parts(widgetEl);
  if (!p) return null;
  const before = p.text.style.fontSize;
  try {
    return largestFitting(FIT_MIN_SIZE, Math.floor(current), (size) => {
      p.text.style.fontSize = `${size}px`;
      return !textOverflows(widgetEl);
    });
  } finally {
    p.text.style.fontSize = before;
  }
}

/** The rendered widget of the design canvas with this id. */
export function designWidget(id: string): Element | null {
  return document.querySelector(`.mq-ed-design .mq-widget[data-widget-id="${id}"]`);
}

/** The text widgets of the shown scene whose text does not fit, as the canvas last measured them. */
export const useTextOverflow = create<{ ids: readonly string[]; set(ids: readonly string[]): void }>(
  (set) => ({
    ids: [],
    set: (ids) =>
      set((s) => (s.ids.length === ids.length && s.ids.every((id, i) => id === ids[i]) ? s : { ids })),
  }),
);

/** Measures the given text widgets on the design canvas and keeps the ids of those that overflow. */
export function measureTexts(ids: readonly string[]): void {
  useTextOverflow.getState().set(
    ids.filter((id) => {
      const el = designWidget(id);
      return el !== null && textOverflows(el);
    }),
  );
}
