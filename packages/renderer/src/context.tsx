import { createContext, type ReactNode, useContext } from "react";
import type { RenderContext } from "./types";

const Ctx = createContext<RenderContext | null>(null);

export function RenderProvider({ value, children }: { value: RenderContext; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useRender(): RenderContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("RenderProvider missing");
  return ctx;
}
