import { API_PREFIX, type Permission, tenantMayHold } from "@marquee/contracts";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { type Actor, can } from "./actor";
import { AppError } from "./errors";

/**
 * What a route needs, declared next to it:
 * - `{ permission }`: a signed-in user holding it;
 * - `{ anyOf }`: a signed-in user holding one of them (a call two screens share);
 * - `{ signedIn: true }`: any signed-in user (their own profile, sign out);
 * - `{ open: true }`: anyone (sign-in itself and the calls before it);
 *   `csrf: false` also skips the cross-site check, for calls that no browser
 *   session can ride: the terminals' own, authenticated by a bearer token.
 */
export type Access =
  | { permission: Permission }
  | { anyOf: readonly Permission[] }
  | { signedIn: true }
  | { open: true; csrf?: false };

/** A registered API route with what it declares: the access test and the bad-input test walk these. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access | undefined;
  mutates: boolean;
  /** The route's audit action name when a call of it leaves an audit row; null when none does. */
  action: string | null;
  schema: RouteOptions["schema"];
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A GET that changes state (the spec names some): audited and CSRF-checked like a POST. */
    mutates?: boolean;
    /**
     * A call only a person signed in to the console may make, never an API token: signing out, the
     * password and the profile's address, and making or revoking tokens (a token cannot grow itself).
     */
    sessionOnly?: true;
    /** The audit action name; defaults to the path below /apm-web. */
    action?: string;
    /**
     * false: the call leaves no audit row: telemetry (the console's page views)
     * and reads that are POST only because the spec says so.
     */
    audit?: false;
  }
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const SIGNED_IN_PREFIXES = [`${API_PREFIX}/a/`];

/** Whether a route must declare its access: every /a/* route and the menu routes. */
export function needsDeclaredAccess(url: string): boolean {
  return SIGNED_IN_PREFIXES.some((p) => url.startsWith(p)) || url === `${API_PREFIX}/routes`;
}

export function isMutating(req: FastifyRequest): boolean {
  return !SAFE.has(req.method) || req.routeOptions.config.mutates === true;
}

/**
 * The audit action a call of this route is recorded under, or null when its
 * calls leave no audit row: reads, routes that declare no access, and routes
 * that opt out (`audit: false`). The audit plugin and the action catalogue's
 * test both ask this.
 */
export function auditedAction(
  method: string,
  url: string,
  config: FastifyContextConfig | undefined,
): string | null {
  if (!config?.access || config.audit === false) return null;
  if (SAFE.has(method) && config.mutates !== true) return null;
  return config.action ?? url.replace(API_PREFIX, "");
}

/** The signed-in actor of a request whose route requires one. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError(401, "auth.noSession");
  return req.actor;
}

function sameOrigin(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin || req.headers.referer;
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (publicOrigin && url.origin === new URL(publicOrigin).origin) return true;
  try {
    return url.origin === new URL(`${req.protocol}://${req.headers.host}`).origin;
  } catch {
    return false;
  }
}

/**
 * Enforces each route's declared access (401 `logout` without a session,
 * 403 without the permission) and refuses cross-site state changes.
 * A route under /a/ that declares nothing stops the server at start-up.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { publicOrigin: string | undefined }) => {
    app.decorate("apiRoutes", [] as ApiRoute[]);
    app.addHook("onRoute", (route: RouteOptions) => {
      if (needsDeclaredAccess(route.url) && !route.config?.access) {
        throw new Error(
          `Route ${route.method} ${route.url} declares no access (permission, signedIn or open)`,
        );
      }
      if (!route.url.startsWith(API_PREFIX) || route.url.startsWith(`${API_PREFIX}/docs`)) return;
      for (const method of [route.method].flat()) {
        if (method === "HEAD") continue;
        app.apiRoutes.push({
          method,
          url: route.url,
          access: route.config?.access,
          mutates: route.config?.mutates === true,
          action: auditedAction(method, route.url, route.config),
          schema: route.schema,
        });
      }
    });
    app.addHook("onRequest", async (req, reply) => {
      const access = req.routeOptions.config.access;
      if (!access) return;
      if (!("open" in access)) {
        if (!req.actor) {
          reply.status(401);
          return reply.send({ code: 401, msg: "logout" });
        }
        if ("permission" in access && !can(req.actor, access.permission)) {
          if (req.actor.tenantType !== "platform" && !tenantMayHold(access.permission)) {
            throw new AppError(403, "auth.platformOnly", { permission: access.permission });
          }
          throw new AppError(403, "auth.forbidden", { permission: access.permission });
        }
        if ("anyOf" in access && !access.anyOf.some((p) => can(req.actor as Actor, p))) {
          throw new AppError(403, "auth.forbidden", { permission: access.anyOf.join(" | ") });
        }
      }
      if (req.apiToken && req.routeOptions.config.sessionOnly) throw new AppError(403, "token.sessionOnly");
      // A cross-site page can ride a cookie, never a bearer token it does not know.
      const csrfExempt = ("open" in access && access.csrf === false) || req.apiToken !== null;
      if (
        !csrfExempt &&
        isMutating(req) &&
        (!req.headers["x-requested-with"] || !sameOrigin(req, opts.publicOrigin))
      ) {
        throw new AppError(403, "auth.csrf");
      }
    });
  },
  { name: "access", dependencies: ["session", "api-token"] },
);
