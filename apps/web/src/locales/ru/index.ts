import common from "./common";
import exception from "./exception";
import home from "./home";
import http from "./http";
import layout from "./layout";
import login from "./login";
import material from "./material";
import notice from "./notice";
import personal from "./personal";
import settings from "./settings";

/** Russian. */
export default { common, http, login, layout, settings, notice, personal, exception, home, material };
