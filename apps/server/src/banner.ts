import os from "node:os";
import path from "node:path";
import type { Config, Role } from "./config";

/** Where to find what a started server serves, and where its data lives. */
export interface Banner {
  console: string;
  docs: string;
  player: string;
  /** The same console on this machine's network addresses, when listening on all of them. */
  network: string[];
  dataDir: string;
  /** What this node does: all, web (API, console, player, terminals) or worker (jobs and passes). */
  role: Role;
  /** The embedded PostgreSQL's folder, or DATABASE_URL without its password. */
  database: string;
  lines: string[];
}

const ROLE_TEXT: Record<Role, string> = {
  all: "all (API, console, terminals, jobs and passes)",
  web: "web (API, console, terminals; no jobs or passes)",
  worker: "worker (jobs and passes; HTTP for the health check only)",
};
const ANY = new Set(["0.0.0.0", "::", "[::]"]);
const hostPart = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

/** A database URL as it may be shown: no password, in the authority or the query. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    u.password = "";
    for (const key of [...u.searchParams.keys()]) if (/pass/i.test(key)) u.searchParams.delete(key);
    return u.toString();
  } catch {
    return "(unreadable DATABASE_URL)";
  }
}

/**
 * The startup banner: full addresses of the console, the API documentation
 * and the player on the port the server listens on (localhost and the
 * machine's own addresses when HOST is every address, PUBLIC_ORIGIN first
 * when set), and where the data and the database are.
 */
export function startupBanner(
  config: Pick<Config, "host" | "dataDir" | "databaseUrl" | "publicOrigin"> & Partial<Pick<Config, "role">>,
  port: number,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): Banner {
  const everywhere = ANY.has(config.host);
  const local = `http://${everywhere ? "localhost" : hostPart(config.host)}:${port}`;
  const base = config.publicOrigin ? config.publicOrigin.replace(/\/+$/, "") : local;
  const network = everywhere
    ? Object.values(interfaces)
        .flat()
        .filter((i): i is os.NetworkInterfaceInfo => !!i && !i.internal && i.family === "IPv4")
        .map((i) => `http://${i.address}:${port}/`)
    : [];
  const database = config.databaseUrl
    ? `DATABASE_URL ${withoutPassword(config.databaseUrl)}`
    : `embedded PostgreSQL in ${path.join(config.dataDir, "pg")}`;
  const banner = {
    console: `${base}/`,
    docs: `${base}/apm-web/docs`,
    player: `${base}/player/`,
    network,
    dataDir: config.dataDir,
    role: config.role ?? "all",
    database,
  };
  const row = (label: string, text: string) => `${label.padEnd(10)} ${text}`;
  const lines = [
    "",
    "Marquee is running.",
    // A worker answers only its health check: it has no console, documentation or player to show.
    ...(banner.role === "worker"
      ? [row("Health", `${local}/apm-web/f/health`)]
      : [
          row("Console", banner.console),
          row("API docs", banner.docs),
          row("Player", banner.player),
          ...(config.publicOrigin ? [row("Locally", `${local}/`)] : []),
          ...network.map((url, i) => row(i === 0 ? "Network" : "", url)),
        ]),
    row("Role", ROLE_TEXT[banner.role]),
    row("Data", config.dataDir),
    row("Database", database),
    "Stop it with Ctrl-C.",
    "",
  ];
  return { ...banner, lines };
}
