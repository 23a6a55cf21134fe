import type { MaterialFolder } from "@marquee/contracts";

export interface FolderNode {
  key: string;
  /** undefined for the root ("my materials"). */
  id: number | undefined;
  title: string;
  value: string;
  children: FolderNode[];
}

export const ROOT_KEY = "root";
export const folderKey = (id: number | undefined) => (id === undefined ? ROOT_KEY : String(id));
export const folderIdOf = (key: string): number | undefined => (key === ROOT_KEY ? undefined : Number(key));

/** The flat folder list as a tree under one root node; folders whose parent is missing hang off the root. */
export function buildFolderTree(folders: readonly MaterialFolder[], rootTitle: string): FolderNode {
  const nodes = new Map<number, FolderNode>();
  for (const f of folders) {
    nodes.set(f.id, { key: String(f.id), id: f.id, title: f.name, value: String(f.id), children: [] });
  }
  const root: FolderNode = { key: ROOT_KEY, id: undefined, title: rootTitle, value: ROOT_KEY, children: [] };
  for (const f of folders) {
    const node = nodes.get(f.id) as FolderNode;
    const parent = f.parentId === null || f.parentId === f.id ? undefined : nodes.get(f.parentId);
    (parent ?? root).children.push(node);
  }
  const sort = (n: FolderNode) => {
    n.children.sort((a, b) => a.title.localeCompare(b.title));
    n.children.forEach(sort);
  };
  sort(root);
  return root;
}

/** A folder's path of names from the root, for messages ("Root / Videos / Ads"). */
export function folderPath(
  folders: readonly MaterialFolder[],
  id: number | undefined,
  rootTitle: string,
): string {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const names: string[] = [];
  const seen = new Set<number>();
  let cur = id === undefined ? undefined : byId.get(id);
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    names.unshift(cur.name);
    cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
  }
  return [rootTitle, ...names].join(" / ");
}
