import { type ProgramDoc, type Scene, WIDGET_SPECS, type Widget } from "@marquee/program";

/**
 * The navigation of a playing program, as a pure reducer: which main scene
 * shows (the §3 slide index and active main scene), which popups are open
 * over it (the §3 scene stack), and when the program has played through.
 * ProgramPlayer owns the clocks and feeds this reducer its events.
 */

/** The state of a playing program. */
export interface PlayerState {
  /** Index of the active scene among the main scenes (the §3 slide index). */
  mainIndex: number;
  activeMainSceneId: string;
  /** Open popup scenes, the top one last (the §3 scene stack). */
  stack: string[];
  /** Identity of the active main scene's showing: a new number whenever a main scene (re)starts. */
  mainRun: number;
  /** Identity of each popup's showing, parallel to `stack`. */
  stackRuns: number[];
  nextRun: number;
  /** The main scene finished while a popup covered it: it moves on when the last popup closes. */
  mainEndPending: boolean;
  /** How many times the last main scene has ended: the program played through that often. */
  loops: number;
}

/** What happens to a playing program. */
export type PlayerAction =
  /** A showing's time is up; `run` (if given) must be the top showing, else the event is stale. */
  | { type: "sceneEnded"; run?: number }
  /** Every timed medium of a showing has ended once (counts only for scenes timed by their media). */
  | { type: "mediaDone"; run?: number }
  | { type: "jump"; sceneId: string }
  | { type: "popup"; sceneId: string }
  | { type: "exit" }
  | { type: "before" }
  | { type: "after" }
  /** The document changed under the player (live preview): keep what still exists. */
  | { type: "sync" };

/** At most this many popups are stacked; opening one more drops the oldest. */
export const MAX_POPUPS = 10;

/** The main scenes of a program, in play order. */
export function mainScenes(program: ProgramDoc): Scene[] {
  return program.scenes.filter((s) => s.kind === "main");
}

/** Whether a widget plays until its medium ends: shown, of a timed type (video, audio), with a material. */
export function isTimedWidget(w: Widget): boolean {
  return (
    !w.hidden && WIDGET_SPECS[w.type].timed && (w.props as { materialId?: number | null }).materialId != null
  );
}

/** Whether a scene has a widget that plays until its medium ends. */
export function hasTimedMedia(scene: Scene): boolean {
  return scene.widgets.some(isTimedWidget);
}

/** Whether a scene ends when its media end (mode "media" and something timed), rather than after its seconds. */
export function waitsForMedia(scene: Scene): boolean {
  return scene.duration.mode === "media" && hasTimedMedia(scene);
}

function findScene(program: ProgramDoc, id: string): Scene | undefined {
  return program.scenes.find((s) => s.id === id);
}

/** The state at the start of a program: its first main scene, or `startSceneId` (a main scene, or a popup over the first). */
export function initialPlayerState(program: ProgramDoc, startSceneId?: string): PlayerState {
  const mains = mainScenes(program);
  const start = startSceneId ? findScene(program, startSceneId) : undefined;
  const index = start?.kind === "main" ? mains.indexOf(start) : 0;
  const popup = start?.kind === "popup" ? [start.id] : [];
  return {
    mainIndex: Math.max(0, index),
    activeMainSceneId: mains[Math.max(0, index)]?.id ?? "",
    stack: popup,
    mainRun: 1,
    stackRuns: popup.map(() => 2),
    nextRun: 3,
    mainEndPending: false,
    loops: 0,
  };
}

function showMain(program: ProgramDoc, state: PlayerState, index: number, countLoop: boolean): PlayerState {
  const mains = mainScenes(program);
  if (mains.length === 0) return state;
  const wrapped = ((index % mains.length) + mains.length) % mains.length;
  return {
    ...state,
    mainIndex: wrapped,
    activeMainSceneId: mains[wrapped]?.id ?? "",
    stack: [],
    stackRuns: [],
    mainRun: state.nextRun,
    nextRun: state.nextRun + 1,
    mainEndPending: false,
    loops: countLoop && index >= mains.length ? state.loops + 1 : state.loops,
  };
}

function pop(program: ProgramDoc, state: PlayerState): PlayerState {
  if (state.stack.length === 0) return state;
  const next = { ...state, stack: state.stack.slice(0, -1), stackRuns: state.stackRuns.slice(0, -1) };
  return next.stack.length === 0 && next.mainEndPending
    ? showMain(program, next, next.mainIndex + 1, true)
    : next;
}

function topRun(state: PlayerState): number {
  return state.stackRuns[state.stackRuns.length - 1] ?? state.mainRun;
}

function topScene(program: ProgramDoc, state: PlayerState): Scene | undefined {
  return findScene(program, state.stack[state.stack.length - 1] ?? state.activeMainSceneId);
}

function end(program: ProgramDoc, state: PlayerState, run: number | undefined): PlayerState {
  if (run !== undefined && run !== topRun(state)) {
    // The main scene's media ended under an open popup: it moves on once the popups close.
    return run === state.mainRun && state.stack.length > 0 ? { ...state, mainEndPending: true } : state;
  }
  if (state.stack.length > 0) return pop(program, state);
  return showMain(program, state, state.mainIndex + 1, true);
}

/** The next state of a playing program. */
export function reducePlayer(program: ProgramDoc, state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "sceneEnded":
      return end(program, state, action.run);
    case "mediaDone": {
      const run = action.run ?? topRun(state);
      const scene =
        run === state.mainRun
          ? findScene(program, state.activeMainSceneId)
          : findScene(program, state.stack[state.stackRuns.indexOf(run)] ?? "");
      return scene && waitsForMedia(scene) ? end(program, state, run) : state;
    }
    case "jump": {
      const index = mainScenes(program).findIndex((s) => s.id === action.sceneId);
      return index < 0 ? state : showMain(program, state, index, false);
    }
    case "popup": {
      const scene = findScene(program, action.sceneId);
      if (scene?.kind !== "popup" || state.stack[state.stack.length - 1] === scene.id) return state;
      const keep = state.stack.length >= MAX_POPUPS ? 1 : 0;
      return {
        ...state,
        stack: [...state.stack.slice(keep), scene.id],
        stackRuns: [...state.stackRuns.slice(keep), state.nextRun],
        nextRun: state.nextRun + 1,
      };
    }
    case "exit":
      return pop(program, state);
    case "before":
      return showMain(program, state, state.mainIndex - 1, false);
    case "after":
      return showMain(program, state, state.mainIndex + 1, false);
    case "sync":
      return sync(program, state);
  }
}

function sync(program: ProgramDoc, state: PlayerState): PlayerState {
  const mains = mainScenes(program);
  const keep = state.stack.map((id) => findScene(program, id)?.kind === "popup");
  const stack = state.stack.filter((_, i) => keep[i]);
  const stackRuns = state.stackRuns.filter((_, i) => keep[i]);
  const index = mains.findIndex((s) => s.id === state.activeMainSceneId);
  if (index >= 0) {
    if (index === state.mainIndex && stack.length === state.stack.length) return state;
    return { ...state, mainIndex: index, stack, stackRuns };
  }
  const shown = showMain(
    program,
    { ...state, stack, stackRuns },
    Math.min(state.mainIndex, mains.length - 1),
    false,
  );
  return { ...shown, stack, stackRuns };
}

/** The top showing of a state: the top popup, else the main scene. */
export function topShowing(
  program: ProgramDoc,
  state: PlayerState,
): { run: number; scene: Scene | undefined } {
  return { run: topRun(state), scene: topScene(program, state) };
}
