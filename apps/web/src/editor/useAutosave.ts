import { useEffect, useRef, useState } from "react";
import { SaveScheduler } from "./saveScheduler";
import { isDirty, type SaveHandlers, saveProgram } from "./saving";
import { useEditor } from "./store";

/**
 * The editor's saves: one scheduler for the page. Every change of the
 * document or the name (re)starts the autosave delay while the editor is
 * dirty; Save and Ctrl+S go through the same scheduler, so saves never overlap.
 */
export function useAutosave(handlers: SaveHandlers): SaveScheduler {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [scheduler] = useState(() => new SaveScheduler((reason) => saveProgram(reason, latest.current)));

  useEffect(() => {
    const unsubscribe = useEditor.subscribe((s, prev) => {
      if ((s.doc !== prev.doc || s.name !== prev.name) && isDirty()) scheduler.changed();
    });
    return () => {
      unsubscribe();
      scheduler.dispose();
    };
  }, [scheduler]);

  return scheduler;
}
