import {
  isPermission,
  type Locale,
  PERMISSION_GROUPS,
  PERMISSIONS,
  type Permission,
  type PermissionNode,
  type UngrantableReason,
} from "@marquee/contracts";
import { byParent, depthFirst, type MenuRow, titleOf } from "../menu/repo";

/** A permission's group: its `domain:entity` part, or the whole name when it has none (`form`). */
const groupOf = (p: string) => (p.includes(":") ? p.slice(0, p.lastIndexOf(":")) : p);
const ORDER = new Map<string, number>(PERMISSIONS.map((p, i) => [p, i]));

/**
 * Where each permission of the catalogue sits in the menu: under the first
 * entry (depth first) that carries it, and a group's other actions under the
 * entry carrying the group's `view` permission (or its first entry).
 * Permissions of a group no entry names are left out (they go under "Other").
 */
export function placePermissions(rows: readonly MenuRow[]): Map<number, Permission[]> {
  const placed = new Map<string, number>();
  const home = new Map<string, number>();
  for (const row of depthFirst(rows)) {
    const p = row.permission;
    if (!p || !isPermission(p)) continue;
    if (!placed.has(p)) placed.set(p, row.id);
    const group = groupOf(p);
    if (p.endsWith(":view") && placed.get(p) === row.id) home.set(group, row.id);
    else if (!home.has(group)) home.set(group, row.id);
  }
  const byRow = new Map<number, Permission[]>();
  for (const [group, permissions] of Object.entries(PERMISSION_GROUPS)) {
    for (const p of permissions) {
      const rowId = placed.get(p) ?? home.get(group);
      if (rowId === undefined) continue;
      const list = byRow.get(rowId) ?? [];
      list.push(p);
      byRow.set(rowId, list);
    }
  }
  for (const list of byRow.values()) list.sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
  return byRow;
}

/**
 * The permission tree of the role editor: the menu entries (with their titles
 * from the menus table) holding the permissions placed under them, entries
 * without any left out, and an "Other" node for the rest. `reason` says why
 * the caller may not grant a permission (null: they may).
 */
export function permissionTree(
  rows: readonly MenuRow[],
  locale: Locale,
  reason: (p: Permission) => UngrantableReason | null,
): PermissionNode[] {
  const children = byParent(rows);
  const placed = placePermissions(rows);
  const leaf = (p: Permission): PermissionNode => {
    const why = reason(p);
    return {
      key: p,
      kind: "permission",
      permission: p,
      grantable: why === null,
      ...(why ? { reason: why } : {}),
      children: [],
    };
  };
  const make = (row: MenuRow): PermissionNode | null => {
    const kids = [
      ...(placed.get(row.id) ?? []).map(leaf),
      ...(children.get(row.id) ?? []).map(make).filter((n): n is PermissionNode => n !== null),
    ];
    if (!kids.length) return null;
    return {
      key: `menu:${row.id}`,
      kind: "menu",
      name: row.name,
      title: titleOf(row, locale),
      children: kids,
    };
  };
  const tree = (children.get(null) ?? []).map(make).filter((n): n is PermissionNode => n !== null);
  const inTree = new Set<string>([...placed.values()].flat());
  const other = PERMISSIONS.filter((p) => !inTree.has(p));
  if (other.length) tree.push({ key: "other", kind: "other", children: other.map(leaf) });
  return tree;
}
