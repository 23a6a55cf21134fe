import "antd/dist/antd.css";
import { renderAntd } from "./antd";

renderAntd(true);
