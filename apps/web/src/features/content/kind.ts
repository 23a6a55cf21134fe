import type { PublicationKind } from "@marquee/contracts";

/**
 * What tells one kind of reviewed content (programs, play plans, published
 * messages) from the others in the shared content components: its publication
 * kind, its catalogue, its queries, its test ids and its permissions. The
 * components take the rest (calls, columns, buttons) from the kind's feature.
 */
export interface ContentKind {
  /** The kind as publishing names it (publish calls, publications drawer). */
  publication: PublicationKind;
  /** The kind's catalogue namespace: `<keys>.actions.more`, `<keys>.history.title`… */
  keys: "program" | "playPlan" | "publishMessage";
  /** The first part of the kind's react-query keys (its queries are refreshed together). */
  queryKey: string;
  /** The prefix of the kind's test ids: `<testId>-more`, `<testId>-history`, `<testId>-table`. */
  testId: string;
  permissions: { view: string; edit: string; remove: string; publish?: string; review?: string };
}
