import common from "./common";
import editor from "./editor";
import editorPanels from "./editorPanels";
import exception from "./exception";
import home from "./home";
import http from "./http";
import layout from "./layout";
import login from "./login";
import material from "./material";
import notice from "./notice";
import personal from "./personal";
import plan from "./plan";
import program from "./program";
import publish from "./publish";
import pubMessage from "./pubMessage";
import settings from "./settings";
import terminal from "./terminal";
import widget from "./widget";

/** English: the source of every console key. */
export default {
  common,
  http,
  login,
  layout,
  settings,
  notice,
  personal,
  exception,
  home,
  material,
  program,
  editor,
  editorPanels,
  widget,
  terminal,
  plan,
  pubMessage,
  publish,
};
