import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";

/** The built web player (apps/player/dist), next to this server's sources. */
export const PLAYER_DIST = new URL("../../../../player/dist/", import.meta.url).pathname;

/** Cache headers of a file of the player: hashed bundles never change; the page and the Service Worker are asked again. */
export function playerCacheControl(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
}

/** Addresses that name a file (built files, cached media): never answered with the page. */
function isFileAddress(pathname: string, last: string): boolean {
  return (
    pathname.startsWith("/player/media/") || pathname.startsWith("/player/assets/") || last.includes(".")
  );
}

/**
 * Serves the web player at /player/: its built files as the
 * console's are served (one route per file, hashed bundles immutable), the
 * Service Worker with `Service-Worker-Allowed: /player/` and no-cache, and
 * the page for any other /player/* address a screen may open (a missing
 * file, or /player/media/* that only the Service Worker answers, is a 404
 * rather than the page). /player redirects to /player/ so the page is in the
 * Service Worker's scope. Without a build it serves nothing and says so.
 */
export function playerStatic(dir: string = PLAYER_DIST): FastifyPluginAsync {
  return async (app) => {
    const index = path.join(dir, "index.html");
    if (!existsSync(index)) {
      app.log.warn(
        "the player is not built (apps/player/dist): run `npm run build --workspace @marquee/player`",
      );
      return;
    }
    await app.register(fastifyStatic, {
      root: dir,
      prefix: "/player/",
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders: (res, file) => {
        res.header("cache-control", playerCacheControl(file));
        if (path.basename(file) === "sw.js") res.header("service-worker-allowed", "/player/");
      },
    });
    const page = (reply: FastifyReply) =>
      reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(readFileSync(index));
    await app.register(
      async (scope) => {
        scope.get("/", async (req, reply) => {
          const [pathname = "", query] = req.url.split("?");
          if (!pathname.endsWith("/")) return reply.redirect(`/player/${query ? `?${query}` : ""}`, 301);
          return page(reply);
        });
        // Any other address under /player: the page, unless it names a file (then it is missing).
        scope.setNotFoundHandler((req, reply) => {
          const pathname = req.url.split("?")[0] ?? "";
          const last = pathname.slice(pathname.lastIndexOf("/") + 1);
          if (req.method === "GET" && !isFileAddress(pathname, last)) return page(reply);
          return reply.code(404).send({ code: 404, msg: req.t("common.notFound", { path: pathname }) });
        });
      },
      { prefix: "/player" },
    );
  };
}
