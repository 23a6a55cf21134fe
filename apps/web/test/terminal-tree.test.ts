import type { TerminalTreeNodeT } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import {
  findNode,
  flatten,
  groupKey,
  hasBranches,
  moveCall,
  needsChildren,
  officeKey,
  parseKey,
  withLoadedChildren,
} from "../src/features/terminal/tree";

const node = (id: number, children: TerminalTreeNodeT[] = [], hasChildren?: boolean): TerminalTreeNodeT => ({
  id,
  name: `N${id}`,
  kind: "office",
  total: 10,
  online: 4,
  children,
  ...(hasChildren === undefined ? {} : { hasChildren }),
});

describe("office and group trees", () => {
  it("keys offices and groups apart and reads the keys back", () => {
    expect(parseKey(officeKey(12))).toEqual({ kind: "office", id: 12 });
    expect(parseKey(groupKey(3))).toEqual({ kind: "group", id: 3 });
    expect(parseKey("x:1")).toBeNull();
    expect(parseKey("o:")).toBeNull();
  });

  it("asks for children only of nodes that say they have more and have not sent them", () => {
    const loaded = new Map<number, TerminalTreeNodeT[]>();
    expect(needsChildren(node(1, [], true), loaded)).toBe(true);
    expect(needsChildren(node(1, [node(2)], true), loaded)).toBe(false);
    expect(needsChildren(node(1, []), loaded)).toBe(false);
    expect(needsChildren(node(1, [], false), loaded)).toBe(false);
    loaded.set(1, []);
    expect(needsChildren(node(1, [], true), loaded)).toBe(false);
  });

  it("shows a node as a leaf once it has nothing below it", () => {
    const empty = new Map<number, TerminalTreeNodeT[]>();
    expect(hasBranches(node(1), empty)).toBe(false);
    expect(hasBranches(node(1, [], true), empty)).toBe(true);
    expect(hasBranches(node(1, [], true), new Map([[1, []]]))).toBe(false);
    expect(hasBranches(node(1, [], true), new Map([[1, [node(2)]]]))).toBe(true);
  });

  it("puts loaded children in place, deep down too", () => {
    const tree = [node(1, [node(2, [], true), node(3)], false)];
    const loaded = new Map([
      [2, [node(4, [], true)]],
      [4, [node(5)]],
    ]);
    const merged = withLoadedChildren(tree, loaded);
    expect(findNode(merged, 5)?.name).toBe("N5");
    expect(flatten(merged).map(({ node, depth }) => [node.id, depth])).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
      [5, 3],
      [3, 1],
    ]);
    expect(findNode(tree, 5)).toBeUndefined();
  });

  it("moves within the terminals' own office by group, and across offices by office", () => {
    expect(moveCall([{ officeId: 3 }, { officeId: 3 }], 3, 8)).toEqual({ call: "group", groupId: 8 });
    expect(moveCall([{ officeId: 3 }], 3, undefined)).toEqual({ call: "group", groupId: null });
    expect(moveCall([{ officeId: 3 }, { officeId: 4 }], 3, 8)).toEqual({
      call: "office",
      officeId: 3,
      groupId: 8,
    });
    expect(moveCall([{ officeId: 4 }], 3, undefined)).toEqual({
      call: "office",
      officeId: 3,
      groupId: undefined,
    });
  });
});
