import type { TerminalSelection } from "@marquee/contracts";

/** Something chosen: an office, a group or a terminal, with the name its tag shows. */
export interface Chosen {
  id: number;
  name: string;
}

export type ChosenKind = "office" | "group" | "terminal";

/** What the terminal picker holds: its three ways of choosing, and whether offices and groups take what lies below. */
export interface SelectionState {
  offices: ReadonlyMap<number, Chosen>;
  groups: ReadonlyMap<number, Chosen>;
  terminals: ReadonlyMap<number, Chosen>;
  includeChildren: boolean;
}

export const EMPTY_SELECTION: SelectionState = {
  offices: new Map(),
  groups: new Map(),
  terminals: new Map(),
  includeChildren: true,
};

const FIELD = { office: "offices", group: "groups", terminal: "terminals" } as const;

const ids = (m: ReadonlyMap<number, Chosen>) => [...m.keys()].sort((a, b) => a - b);

/** Whether nothing is chosen (publishing and counting need at least one office, group or terminal). */
export function isEmptySelection(s: SelectionState): boolean {
  return s.offices.size === 0 && s.groups.size === 0 && s.terminals.size === 0;
}

/**
 * The TerminalSelection body of the count and publish calls: the ids of each way (sorted, so equal
 * selections make equal query keys), empty ways left out, as the contract's refinement expects.
 */
export function selectionBody(s: SelectionState): TerminalSelection {
  const body: TerminalSelection = { includeChildren: s.includeChildren };
  if (s.terminals.size) body.terminalIds = ids(s.terminals);
  if (s.offices.size) body.officeIds = ids(s.offices);
  if (s.groups.size) body.groupIds = ids(s.groups);
  return body;
}

/** Adds or removes one office, group or terminal. */
export function toggleChosen(s: SelectionState, kind: ChosenKind, item: Chosen, on: boolean): SelectionState {
  const field = FIELD[kind];
  const next = new Map(s[field]);
  if (on) next.set(item.id, item);
  else next.delete(item.id);
  return { ...s, [field]: next };
}

/** The terminals chosen in the search table (a map kept across its pages). */
export function withTerminals(s: SelectionState, terminals: ReadonlyMap<number, Chosen>): SelectionState {
  return { ...s, terminals: new Map([...terminals].map(([id, t]) => [id, { id, name: t.name }])) };
}

export interface SelectionTag {
  kind: ChosenKind;
  id: number;
  name: string;
}

/** The chosen set as removable tags: offices, then groups, then terminals, each in the order chosen. */
export function selectionTags(s: SelectionState): SelectionTag[] {
  return (["office", "group", "terminal"] as const).flatMap((kind) =>
    [...s[FIELD[kind]].values()].map((c) => ({ kind, id: c.id, name: c.name })),
  );
}

/** A node of an office or group tree as far as it is loaded. */
export interface TreeNodeRef {
  id: number;
  kind?: "office" | "group";
  children: readonly TreeNodeRef[];
}

/**
 * Keys of the nodes already reached through a chosen ancestor while "include what lies below" is on:
 * the tree shows them as included rather than as something still to choose. `keyOf` names a node
 * (offices and groups may share ids), `chosen` holds the keys of the chosen nodes.
 */
export function coveredKeys<N extends TreeNodeRef>(
  nodes: readonly N[],
  keyOf: (n: N) => string,
  chosen: ReadonlySet<string>,
  includeChildren: boolean,
): Set<string> {
  const out = new Set<string>();
  if (!includeChildren) return out;
  const walk = (list: readonly N[], covered: boolean) => {
    for (const n of list) {
      const key = keyOf(n);
      if (covered) out.add(key);
      walk(n.children as readonly N[], covered || chosen.has(key));
    }
  };
  walk(nodes, false);
  return out;
}
