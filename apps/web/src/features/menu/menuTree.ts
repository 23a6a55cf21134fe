import {
  LOCALES,
  type Locale,
  type MenuEntry,
  type MenuSaveBody,
  type MenuSortBody,
} from "@marquee/contracts";

/** Where an entry sits: its parent (null: top level) and its index among its siblings. */
export interface Place {
  entry: MenuEntry;
  parentId: number | null;
  index: number;
}

/** The place of entry `id` in the tree. */
export function locate(
  entries: readonly MenuEntry[],
  id: number,
  parentId: number | null = null,
): Place | null {
  for (const [index, entry] of entries.entries()) {
    if (entry.id === id) return { entry, parentId, index };
    const deeper = locate(entry.children, id, entry.id);
    if (deeper) return deeper;
  }
  return null;
}

/** Ids of an entry and of everything below it. */
export function subtreeIds(entry: MenuEntry): Set<number> {
  const out = new Set<number>([entry.id]);
  for (const c of entry.children) for (const id of subtreeIds(c)) out.add(id);
  return out;
}

/**
 * The move a drop in antd's Tree asks for. `relative` is the drop position
 * against the target node (-1 before it, 0 on it, 1 after it); a drop on a
 * node (not in a gap), or just below an open node with children, puts the
 * entry first inside it. Null when nothing would change or the move is
 * impossible (into its own subtree).
 */
export function dropMove(
  entries: readonly MenuEntry[],
  drop: {
    dragId: number;
    dropId: number;
    dropToGap: boolean;
    relative: number;
    dropOpenWithChildren: boolean;
  },
): MenuSortBody | null {
  const dragged = locate(entries, drop.dragId);
  const target = locate(entries, drop.dropId);
  if (!dragged || !target) return null;
  let parentId: number | null;
  let index: number;
  if (!drop.dropToGap || (drop.relative === 1 && drop.dropOpenWithChildren)) {
    parentId = target.entry.id;
    index = 0;
  } else {
    parentId = target.parentId;
    index = drop.relative < 0 ? target.index : target.index + 1;
  }
  if (parentId !== null && subtreeIds(dragged.entry).has(parentId)) return null;
  // The server takes the entry out of its siblings before placing it.
  if (dragged.parentId === parentId && dragged.index < index) index -= 1;
  if (dragged.parentId === parentId && dragged.index === index) return null;
  return { id: drop.dragId, parentId, index };
}

/** An entry's title in a language, as the menu shows it. */
export function entryTitle(entry: MenuEntry, lang: string): string {
  return entry.meta.titles?.[lang as Locale] || entry.meta.title || entry.name;
}

/** What the edit drawer holds. */
export interface MenuForm {
  parentId: number | null;
  name: string;
  path: string;
  icon: string | null;
  sort: number;
  permission: string | null;
  roles: string[];
  invisible: boolean;
  link: string;
  frame: boolean;
  component: string | null;
  titles: Record<Locale, string>;
}

const noTitles = () => Object.fromEntries(LOCALES.map((l) => [l, ""])) as Record<Locale, string>;

/** The form of an existing entry, or of a new one under `parent` (null: top level). */
export function toForm(entry: MenuEntry | null, parent: MenuEntry | null = null): MenuForm {
  if (!entry) {
    return {
      parentId: parent?.id ?? null,
      name: "",
      path: "",
      icon: null,
      sort: parent ? parent.children.length : 0,
      permission: null,
      roles: [],
      invisible: false,
      link: "",
      frame: false,
      component: null,
      titles: noTitles(),
    };
  }
  return {
    parentId: entry.parentId,
    name: entry.name,
    path: entry.path,
    icon: entry.icon,
    sort: entry.sort,
    permission: entry.permission,
    roles: entry.roles,
    invisible: entry.meta.invisible,
    link: entry.link ?? "",
    frame: entry.frame,
    component: entry.componentOverride,
    titles: { ...noTitles(), ...(entry.meta.titles ?? {}) },
  };
}

/**
 * The save call's body for the form of `original` (null: a new entry). A new
 * entry, or one given another parent, goes last among its siblings; drag it
 * to place it.
 */
export function toBody(form: MenuForm, original: MenuEntry | null): MenuSaveBody {
  const titles = Object.fromEntries(LOCALES.map((l) => [l, (form.titles[l] ?? "").trim()])) as Record<
    Locale,
    string
  >;
  return {
    ...(original === null ? {} : { id: original.id }),
    ...(original !== null && original.parentId === form.parentId ? { sort: form.sort } : {}),
    parentId: form.parentId,
    name: form.name.trim(),
    path: form.path.trim(),
    icon: form.icon ?? "",
    permission: form.permission ?? "",
    roles: form.roles.map((r) => r.trim()).filter(Boolean),
    invisible: form.invisible,
    link: form.link.trim(),
    frame: form.link.trim() !== "" && form.frame,
    component: form.component ?? "",
    titles,
  };
}
