import { renderAntd } from "./antd";

renderAntd(false);
