import { createProgram } from "@marquee/program";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { programApi } from "../features/program/api";
import type { EditorTarget } from "./params";
import { loadDetail } from "./saving";
import { useEditor } from "./store";
import { useEditorUi } from "./ui";

/** Where loading the editor's program stands. */
export type Phase = { kind: "loading" } | { kind: "ready" } | { kind: "failed"; message: string };

/** Loads what the address asks for into the editor state; a program this page just created is not reloaded. */
export function useProgramLoad(target: EditorTarget): { phase: Phase; retry: () => void } {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const loadedHere = useRef(false);
  const key =
    target.kind === "open"
      ? `open:${target.id}`
      : target.kind === "new"
        ? `new:${target.name}:${target.width}x${target.height}`
        : "none";

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the target; `t` only names a new program
  useEffect(() => {
    if (target.kind === "open") {
      // Created by this page's first save, or switched to a copy: the editor already holds it.
      if (loadedHere.current && useEditor.getState().programId === target.id) {
        setPhase({ kind: "ready" });
        return;
      }
      let cancelled = false;
      setPhase({ kind: "loading" });
      programApi
        .detail(target.id, { silent: true })
        .then((d) => {
          if (cancelled) return;
          loadDetail(d.program, d.doc, d.materials);
          loadedHere.current = true;
          setPhase({ kind: "ready" });
        })
        .catch((e: unknown) => {
          if (!cancelled) setPhase({ kind: "failed", message: e instanceof Error ? e.message : String(e) });
        });
      return () => {
        cancelled = true;
      };
    }
    if (target.kind === "new") {
      const doc = createProgram(
        { width: target.width, height: target.height },
        t("editor.scenes.mainName", { n: 1 }),
      );
      useEditor.getState().load({
        id: null,
        name: target.name ?? t("editor.untitled"),
        version: 0,
        state: "draft",
        doc,
      });
      useEditorUi.getState().set({ savedName: null, savedAt: null, saveError: null, conflict: null });
      loadedHere.current = true;
      setPhase({ kind: "ready" });
      return;
    }
    setPhase({ kind: "failed", message: t("editor.load.missing") });
  }, [key, attempt]);

  return { phase, retry: () => setAttempt((n) => n + 1) };
}
