import {
  CustomerChildQuery,
  CustomerDynamicQuery,
  CustomerInfoQuery,
  CustomerInfoResponse,
  CustomerPage,
  type CustomerSummary,
  CustomerTreeResponse,
  daysToExpiry,
  EXPIRING_DAYS,
  type OfficeState,
  officeState,
  SearchCustomerQuery,
} from "@marquee/contracts";
import { and, asc, count, eq, gt, ilike, inArray, isNull, lte, not, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { offices, roles } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { notFound } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";
import { officeVisible } from "../../platform/tenancy";
import { usedBytes } from "../material/repo";
import { seatSql } from "./quota";
import { findOffice, officeScope, rootWhere } from "./repo";

const parent = alias(offices, "parent");

const summaryColumns = {
  id: offices.id,
  name: offices.name,
  type: offices.type,
  parentId: offices.parentId,
  parentName: parent.name,
  code: offices.code,
  contactName: offices.contactName,
  contactPhone: offices.contactPhone,
  contactEmail: offices.contactEmail,
  capacityBytes: offices.capacityBytes,
  terminalQuota: offices.terminalQuota,
  expiresAt: offices.expiresAt,
  enabled: offices.enabled,
  createdAt: offices.createdAt,
};
/** The customers (or agents) with their parent's name; the caller adds where, order and paging. */
const selectSummaries = (db: Db) =>
  db.select(summaryColumns).from(offices).leftJoin(parent, eq(parent.id, offices.parentId));
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

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

/** The WHERE condition of one state at `now` (the rule of officeState, in SQL). */
function stateWhere(state: OfficeState, now: Date): SQL | undefined {
  const soon = new Date(now.getTime() + EXPIRING_DAYS * 86_400_000);
  const on = eq(offices.enabled, true);
  switch (state) {
    case "disabled":
      return not(offices.enabled);
    case "expired":
      return and(on, lte(offices.expiresAt, now));
    case "expiring":
      return and(on, gt(offices.expiresAt, now), lte(offices.expiresAt, soon));
    case "active":
      return and(on, or(isNull(offices.expiresAt), gt(offices.expiresAt, soon)));
  }
}

/**
 * Customers (issue 8): agents' and the platform's customer accounts with
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
      const where =
        holderId !== undefined && officeVisible(actor, holderId)
          ? and(eq(offices.parentId, holderId), eq(offices.type, "customer"))
          : sql`false`;
      const [rows, totals] = await Promise.all([
        selectSummaries(db)
          .where(where)
          .orderBy(asc(offices.sort), asc(offices.name), asc(offices.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(offices).where(where),
      ]);
      const now = services.clock.now();
      return {
        list: rows.map((r) => toSummary(r, now)),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.get(
    "/a/api/customer/searchCustomer",
    { config: view, schema: { tags, querystring: SearchCustomerQuery, response: { 200: CustomerPage } } },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const now = services.clock.now();
      const like = q.keyword ? `%${likeEscape(q.keyword)}%` : null;
      const where = and(
        officeScope(actor),
        eq(offices.type, q.type),
        like
          ? or(
              ilike(offices.name, like),
              ilike(offices.contactName, like),
              ilike(offices.contactPhone, like),
              ilike(offices.contactEmail, like),
              ilike(offices.code, like),
            )
          : undefined,
        q.state ? stateWhere(q.state, now) : undefined,
        q.parentId !== undefined ? eq(offices.parentId, q.parentId) : undefined,
      );
      const [rows, totals] = await Promise.all([
        selectSummaries(db)
          .where(where)
          .orderBy(asc(offices.name), asc(offices.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(offices).where(where),
      ]);
      return {
        list: rows.map((r) => toSummary(r, now)),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
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
      const [row] = await selectSummaries(db).where(
        and(eq(offices.id, id), officeScope(actor), inArray(offices.type, ["agent", "customer"])),
      );
      if (!row) throw notFound("customer", id);
      const [full] = await db
        .select({
          path: offices.path,
          address: offices.address,
          remarks: offices.remarks,
          secondDomainName: offices.secondDomainName,
        })
        .from(offices)
        .where(eq(offices.id, id));
      if (!full) throw notFound("customer", id);
      const below = `${full.path}%`;
      const now = services.clock.now();
      const [usage, storageBytes, admin, blocked] = await Promise.all([
        db.execute<{ users: number; customers: number; terminals: number; seats: number }>(sql`
          with sub as (select id, type from offices where path like ${below})
          select
            (select count(*) from users where office_id in (select id from sub))::int as users,
            (select count(*) from sub where type = 'customer' and id <> ${id})::int as customers,
            (select count(*) from terminals t where t.office_id in (select id from sub))::int as terminals,
            (select count(*) from terminals t where t.office_id in (select id from sub) and ${seatSql})::int
              as seats`),
        usedBytes(services, full.path),
        db
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .where(and(eq(roles.officeId, id), eq(roles.code, "admin"))),
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
      const where =
        id === undefined
          ? and(rootWhere(actor), inArray(offices.type, ["platform", "agent", "customer"]))
          : and(
              eq(offices.parentId, (await findOffice(db, actor, id)).id),
              inArray(offices.type, ["agent", "customer"]),
            );
      const rows = await db
        .select({
          id: offices.id,
          parentId: offices.parentId,
          name: offices.name,
          type: offices.type,
          enabled: offices.enabled,
          expiresAt: offices.expiresAt,
          tenants: sql<number>`(select count(*) from offices c
            where c.parent_id = "offices"."id" and c.type in ('agent', 'customer'))`.mapWith(Number),
        })
        .from(offices)
        .where(where)
        .orderBy(asc(offices.sort), asc(offices.name), asc(offices.id));
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
