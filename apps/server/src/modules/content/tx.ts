import type { Db } from "../../db/client";

/** The database or a transaction of it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;
