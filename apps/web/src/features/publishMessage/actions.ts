import type { ContentState, Permission, PubMessageSummary } from "@marquee/contracts";
import type { ContentKind } from "../content/kind";
import { reviewBlock } from "../publish/kinds";

/** Permissions of the message screens (packages/contracts permission catalogue). */
export const MESSAGE_PERMISSIONS = {
  view: "content:message:view",
  edit: "content:message:edit",
  remove: "content:message:delete",
  publish: "content:message:publish",
  review: "content:message:review",
} as const satisfies Record<string, Permission>;

/** Published messages among the content kinds. */
export const MESSAGE_KIND: ContentKind = {
  publication: "message",
  keys: "publishMessage",
  queryKey: "pubMessage",
  testId: "message",
  permissions: MESSAGE_PERMISSIONS,
};

/** What can be done to one message from message management. */
export type MessageAction =
  | "edit"
  | "delete"
  | "submit"
  | "publish"
  | "publications"
  | "withdraw"
  | "history"
  | "preview";

/** Why an action is not available: no permission, the state (submit), review first (publish), nothing published (withdraw). */
export type MessageBlock = "noPermission" | "state" | "submitFirst" | "pending" | "notPublished";
export type MessageAvailability = { enabled: true } | { enabled: false; reason: MessageBlock };

export interface MessageGrants {
  edit: boolean;
  remove: boolean;
  publish: boolean;
}

/** States a message can be submitted for review from. */
export const SUBMITTABLE: readonly ContentState[] = ["draft", "rejected"];

const NEEDS: Record<MessageAction, keyof MessageGrants | null> = {
  edit: "edit",
  submit: "edit",
  delete: "remove",
  publish: "publish",
  withdraw: "publish",
  publications: null,
  history: null,
  preview: null,
};

/**
 * The actions of one message. With review on (`audit`), only approved or
 * published messages can be published; withdrawing needs a publication.
 * A published message may still be chosen for delete: the server's refusal
 * says why.
 */
export function messageActions(
  m: Pick<PubMessageSummary, "state" | "publicationCount">,
  grants: MessageGrants,
  audit: boolean,
): Record<MessageAction, MessageAvailability> {
  const out = {} as Record<MessageAction, MessageAvailability>;
  for (const action of Object.keys(NEEDS) as MessageAction[]) {
    const need = NEEDS[action];
    const block = reviewBlock(audit, m.state);
    if (need && !grants[need]) out[action] = { enabled: false, reason: "noPermission" };
    else if (action === "submit" && !SUBMITTABLE.includes(m.state))
      out[action] = { enabled: false, reason: "state" };
    else if (action === "publish" && block)
      out[action] = { enabled: false, reason: block === "pending" ? "pending" : "submitFirst" };
    else if (action === "withdraw" && m.publicationCount === 0)
      out[action] = { enabled: false, reason: "notPublished" };
    else out[action] = { enabled: true };
  }
  return out;
}

/** The messages of a selection that can be submitted for review. */
export function submittable<T extends Pick<PubMessageSummary, "state">>(rows: readonly T[]): T[] {
  return rows.filter((m) => SUBMITTABLE.includes(m.state));
}
