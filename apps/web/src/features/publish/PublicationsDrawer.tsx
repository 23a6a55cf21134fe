import type { PublicationKind } from "@marquee/contracts";

export interface PublicationsDrawerProps {
  kind: PublicationKind;
  /** The content whose publications are shown (null: closed). */
  contentId: number | null;
  contentName?: string;
  onClose: () => void;
}

/**
 * The publications of one program, plan or message and their delivery per
 * terminal, live, with retry of the failed and withdraw (being written).
 */
export function PublicationsDrawer(_props: PublicationsDrawerProps) {
  return null;
}
