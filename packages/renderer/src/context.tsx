import { createContext, type ReactNode, useContext } from "react";
import type { RenderContext } from "./types";

const Ctx = createContext<RenderContext | null>(null);

/** Gives the renderers below it their host: mode, language, materials, feeds, events. */
export function RenderProvider({ value, children }: { value: RenderContext; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The host of the renderers (throws outside a RenderProvider: a renderer without a host is a bug). */
export function useRender(): RenderContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("RenderProvider missing");
  return ctx;
}
