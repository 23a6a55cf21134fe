import alarm from "./alarm";
import announcement from "./announcement";
import behavior from "./behavior";
import brand from "./brand";
import common from "./common";
import debug from "./debug";
import dict from "./dict";
import editor from "./editor";
import editorPanels from "./editorPanels";
import exception from "./exception";
import help from "./help";
import home from "./home";
import http from "./http";
import layout from "./layout";
import material from "./material";
import menuManage from "./menuManage";
import message from "./message";
import office from "./office";
import pay from "./pay";
import personal from "./personal";
import playPlan from "./playPlan";
import pop from "./pop";
import position from "./position";
import program from "./program";
import publish from "./publish";
import publishMessage from "./publishMessage";
import review from "./review";
import role from "./role";
import session from "./session";
import settings from "./settings";
// Single sign-on (issue 23).
import sso from "./sso";
import statistics from "./statistics";
import strategy from "./strategy";
import sync from "./sync";
import system from "./system";
import terminal from "./terminal";
import user from "./user";
// Video walls (issue 24).
import wall from "./wall";
// Signed webhooks (issue 23)
import webhook from "./webhook";
import widget from "./widget";

/** French. */
export default {
  common,
  http,
  session,
  layout,
  settings,
  message,
  personal,
  exception,
  home,
  material,
  program,
  editor,
  editorPanels,
  widget,
  terminal,
  playPlan,
  publishMessage,
  publish,
  office,
  brand,
  user,
  role,
  menuManage,
  dict,
  help,
  strategy,
  alarm,
  position,
  debug,
  sync,
  statistics,
  pop,
  behavior,
  pay,
  announcement,
  system,
  review,
  // Signed webhooks (issue 23)
  webhook,
  // Single sign-on (issue 23).
  sso,
  // Video walls (issue 24).
  wall,
};
