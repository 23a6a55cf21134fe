import type { DataRange, OfficeType, UserDetail } from "@marquee/contracts";

/** An office of the user screen's tree: `blocked` when it or an office above is disabled or expired. */
export interface UserOffice {
  id: number;
  parentId: number | null;
  name: string;
  type: OfficeType;
  blocked: boolean;
}

import type { UserSavePayload } from "./api";

/** The values of the create/edit form. */
export interface UserFormValues {
  username: string;
  name: string;
  officeId?: number;
  password?: string;
  confirm?: string;
  email: string;
  phone: string;
  enabled: boolean;
  remarks: string;
  roleIds: number[];
  dataRange: DataRange;
  dataOffices: number[];
}

export const emptyUserValues = (officeId?: number): UserFormValues => ({
  username: "",
  name: "",
  officeId,
  email: "",
  phone: "",
  enabled: true,
  remarks: "",
  roleIds: [],
  dataRange: "subtree",
  dataOffices: [],
});

/** The form filled with a user's details (getUserInfo?id=). */
export const valuesFromDetail = (d: UserDetail): UserFormValues => ({
  username: d.username,
  name: d.name,
  officeId: d.officeId,
  email: d.email ?? "",
  phone: d.phone ?? "",
  enabled: d.enabled,
  remarks: d.remarks ?? "",
  roleIds: d.roleIds,
  dataRange: d.dataRange,
  dataOffices: d.dataOffices,
});

/**
 * What save sends: trimmed text ("" clears a mail, phone or remarks), the
 * chosen institutions only for the "offices" range, and a password only for
 * a new user (an existing one's is reset with modifyPwd).
 */
export function toSavePayload(v: UserFormValues, editingId: number | null): UserSavePayload {
  return {
    ...(editingId !== null && { id: editingId }),
    username: v.username.trim(),
    name: v.name.trim(),
    officeId: v.officeId,
    email: v.email.trim(),
    phone: v.phone.trim(),
    enabled: v.enabled,
    remarks: v.remarks.trim(),
    roleIds: v.roleIds,
    dataRange: v.dataRange,
    dataOffices: v.dataRange === "offices" ? v.dataOffices : [],
    ...(editingId === null && v.password !== undefined && { password: v.password }),
  };
}

/** Server field errors on the form's fields: anything the form does not show goes to a toast instead. */
export function splitFieldErrors(
  errors: ReadonlyArray<{ field: string; message: string }>,
  shown: readonly string[],
): { fields: Array<{ name: keyof UserFormValues; errors: string[] }>; other: string[] } {
  const fields: Array<{ name: keyof UserFormValues; errors: string[] }> = [];
  const other: string[] = [];
  for (const e of errors) {
    if (shown.includes(e.field)) {
      const known = fields.find((f) => f.name === e.field);
      if (known) known.errors.push(e.message);
      else fields.push({ name: e.field as keyof UserFormValues, errors: [e.message] });
    } else other.push(e.message);
  }
  return { fields, other };
}

export interface OfficeNode {
  value: number;
  key: number;
  title: string;
  type: UserOffice["type"];
  blocked: boolean;
  children: OfficeNode[];
}

/** The flat office list as a forest: an office whose parent is not listed (out of range) is a root. */
export function officeForest(list: readonly UserOffice[]): OfficeNode[] {
  const nodes = new Map<number, OfficeNode>();
  for (const o of list)
    nodes.set(o.id, {
      value: o.id,
      key: o.id,
      title: o.name,
      type: o.type,
      blocked: o.blocked,
      children: [],
    });
  const roots: OfficeNode[] = [];
  for (const o of list) {
    const node = nodes.get(o.id) as OfficeNode;
    const parent = o.parentId === null ? undefined : nodes.get(o.parentId);
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  return roots;
}

/** Ids of an office and everything below it in the list. */
export function subtreeIds(list: readonly UserOffice[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const o of list)
    if (o.parentId !== null) children.set(o.parentId, [...(children.get(o.parentId) ?? []), o.id]);
  const out: number[] = [];
  const walk = (n: number) => {
    if (out.includes(n)) return;
    out.push(n);
    for (const c of children.get(n) ?? []) walk(c);
  };
  if (list.some((o) => o.id === id)) walk(id);
  return out;
}
