import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import { offices } from "../db/schema";

export interface OfficeNode {
  id: number;
  parentId: number | null;
  path: string;
  type: "platform" | "agent" | "customer" | "institution";
  name: string;
}

/**
 * The office tree, read once and kept until an office changes. "This office
 * and below" is a prefix match on the materialised path.
 */
export class OfficeTree {
  private nodes: Map<number, OfficeNode> | null = null;
  private loading: Promise<Map<number, OfficeNode>> | null = null;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.nodes = null;
    this.loading = null;
  }

  private async load(): Promise<Map<number, OfficeNode>> {
    if (this.nodes) return this.nodes;
    if (!this.loading) {
      this.loading = this.db
        .select({
          id: offices.id,
          parentId: offices.parentId,
          path: offices.path,
          type: offices.type,
          name: offices.name,
        })
        .from(offices)
        .orderBy(asc(offices.path))
        .then((rows) => {
          const map = new Map(rows.map((r) => [r.id, r]));
          this.nodes = map;
          return map;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }

  async get(id: number): Promise<OfficeNode | undefined> {
    return (await this.load()).get(id);
  }

  /** Ids of the office with this path and every office below it. */
  async subtreeIds(path: string): Promise<number[]> {
    const ids: number[] = [];
    for (const node of (await this.load()).values()) if (node.path.startsWith(path)) ids.push(node.id);
    return ids;
  }

  /** Whether office `id` lies within the subtree rooted at `path`. */
  async within(id: number, path: string): Promise<boolean> {
    const node = await this.get(id);
    return node?.path.startsWith(path) === true;
  }

  /** The nearest office at or above `id` that matches `pred`. */
  async nearest(id: number, pred: (n: OfficeNode) => boolean): Promise<OfficeNode | undefined> {
    const map = await this.load();
    let node = map.get(id);
    while (node) {
      if (pred(node)) return node;
      node = node.parentId === null ? undefined : map.get(node.parentId);
    }
    return undefined;
  }
}

/** The path of a child office under `parentPath`. */
export const childPath = (parentPath: string, id: number) => `${parentPath}${id}/`;
