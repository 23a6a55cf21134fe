/**
 * fleet-sim as a library: simulated terminals speaking the real
 * protocol, for the fleet test, the fleet benchmark and demos.
 */
export { parseSourceIps } from "./args";
export {
  Fleet,
  type FleetOptions,
  type FleetStats,
  formatStats,
  type PendingTerminal,
  type SyncTimes,
} from "./fleet";
export { authoriseInDatabase, Operator } from "./operator";
export { screenshotPng } from "./png";
export type { FleetCounters } from "./terminal";
