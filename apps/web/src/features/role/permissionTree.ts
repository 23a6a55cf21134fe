import { PERMISSIONS, type PermissionNode, type UngrantableReason } from "@marquee/contracts";

/** The console key of a permission's label: `role.permissions.<domain>.<entity>.<action>`. */
export const permissionLabelKey = (permission: string) =>
  `role.permissions.${permission.replaceAll(":", ".")}`;

/** A node as antd's Tree takes it, with what the title needs. */
export interface PermissionTreeItem {
  key: string;
  title: string;
  kind: PermissionNode["kind"];
  name: string | null;
  permission: string | null;
  reason: UngrantableReason | null;
  disableCheckbox: boolean;
  children: PermissionTreeItem[];
}

/**
 * The server's permission tree for antd: a leaf the caller may not grant is
 * disabled, and so is a node whose leaves all are (or everything, for a role
 * whose permissions are locked).
 */
export function toTreeItems(
  nodes: readonly PermissionNode[],
  label: (node: PermissionNode) => string,
  locked = false,
): PermissionTreeItem[] {
  return nodes.map((n) => {
    const children = toTreeItems(n.children, label, locked);
    const disabled =
      locked || (n.kind === "permission" ? n.grantable !== true : children.every((c) => c.disableCheckbox));
    return {
      key: n.key,
      title: label(n),
      kind: n.kind,
      name: n.name ?? null,
      permission: n.permission ?? null,
      reason: n.reason ?? null,
      disableCheckbox: disabled,
      children,
    };
  });
}

/** Every permission leaf of the tree, with whether the caller may grant it. */
export function leafGrants(nodes: readonly PermissionNode[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  const walk = (list: readonly PermissionNode[]) => {
    for (const n of list) {
      if (n.kind === "permission" && n.permission) out.set(n.permission, n.grantable === true);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

const ORDER = new Map<string, number>(PERMISSIONS.map((p, i) => [p, i]));
const byCatalogue = (a: string, b: string) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0);

/**
 * The permissions a role gets from the tree's checked keys: the checked leaves
 * the caller may grant, and every permission the role already had that the
 * caller may not grant (those stay as they are; the tree shows them disabled).
 * Group keys (`menu:…`, `other`) are not permissions, and a permission the
 * catalogue no longer has is dropped.
 */
export function reconcile(
  checked: readonly (string | number | bigint)[],
  nodes: readonly PermissionNode[],
  original: readonly string[],
): string[] {
  const grants = leafGrants(nodes);
  const out = new Set<string>();
  for (const key of checked) {
    const k = String(key);
    if (grants.get(k) === true) out.add(k);
  }
  for (const p of original) if (grants.get(p) === false) out.add(p);
  return [...out].sort(byCatalogue);
}
