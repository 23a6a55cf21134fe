import { createContext, useContext } from "react";
import type { PageRoute } from "./routes";

/**
 * The server route a page was opened as. Several route names may show one screen (the terminal screen's
 * modes); the screen reads its name here. A page kept alive in a hidden tab keeps the route it last had.
 */
export const CurrentPage = createContext<PageRoute | null>(null);

export const useCurrentPage = () => useContext(CurrentPage);
