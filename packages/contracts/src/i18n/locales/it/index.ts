import type { DomainCatalogues } from "../types";
import alarm from "./alarm";
import audit from "./audit";
import behavior from "./behavior";
import brand from "./brand";
import common from "./common";
import debug from "./debug";
import dict from "./dict";
import help from "./help";
import log from "./log";
import material from "./material";
import menu from "./menu";
import office from "./office";
import pay from "./pay";
import playPlan from "./playPlan";
import pop from "./pop";
import position from "./position";
import program from "./program";
import publish from "./publish";
import publishMessage from "./publishMessage";
import review from "./review";
import role from "./role";
import session from "./session";
// Single sign-on (issue 23).
import sso from "./sso";
import statistics from "./statistics";
import strategy from "./strategy";
import sync from "./sync";
import sysSetting from "./sysSetting";
import terminal from "./terminal";
import terminalSet from "./terminalSet";
import token from "./token";
import user from "./user";
// Video walls (issue 24).
import wall from "./wall";
// Signed webhooks (issue 23)
import webhook from "./webhook";
import widget from "./widget";

/** Server messages in Italian by domain. */
export default {
  common,
  audit,
  session,
  user,
  material,
  terminal,
  sysSetting,
  program,
  widget,
  playPlan,
  publishMessage,
  review,
  publish,
  office,
  brand,
  role,
  menu,
  dict,
  help,
  terminalSet,
  strategy,
  alarm,
  position,
  debug,
  sync,
  behavior,
  pop,
  statistics,
  pay,
  log,
  token,
  // Signed webhooks (issue 23)
  webhook,
  // Single sign-on (issue 23).
  sso,
  // Video walls (issue 24).
  wall,
} satisfies DomainCatalogues;
