import "./locales";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import "./app/global.css";

const root = document.getElementById("root");
if (root) createRoot(root).render(<App />);
