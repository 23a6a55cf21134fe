/**
 * The database handle and the transaction type the modules write with. They are defined beside the
 * client (db/client.ts); modules take them from here so that a route file never reaches into db/.
 */
export type { Db, Tx } from "../db/client";
