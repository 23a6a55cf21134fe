import { type Branding, mergeBrandings } from "@marquee/contracts";
import { asc, inArray, isNull } from "drizzle-orm";
import { offices } from "../../db/schema";
import type { OfficeNode } from "../../platform/office-tree";
import type { Services } from "../../platform/services";

/**
 * Whether an office's own branding counts for itself and the offices below
 * it: the platform's always (the installation's default brand), an agent's
 * or customer's only while the platform has enabled its customisation
 * (personalType 1). Institutions have no brand of their own.
 */
export function brandApplies(o: { type: OfficeNode["type"]; personalType: number }): boolean {
  return o.type === "platform" || ((o.type === "agent" || o.type === "customer") && o.personalType === 1);
}

/** The offices from `officeId` up to the root, nearest first. */
async function chainOf(services: Services, officeId: number): Promise<OfficeNode[]> {
  const chain: OfficeNode[] = [];
  let node = await services.tree.get(officeId);
  while (node) {
    chain.push(node);
    node = node.parentId === null ? undefined : await services.tree.get(node.parentId);
  }
  return chain;
}

export interface BrandView {
  /** What the office has set itself. */
  own: Branding;
  /** Its ancestors' applicable brands merged: what shows where it sets nothing. */
  inherited: Branding;
  /** What the office's users see. */
  effective: Branding;
}

/**
 * The brand of an office, merged field by field over its ancestors' and the
 * platform's. The branding and personalType are read fresh from the
 * database (a few rows), so a save shows at once in every process.
 */
export async function brandOf(services: Services, officeId: number): Promise<BrandView> {
  const chain = await chainOf(services, officeId);
  if (chain.length === 0) return { own: {}, inherited: {}, effective: {} };
  const rows = await services.db
    .select({
      id: offices.id,
      type: offices.type,
      personalType: offices.personalType,
      branding: offices.branding,
    })
    .from(offices)
    .where(
      inArray(
        offices.id,
        chain.map((n) => n.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const layers = chain.map((n) => byId.get(n.id)).filter((r) => r !== undefined);
  const applicable = (rs: typeof layers) => rs.filter(brandApplies).map((r) => r.branding);
  const self = layers[0];
  const inherited = mergeBrandings(applicable(layers.slice(1)));
  return {
    own: mergeBrandings([self?.branding]),
    inherited,
    effective: mergeBrandings(applicable(layers)),
  };
}

/** The platform's own brand (the default of the installation); empty before initialisation. */
export async function platformBrand(services: Services): Promise<Branding> {
  const [root] = await services.db
    .select({ branding: offices.branding })
    .from(offices)
    .where(isNull(offices.parentId))
    .orderBy(asc(offices.id))
    .limit(1);
  return mergeBrandings([root?.branding]);
}
