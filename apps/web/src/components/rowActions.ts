/**
 * The actions every content row (plans, messages) shows as buttons, in this
 * order; the others are in its "More actions" menu. Publishing is always the
 * second button, never hidden in the menu.
 */
export const INLINE_ACTIONS = ["edit", "publish", "delete"] as const;
export type InlineAction = (typeof INLINE_ACTIONS)[number];
