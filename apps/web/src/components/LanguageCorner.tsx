import type { CSSProperties } from "react";
import { LanguageSwitch } from "../layouts/LanguageSwitch";

/**
 * The language switch of a page shown before sign-in (first run, sign-in,
 * sign-out, 403, 404, the password change), in its top right corner: white
 * on the dark sign-in backgrounds, the text colour elsewhere.
 */
export function LanguageCorner({ onDark = false, style }: { onDark?: boolean; style?: CSSProperties }) {
  return (
    <div
      data-testid="language-corner"
      style={{
        position: "absolute",
        top: 16,
        right: 24,
        zIndex: 1,
        color: onDark ? "#fff" : undefined,
        ...style,
      }}
    >
      <LanguageSwitch />
    </div>
  );
}
