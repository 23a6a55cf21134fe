import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db";

/** A round trip to the database: throws while it is out of reach. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
