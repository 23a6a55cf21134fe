/**
 * The screen's volume (0..100, set by the `volume` command) over every video
 * and audio the renderer plays, without touching the renderer: each element
 * keeps the volume its widget gives it, and plays at that times the screen's.
 */

/** The volume an element plays at: its widget's volume (0..1) times the screen's (0..100). */
export function effectiveVolume(own: number, screen: number): number {
  const v = own * (screen / 100);
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

/** Watches a subtree's media elements and scales their volume. */
export class VolumeControl {
  private readonly own = new WeakMap<HTMLMediaElement, number>();
  private readonly set = new WeakMap<HTMLMediaElement, number>();
  private screen = 100;

  constructor(private readonly root: HTMLElement) {}

  /** Starts watching; answers the function that stops. */
  start(): () => void {
    // volumechange does not bubble: listen in the capture phase. Our own writes are recognised and skipped.
    const onChange = (e: Event) => {
      if (e.target instanceof HTMLMediaElement) this.adopt(e.target);
    };
    this.root.addEventListener("volumechange", onChange, true);
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) this.scan(node);
    });
    observer.observe(this.root, { childList: true, subtree: true });
    this.scan(this.root);
    return () => {
      observer.disconnect();
      this.root.removeEventListener("volumechange", onChange, true);
    };
  }

  /** Sets the screen's volume and applies it at once. */
  setVolume(volume: number): void {
    this.screen = volume;
    for (const el of this.root.querySelectorAll<HTMLMediaElement>("video, audio")) this.apply(el);
  }

  private scan(node: Node): void {
    if (node instanceof HTMLMediaElement) this.adopt(node);
    else if (node instanceof Element)
      for (const el of node.querySelectorAll<HTMLMediaElement>("video, audio")) this.adopt(el);
  }

  /** The element's volume changed (or it is new): unless we set it, it is its widget's own volume. */
  private adopt(el: HTMLMediaElement): void {
    if (this.set.get(el) === el.volume) return;
    this.own.set(el, el.volume);
    this.apply(el);
  }

  private apply(el: HTMLMediaElement): void {
    const v = effectiveVolume(this.own.get(el) ?? el.volume, this.screen);
    this.set.set(el, v);
    if (el.volume !== v) el.volume = v;
  }
}
