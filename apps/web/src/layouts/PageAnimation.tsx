import "animate.css";
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from "react";
import type { AnimationName } from "../config/settings";
import { useSettings } from "../stores/settings";

/** Every page animation runs this long at most: an entrance, not a show (README, Decisions). */
export const PAGE_ANIMATION_MS = 300;

/** The animate.css entrance class of an effect and direction, e.g. fade + up → animate__fadeInUp. */
export function animationClass(name: AnimationName, direction: string): string {
  const suffix = direction === "default" ? "" : `${direction.charAt(0).toUpperCase()}${direction.slice(1)}`;
  return `animate__${name}In${suffix}`;
}

// animate.css times every effect from this variable (a few at three quarters of it).
const DURATION = { "--animate-duration": `${PAGE_ANIMATION_MS}ms` } as CSSProperties;

/**
 * Plays the chosen entrance animation whenever `animateKey` (the page shown) changes, on the same
 * element: the page inside is not mounted again for it (kept pages keep their state).
 */
export function PageAnimation({
  animateKey,
  path,
  children,
}: {
  animateKey: string;
  /** The address shown (several addresses may share one screen, hence one key). */
  path: string;
  children: ReactNode;
}) {
  const animate = useSettings((s) => s.settings.animate);
  const ref = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (animateKey) replays the animation
  useLayoutEffect(() => {
    for (const running of ref.current?.getAnimations?.() ?? []) {
      running.cancel();
      running.play();
    }
  }, [animateKey]);

  return (
    <div
      ref={ref}
      className={
        animate.disabled ? undefined : `animate__animated ${animationClass(animate.name, animate.direction)}`
      }
      style={DURATION}
      data-testid="page-animation"
      data-page={animateKey}
      data-path={path}
    >
      {children}
    </div>
  );
}
