import { useState } from "react";
import { PublicationsDrawer } from "../publish/PublicationsDrawer";
import type { ContentKind } from "./kind";

/**
 * The publications drawer of a content list (plans, messages): `show` opens it
 * on a row, `drawer` is the element to render; `onClosed` refreshes the list
 * (a withdrawal in the drawer changes the row's reach).
 */
export function usePublications<Row extends { id: number; name: string }>(
  kind: ContentKind,
  onClosed: () => void,
) {
  const [of, setOf] = useState<Row | null>(null);
  const drawer = (
    <PublicationsDrawer
      kind={kind.publication}
      contentId={of?.id ?? null}
      contentName={of?.name}
      onClose={() => {
        setOf(null);
        onClosed();
      }}
    />
  );
  return { show: setOf, drawer };
}
