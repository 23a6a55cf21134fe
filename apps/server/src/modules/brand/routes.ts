import {
  BRAND_IMAGE_FILE,
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_PREFIX,
  BrandImgSettingResponse,
  type Branding,
  CheckDomainNameQuery,
  CheckDomainNameResponse,
  DomainLabelInput,
  HostBrandResponse,
  OkResponse,
  OpenPersonalBody,
  PersonalSettingQuery,
  PersonalSettingResponse,
  PersonalTenantsQuery,
  PersonalTenantsResponse,
  SaveDomainNameBody,
  SavePersonalSettingBody,
  SavePersonalSettingResponse,
  UploadBrandImageBody,
  UploadBrandImageResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { binaryResponse } from "../../platform/download";
import { AppError, FieldErrors, notFound, violates } from "../../platform/errors";
import { sanitizeSimpleHtml } from "../../platform/html";
import { hostLabel } from "../../platform/office-tree";
import { officeVisible } from "../../platform/tenancy";
import { brandApplies, brandOf, platformBrand } from "./effective";
import { brandImageExt, brandImageType, readBrandImage, storeBrandImage } from "./images";
import {
  domainOwner,
  listTenants,
  personalTypeOf,
  saveBranding,
  saveDomain,
  setPersonalType,
  type TenantNode,
  tenantRow,
} from "./repo";

/** The branding as stored: empty fields dropped (they inherit), the footer HTML sanitised. */
function cleanBranding(input: Record<string, unknown>): Branding {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (typeof value === "string") {
      let v = value.trim();
      if (field === "footerHtml") v = sanitizeSimpleHtml(v);
      if (field === "themeColor") v = v.toLowerCase();
      if (v !== "") out[field] = v;
    } else if (Array.isArray(value)) {
      if (value.length > 0) out[field] = value;
    } else if (field === "filing" && typeof value === "object" && value !== null) {
      // A filing without its record number sets nothing (the link alone is refused by BrandingInput).
      const { text, url } = value as { text: string; url?: string };
      if (text.trim() !== "")
        out[field] = url?.trim() ? { text: text.trim(), url: url.trim() } : { text: text.trim() };
    }
  }
  return out as Branding;
}

/**
 * White-label: a tenant's personalised interface, enabling
 * customisation, second-level domains, and the brand a Host gets before
 * anyone signs in. Tenants are the platform, agents and customers; a caller
 * reaches their own tenant and the tenants in their data range below it,
 * and any other looks like a missing one (404).
 */
export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const store = app.services.storage.store;
  const openLimit = { rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 } };

  /** A tenant the caller may reach, or 404. */
  const reachableTenant = async (actor: Actor, id: number): Promise<TenantNode> => {
    const node = await services.tree.get(id);
    const own = await services.tree.tenantOf(actor.officeId);
    if (!node || !own) throw notFound("tenant", id);
    if (node.id === own.id) return node as TenantNode;
    if (!node.path.startsWith(own.path) || !officeVisible(actor, node.id)) throw notFound("tenant", id);
    if (node.type === "institution") throw new AppError(400, "brand.notTenant", { name: node.name });
    return node as TenantNode;
  };

  /** An agent or customer the caller may reach (the platform itself has neither a domain nor a switch). */
  const reachableCustomerOrAgent = async (actor: Actor, id: number): Promise<TenantNode> => {
    const node = await reachableTenant(actor, id);
    if (node.type === "platform") throw new AppError(400, "brand.notTenant", { name: node.name });
    return node;
  };

  /** Refuses to change a brand that does not apply (customisation off), with the reason. */
  const assertEditable = (node: TenantNode) => {
    if (!brandApplies(node)) throw new AppError(409, "brand.notPersonalised", { name: node.name });
  };

  const afterOfficeWrite = () => {
    services.tree.invalidate();
    services.reads.bump("offices");
  };

  // --- Personalised interface ---------------------------------------------------------------

  app.get(
    "/a/api/customer/personalSetting",
    {
      config: { access: { permission: "sys:personalInterface:view" } },
      schema: {
        tags: ["brand"],
        querystring: PersonalSettingQuery,
        response: { 200: PersonalSettingResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const id = req.query.officeId ?? (await services.tree.tenantOf(actor.officeId))?.id;
      if (id === undefined) throw notFound("tenant", actor.officeId);
      const node = await reachableTenant(actor, id);
      const view = await brandOf(services, node.id);
      const tenant = await tenantRow(db, node.id);
      return {
        tenant,
        branding: view.own,
        inherited: view.inherited,
        effective: view.effective,
        editable: brandApplies(tenant),
      };
    },
  );

  app.post(
    "/a/api/customer/savePersonalSetting",
    {
      config: { access: { permission: "sys:personalInterface:edit" } },
      schema: {
        tags: ["brand"],
        body: SavePersonalSettingBody,
        response: { 200: SavePersonalSettingResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { officeId } = req.body;
      req.audit.target = `office:${officeId}`;
      const node = await reachableTenant(actor, officeId);
      const fresh = await personalTypeOf(db, node.id);
      assertEditable({ ...node, personalType: fresh ?? node.personalType });
      const branding = cleanBranding(req.body.branding);
      req.audit.detail = { fields: Object.keys(branding) };
      await saveBranding(db, node.id, branding, services.clock.now());
      services.reads.bump("offices");
      const view = await brandOf(services, node.id);
      return { branding: view.own, effective: view.effective };
    },
  );

  app.post(
    "/a/api/customer/uploadBrandImage",
    {
      config: { access: { permission: "sys:personalInterface:edit" } },
      // A login background of 2 MiB is larger than the default body limit once base64-encoded.
      bodyLimit: Math.ceil((BRAND_IMAGE_MAX_BYTES.loginBackground * 4) / 3) + 64 * 1024,
      schema: { tags: ["brand"], body: UploadBrandImageBody, response: { 200: UploadBrandImageResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { officeId, kind, image } = req.body;
      req.audit.target = `office:${officeId}`;
      req.audit.detail = { kind };
      assertEditable(await reachableTenant(actor, officeId));
      const bytes = Buffer.from(image.slice(image.indexOf(",") + 1), "base64");
      const max = BRAND_IMAGE_MAX_BYTES[kind];
      if (bytes.length > max) {
        throw new FieldErrors([{ field: "image", key: "brand.imageTooLarge", values: { max: max / 1024 } }]);
      }
      const ext = await brandImageExt(bytes, kind);
      if (!ext) throw new FieldErrors([{ field: "image", key: "brand.imageInvalid" }]);
      const file = await storeBrandImage(store, bytes, ext);
      req.audit.detail = { kind, file, bytes: bytes.length };
      return { url: `${BRAND_IMAGE_PREFIX}${file}` };
    },
  );

  const brandImage = binaryResponse("a brand image", ["image/*"]);
  app.get("/f/brand/:file", { schema: { tags: ["brand"], response: brandImage } }, async (req, reply) => {
    const { file } = req.params as { file: string };
    if (!BRAND_IMAGE_FILE.test(file)) throw notFound("image", file);
    const bytes = await readBrandImage(store, file).catch(() => null);
    if (!bytes) throw notFound("image", file);
    // Named by their content, so they never change.
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .type(brandImageType(file))
      .send(bytes);
  });

  // --- Tenants, enabling customisation -------------------------------------------------------

  app.get(
    "/a/api/customer/personalTenants",
    {
      config: {
        access: {
          anyOf: ["sys:personalInterface:view", "sys:customer:personalise", "sys:domainName:view"],
        },
      },
      schema: {
        tags: ["brand"],
        querystring: PersonalTenantsQuery,
        response: { 200: PersonalTenantsResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const { rows, total } = await listTenants(db, actor, q);
      return {
        list: rows,
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.post(
    "/a/api/customer/openPersonal",
    {
      config: { access: { permission: "sys:customer:personalise" } },
      schema: { tags: ["brand"], body: OpenPersonalBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, personalType } = req.body;
      req.audit.target = `office:${id}`;
      req.audit.detail = { personalType };
      const node = await reachableCustomerOrAgent(actor, id);
      await setPersonalType(db, node.id, personalType, services.clock.now());
      afterOfficeWrite();
      return {};
    },
  );

  // --- Second-level domains ------------------------------------------------------------------

  /** The "already used" message, naming the tenant only to a caller who may see it. */
  const takenKey = (
    actor: Actor,
    owner: { id: number; name: string },
    domain: string,
  ): { key: "brand.domainTaken" | "brand.domainTakenOther"; values: Record<string, string> } =>
    officeVisible(actor, owner.id)
      ? { key: "brand.domainTaken", values: { domain, name: owner.name } }
      : { key: "brand.domainTakenOther", values: { domain } };

  app.post(
    "/a/api/customer/saveDomainName",
    {
      config: { access: { permission: "sys:domainName:edit" } },
      schema: { tags: ["brand"], body: SaveDomainNameBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, secondDomainName, personalType } = req.body;
      req.audit.target = `office:${id}`;
      req.audit.detail = { secondDomainName, personalType };
      const node = await reachableCustomerOrAgent(actor, id);
      const conflict = secondDomainName ? await domainOwner(db, secondDomainName, node.id) : undefined;
      if (conflict) {
        const taken = takenKey(actor, conflict, secondDomainName as string);
        throw new AppError(409, taken.key, taken.values, {
          errors: [{ field: "secondDomainName", message: req.t(taken.key, taken.values) }],
        });
      }
      try {
        await saveDomain(db, node.id, secondDomainName, personalType, services.clock.now());
      } catch (err) {
        // Another request took the label between the check and the write.
        if (secondDomainName && violates(err, "offices_domain_uq")) {
          throw new AppError(409, "brand.domainTakenOther", { domain: secondDomainName });
        }
        throw err;
      }
      afterOfficeWrite();
      return {};
    },
  );

  app.get(
    "/a/api/customer/checkDomainName",
    {
      config: { access: { permission: "sys:domainName:edit" } },
      schema: {
        tags: ["brand"],
        querystring: CheckDomainNameQuery,
        response: { 200: CheckDomainNameResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const name = req.query.name.trim().toLowerCase();
      const answer = (reason: "empty" | "format" | "reserved" | "taken" | null, message: string | null) => ({
        name,
        available: reason === null,
        reason,
        message,
      });
      if (name === "") return answer("empty", req.t("brand.domainRequired"));
      const parsed = DomainLabelInput.safeParse(name);
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.message === "brand.domainReserved" ? "reserved" : "format";
        return answer(key, req.t(key === "reserved" ? "brand.domainReserved" : "brand.domainFormat"));
      }
      if (req.query.id !== undefined) await reachableCustomerOrAgent(actor, req.query.id);
      const owner = await domainOwner(db, name, req.query.id);
      if (owner) {
        const taken = takenKey(actor, owner, name);
        return answer("taken", req.t(taken.key, taken.values));
      }
      return answer(null, null);
    },
  );

  // --- The brand a visitor and a user see ------------------------------------------------------

  app.get(
    "/f/common/brand",
    { config: openLimit, schema: { tags: ["brand"], response: { 200: HostBrandResponse } } },
    async (req, reply) => {
      const label = hostLabel(req.host);
      const tenant = label ? await services.tree.byDomain(label) : undefined;
      const branding = tenant
        ? (await brandOf(services, tenant.id)).effective
        : await platformBrand(services);
      // Small, and a brand saved a moment ago must show on the next visit.
      reply.header("cache-control", "no-cache");
      return { branding, domain: tenant ? label : null };
    },
  );

  app.get(
    "/a/api/customer/imgSetting",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["brand"], response: { 200: BrandImgSettingResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      // The user's own agent or customer (spec §3 User personal info) and the brand they see.
      const owner = await services.tree.nearest(
        actor.officeId,
        (o) => o.type === "customer" || o.type === "agent",
      );
      const branding = (await brandOf(services, actor.officeId)).effective;
      return {
        secondDomainName: owner?.secondDomainName ?? null,
        personalType: owner?.personalType ?? 0,
        logo: branding.logo ?? null,
        branding,
      };
    },
  );
};
