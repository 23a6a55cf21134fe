import {
  type ContentState,
  type Permission,
  PUBLICATION_KINDS,
  type PublicationKind,
} from "@marquee/contracts";

/** The permissions of each kind of content: who sees it, edits it and publishes it (permission catalogue). */
export const KIND_PERMISSIONS: Record<
  PublicationKind,
  { view: Permission; edit: Permission; publish: Permission }
> = {
  program: { view: "content:program:view", edit: "content:program:edit", publish: "content:program:publish" },
  plan: { view: "content:playPlan:view", edit: "content:playPlan:edit", publish: "content:playPlan:publish" },
  message: { view: "content:message:view", edit: "content:message:edit", publish: "content:message:publish" },
};

/** Where each kind's list lives: the publish screens go back there. */
export const KIND_LIST_PATH: Record<PublicationKind, string> = {
  program: "/program/list",
  plan: "/playPlan/list",
  message: "/publishMessage/list",
};

/** The content a publish screen's address names (`?kind=program|plan|message&id=N`), or null. */
export function parsePublishParams(params: URLSearchParams): { kind: PublicationKind; id: number } | null {
  const kind = PUBLICATION_KINDS.find((k) => k === params.get("kind"));
  const raw = params.get("id");
  const id = Number(raw);
  if (!kind || !raw || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  return { kind, id };
}

/** The address of the publish screens for one content. */
export const publishSetPath = (
  kind: PublicationKind,
  id: number,
  screen: "publishSet" | "terminalSelection" = "publishSet",
) => `/${screen}?kind=${kind}&id=${id}`;

/** States publishable while review (`audit`) is on: approved, or already published once. */
const REVIEWED: readonly ContentState[] = ["approved", "published"];

/**
 * Why content cannot be published yet with review on, or null when it can:
 * `submit` (a draft or a rejected item: submit it), `pending` (waiting for a reviewer).
 */
export function reviewBlock(audit: boolean, state: ContentState): "submit" | "pending" | null {
  if (!audit || REVIEWED.includes(state)) return null;
  return state === "pending" ? "pending" : "submit";
}
