import type { Transition } from "@marquee/program";

/** The CSS animations (keyframes in styles.ts) of the scene coming in and the scene going out. */
export function transitionAnimations(t: Transition): {
  enter: string | undefined;
  leave: string | undefined;
} {
  if (t.type === "none" || t.durationMs <= 0) return { enter: undefined, leave: undefined };
  const run = (name: string) => `${name} ${t.durationMs}ms ease-in-out both`;
  switch (t.type) {
    case "fade":
      return { enter: run("mq-fade-in"), leave: undefined };
    case "slideLeft":
      return { enter: run("mq-from-right"), leave: run("mq-to-left") };
    case "slideRight":
      return { enter: run("mq-from-left"), leave: run("mq-to-right") };
    case "slideUp":
      return { enter: run("mq-from-bottom"), leave: run("mq-to-top") };
    case "slideDown":
      return { enter: run("mq-from-top"), leave: run("mq-to-bottom") };
    case "zoom":
      return { enter: run("mq-zoom-in"), leave: run("mq-fade-out") };
  }
}
