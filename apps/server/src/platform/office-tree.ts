import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import { offices } from "../db/schema";

export interface OfficeNode {
  id: number;
  parentId: number | null;
  path: string;
  type: "platform" | "agent" | "customer" | "institution";
  name: string;
  enabled: boolean;
  expiresAt: Date | null;
  secondDomainName: string | null;
  personalType: number;
}

/** Why nobody of an office may sign in: it (or an office above it) is disabled or has expired. */
export type OfficeBlock = { reason: "disabled" | "expired"; office: OfficeNode };

/**
 * The office tree, read once and kept until an office changes. "This office
 * and below" is a prefix match on the materialised path.
 */
export class OfficeTree {
  private nodes: Map<number, OfficeNode> | null = null;
  private loading: Promise<Map<number, OfficeNode>> | null = null;
  private changed: (() => void) | null = null;

  constructor(private readonly db: Db) {}

  /** Called after each local change: the terminal hub tells the other server processes. */
  onChange(fn: () => void): void {
    this.changed = fn;
  }

  /** Drops the tree after an office changed here; the other processes are told (see onChange). */
  invalidate(): void {
    this.forget();
    this.changed?.();
  }

  /** Drops the tree only here: another process changed an office. */
  forget(): void {
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
          enabled: offices.enabled,
          expiresAt: offices.expiresAt,
          secondDomainName: offices.secondDomainName,
          personalType: offices.personalType,
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

  /**
   * The tenant of an office: the nearest platform, agent or customer at or
   * above it. Roles, names, packages and widget settings belong to tenants;
   * content plays only on screens of its own tenant.
   */
  async tenantOf(id: number): Promise<OfficeNode | undefined> {
    return this.nearest(id, (o) => o.type !== "institution");
  }

  /** The id of an office's tenant (the office itself for an office the tree does not hold). */
  async tenantIdOf(id: number): Promise<number> {
    return (await this.tenantOf(id))?.id ?? id;
  }

  /** Whether two offices belong to one tenant (content of one plays only on screens of the same). */
  async sameTenant(a: number, b: number): Promise<boolean> {
    const [x, y] = await Promise.all([this.tenantOf(a), this.tenantOf(b)]);
    return x !== undefined && x.id === y?.id;
  }

  /** The offices whose tenant is `tenantId`: the tenant itself and its institutions, not the tenants below it. */
  async officesOfTenant(tenantId: number): Promise<number[]> {
    const map = await this.load();
    const root = map.get(tenantId);
    if (!root || root.type === "institution") return [];
    const ids: number[] = [];
    for (const node of map.values()) {
      if (!node.path.startsWith(root.path)) continue;
      // A node belongs to the root's tenant when no agent or customer lies between them.
      let up: OfficeNode | undefined = node;
      while (up && up.id !== root.id && up.type === "institution")
        up = up.parentId === null ? undefined : map.get(up.parentId);
      if (up?.id === root.id) ids.push(node.id);
    }
    return ids;
  }

  /** The first office at or above `id` that is disabled or expired at `now`, if any. */
  async blocked(id: number, now: Date): Promise<OfficeBlock | undefined> {
    const map = await this.load();
    let node = map.get(id);
    while (node) {
      if (!node.enabled) return { reason: "disabled", office: node };
      if (node.expiresAt && node.expiresAt.getTime() <= now.getTime())
        return { reason: "expired", office: node };
      node = node.parentId === null ? undefined : map.get(node.parentId);
    }
    return undefined;
  }

  /** The agent or customer whose second-level domain is `label` (lower case), if any. */
  async byDomain(label: string): Promise<OfficeNode | undefined> {
    for (const node of (await this.load()).values()) if (node.secondDomainName === label) return node;
    return undefined;
  }

  /** The platform: the office at the top of the tree (single sign-on of a host without a tenant domain). */
  async root(): Promise<OfficeNode | undefined> {
    for (const node of (await this.load()).values()) if (node.parentId === null) return node;
    return undefined;
  }
}

/**
 * The second-level domain label a Host header names: its first DNS label when
 * the host has at least two ("acme.signage.example", "acme.localhost"), lower
 * case, without the port; null for an IP address or a single-label host.
 */
export function hostLabel(host: string | undefined): string | null {
  if (!host) return null;
  const name = host.replace(/:\d+$/, "").toLowerCase();
  if (/^[\d.]+$/.test(name) || name.startsWith("[")) return null;
  const labels = name.split(".");
  return labels.length >= 2 && labels[0] ? labels[0] : null;
}

/** The path of a child office under `parentPath`. */
export const childPath = (parentPath: string, id: number) => `${parentPath}${id}/`;

/** The ids along a materialised path, top first. */
export const pathIds = (path: string): number[] => path.split("/").filter(Boolean).map(Number);
