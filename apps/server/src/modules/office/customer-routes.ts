import {
  CustomerChildQuery,
  CustomerDynamicQuery,
  CustomerInfoQuery,
  CustomerInfoResponse,
  CustomerPage,
  type CustomerSummary,
  CustomerTreeResponse,
  daysToExpiry,
  officeState,
  SearchCustomerQuery,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { officeVisible } from "../../platform/tenancy";
import { usedBytes } from "../material/repo";
import {
  adminRoles,
  childCustomers,
  customerUsage,
  findCustomer,
  type SummaryRow,
  searchCustomers,
  tenantChildren,
} from "./customer-repo";
import { findOffice } from "./repo";

function toSummary(r: SummaryRow, now: Date): CustomerSummary {
  return {
    id: r.id,
    name: r.name,
    type: r.type === "agent" ? "agent" : "customer",
    parentId: r.parentId,
    parentName: r.parentName,
    code: r.code,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    capacityBytes: r.capacityBytes,
    terminalQuota: r.terminalQuota,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    enabled: r.enabled,
    state: officeState(r, now),
    createDate: r.createdAt.toISOString(),
  };
}

/** A page of the customer lists' answer: the rows found, as summaries at `now`, and the paging asked for. */
function customerPage(
  found: { rows: SummaryRow[]; total: number },
  q: { pageNo: number; pageSize: number },
  now: Date,
) {
  return {
    list: found.rows.map((r) => toSummary(r, now)),
    total: found.total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/**
 * Customers: agents' and the platform's customer accounts with
 * contact, quotas and expiry, and their usage (/a/api/customer/*; the
 * branding call imgSetting lives in the brand module). Everything is scoped to
 * the caller's range: one agent never sees another's customers (404).
 * Customers are created, edited and deleted through office/save and deleteOffice.
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["customer"];
  const view = { access: { permission: "sys:customer:view" as const } };

  app.get(
    "/a/api/customer/findChild",
    { config: view, schema: { tags, querystring: CustomerChildQuery, response: { 200: CustomerPage } } },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      // Without an id: the caller's own agent (or the platform), if it lies in their range.
      const holderId =
        q.id !== undefined
          ? (await findOffice(db, actor, q.id)).id
          : (await services.tree.nearest(actor.officeId, (o) => o.type === "agent" || o.type === "platform"))
              ?.id;
      const found = await childCustomers(
        db,
        holderId !== undefined && officeVisible(actor, holderId) ? holderId : undefined,
        q,
      );
      return customerPage(found, q, services.clock.now());
    },
  );

  app.get(
    "/a/api/customer/searchCustomer",
    { config: view, schema: { tags, querystring: SearchCustomerQuery, response: { 200: CustomerPage } } },
    async (req) => {
      const q = req.query;
      const now = services.clock.now();
      return customerPage(await searchCustomers(db, actorOf(req), q, now), q, now);
    },
  );

  app.get(
    "/a/api/customer/customerInfo",
    {
      config: view,
      schema: { tags, querystring: CustomerInfoQuery, response: { 200: CustomerInfoResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.query;
      const { row, full } = await findCustomer(db, actor, id);
      const below = `${full.path}%`;
      const now = services.clock.now();
      const [usage, storageBytes, admin, blocked] = await Promise.all([
        customerUsage(db, id, below),
        usedBytes(services, full.path),
        adminRoles(db, id),
        services.tree.blocked(id, now),
      ]);
      const u = usage.rows[0];
      const summary = toSummary(row, now);
      return {
        customer: {
          ...summary,
          address: full.address,
          remarks: full.remarks,
          secondDomainName: full.secondDomainName,
          daysToExpiry: daysToExpiry(summary.expiresAt, now),
          // Only what lies in the caller's range is named: an office above it stays anonymous.
          blockedBy: blocked
            ? {
                id: blocked.office.id,
                name: officeVisible(actor, blocked.office.id) ? blocked.office.name : "",
                reason: blocked.reason,
              }
            : null,
          usage: {
            storageBytes,
            terminalsAuthorised: u?.seats ?? 0,
            terminals: u?.terminals ?? 0,
            users: u?.users ?? 0,
            customers: u?.customers ?? 0,
          },
          adminRole: admin[0] ?? null,
        },
      };
    },
  );

  app.get(
    "/a/api/customer/customerDynamicData",
    {
      config: view,
      schema: { tags, querystring: CustomerDynamicQuery, response: { 200: CustomerTreeResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.query;
      const rows = await tenantChildren(
        db,
        actor,
        id === undefined ? undefined : (await findOffice(db, actor, id)).id,
      );
      const now = services.clock.now();
      return {
        list: rows.flatMap((r) =>
          r.type === "institution"
            ? []
            : [
                {
                  id: r.id,
                  parentId: r.parentId,
                  name: r.name,
                  type: r.type,
                  state: officeState(r, now),
                  isLeaf: r.tenants === 0,
                },
              ],
        ),
      };
    },
  );
};
