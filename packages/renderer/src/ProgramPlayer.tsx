import type { ButtonAction, ProgramDoc, Scene, Transition } from "@marquee/program";
import { memo, type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useRender } from "./context";
import { useLatest } from "./hooks";
import {
  initialPlayerState,
  type PlayerAction,
  type PlayerState,
  reducePlayer,
  topShowing,
  waitsForMedia,
} from "./runtime";
import { SceneView } from "./SceneView";
import { useRendererStyles } from "./styles";
import { transitionAnimations } from "./transitions";

/** The preview state of §3: scene stack, active main scene, scale, slide index. */
export interface PreviewState {
  sceneStack: string[];
  activeMainSceneId: string;
  scale: number;
  slideIndex: number;
}

/** Props of ProgramPlayer. */
export interface ProgramPlayerProps {
  program: ProgramDoc;
  /** Start at this main scene (the editor's "preview from here"); a popup scene opens over the first main scene. */
  startSceneId?: string;
  /** Scale applied by the host, reported back in the state. */
  scale?: number;
  onState?: (state: PreviewState) => void;
  /** Called when the last main scene ends (the player moves on to the next program). */
  onEnded?: () => void;
  /**
   * The host times the scenes (a video wall's screens, from the server's
   * clock): no scene ends by itself, the host moves on with `startSceneId`.
   */
  hostClock?: boolean;
  /**
   * With `hostClock`: the main scene the host will move on to next. It is
   * mounted ahead, hidden, as the layer the move will show, so the move only
   * makes it visible (a wall's screens change together, not each after
   * mounting the scene at its own speed).
   */
  upcomingSceneId?: string;
}

type Showing = { sceneId: string; run: number };
type Layers = { current: Showing; outgoing: Showing | null; transition: Transition | null };

const Layer = memo(function Layer({
  program,
  scene,
  run,
  animation,
  z,
  onButton,
  onMediaDone,
  upcoming = false,
}: {
  program: ProgramDoc;
  scene: Scene;
  run: number;
  animation: string | undefined;
  z: number;
  onButton: (action: ButtonAction, targetSceneId: string | null) => void;
  onMediaDone: (run: number) => void;
  /** Mounted ahead of its showing, hidden (ProgramPlayerProps.upcomingSceneId). */
  upcoming?: boolean;
}) {
  const done = useCallback(() => onMediaDone(run), [onMediaDone, run]);
  return (
    <div
      className="mq-layer"
      data-run={run}
      data-upcoming={upcoming ? "1" : undefined}
      aria-hidden={upcoming || undefined}
      style={{
        position: "absolute",
        inset: 0,
        zIndex: z,
        animation,
        pointerEvents: upcoming ? "none" : "auto",
        visibility: upcoming ? "hidden" : undefined,
      }}
    >
      <SceneView program={program} scene={scene} onButton={onButton} onMediaDone={done} />
    </div>
  );
});

/**
 * Plays a program at design size (preview and play modes): main scenes in
 * turn for their time (or until their media end), popups over them from
 * buttons, transitions between scenes; it reports the §3 preview state and,
 * in play mode, PlayEvents of the scenes shown.
 */
export function ProgramPlayer({
  program,
  startSceneId,
  scale = 1,
  onState,
  onEnded,
  hostClock = false,
  upcomingSceneId,
}: ProgramPlayerProps) {
  useRendererStyles();
  const ctx = useRender();
  const [state, dispatch] = useReducer(
    (s: PlayerState, a: PlayerAction) => reducePlayer(program, s, a),
    undefined,
    () => initialPlayerState(program, startSceneId),
  );
  const find = (id: string) => program.scenes.find((s) => s.id === id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the document changed (live preview): keep the place if it still exists.
  useEffect(() => {
    dispatch({ type: "sync" });
  }, [program]);

  // A new start scene from the host is taken in the same render (not in an effect, which would wait for a
  // later task and render twice): a wall's screens change scene at the instant their clock says.
  const [start, setStart] = useState(startSceneId);
  if (startSceneId !== start) {
    setStart(startSceneId);
    if (startSceneId) {
      dispatch({ type: "jump", sceneId: startSceneId });
      dispatch({ type: "popup", sceneId: startSceneId });
    }
  }

  usePlayerClock(program, state, dispatch, hostClock);
  useSceneEvents(state);

  const stateRef = useLatest(onState);
  useEffect(() => {
    stateRef.current?.({
      sceneStack: state.stack,
      activeMainSceneId: state.activeMainSceneId,
      scale,
      slideIndex: state.mainIndex,
    });
  }, [state.stack, state.activeMainSceneId, state.mainIndex, scale, stateRef]);

  const endedRef = useLatest(onEnded);
  useEffect(() => {
    if (state.loops > 0) endedRef.current?.();
  }, [state.loops, endedRef]);

  const onButton = useCallback((action: ButtonAction, target: string | null) => {
    if (action === "jump" || action === "popup") {
      if (target) dispatch({ type: action, sceneId: target });
    } else dispatch({ type: action });
  }, []);
  const onMediaDone = useCallback(
    (run: number) => {
      if (!hostClock) dispatch({ type: "mediaDone", run });
    },
    [hostClock],
  );

  // Two main layers while a transition runs: the outgoing scene under the incoming one.
  const [layers, setLayers] = useState<Layers>(() => ({
    current: { sceneId: state.activeMainSceneId, run: state.mainRun },
    outgoing: null,
    transition: null,
  }));
  if (layers.current.run !== state.mainRun) {
    const transition = find(state.activeMainSceneId)?.transition ?? null;
    const animated = transition !== null && transition.type !== "none" && transition.durationMs > 0;
    setLayers({
      current: { sceneId: state.activeMainSceneId, run: state.mainRun },
      outgoing: animated ? layers.current : null,
      transition: animated ? transition : null,
    });
  }
  useEffect(() => {
    if (!layers.transition) return;
    const timer = setTimeout(
      () => setLayers((l) => ({ ...l, outgoing: null, transition: null })),
      layers.transition.durationMs,
    );
    return () => clearTimeout(timer);
  }, [layers.transition]);

  const anim = layers.transition ? transitionAnimations(layers.transition) : null;
  const outgoing = layers.outgoing ? find(layers.outgoing.sceneId) : undefined;
  const current = find(layers.current.sceneId);
  // The next main scene the host will show, mounted hidden under the run the move will give it: the layers
  // are one keyed list, so the move keeps that very layer and only shows it.
  const upcoming = hostClock && upcomingSceneId ? find(upcomingSceneId) : undefined;
  const layer = (scene: Scene, run: number, animation: string | undefined, z: number, ahead = false) => (
    <Layer
      key={run}
      program={program}
      scene={scene}
      run={run}
      animation={animation}
      z={z}
      onButton={onButton}
      onMediaDone={onMediaDone}
      upcoming={ahead}
    />
  );
  const mains: ReactNode[] = [];
  if (outgoing && layers.outgoing) mains.push(layer(outgoing, layers.outgoing.run, anim?.leave, 0));
  if (current) mains.push(layer(current, layers.current.run, anim?.enter, 1));
  if (upcoming?.kind === "main" && state.stack.length === 0)
    mains.push(layer(upcoming, state.nextRun, undefined, 0, true));
  return (
    <div
      className="mq-player"
      data-mode={ctx.mode}
      style={{ position: "relative", width: program.width, height: program.height, overflow: "hidden" }}
    >
      {mains}
      {state.stack.map((id, i) => {
        const popup = find(id);
        const run = state.stackRuns[i] ?? 0;
        return popup ? layer(popup, run, transitionAnimations(popup.transition).enter, 2 + i) : null;
      })}
    </div>
  );
}

/**
 * The clock of the top showing (the top popup, else the main scene): it ends
 * after the scene's seconds unless the scene waits for its media. A covered
 * scene's clock is paused and resumes with the time it had left.
 */
function usePlayerClock(
  program: ProgramDoc,
  state: PlayerState,
  dispatch: (a: PlayerAction) => void,
  hostClock: boolean,
): void {
  const left = useRef(new Map<number, number>());
  const top = topShowing(program, state);
  const ms = top.scene ? top.scene.duration.seconds * 1000 : null;
  const waits = top.scene ? waitsForMedia(top.scene) : false;
  const run = top.run;
  useEffect(() => {
    if (ms === null || waits || hostClock) return;
    const remaining = left.current.get(run) ?? ms;
    const since = Date.now();
    const timer = setTimeout(() => dispatch({ type: "sceneEnded", run }), Math.max(0, remaining));
    return () => {
      clearTimeout(timer);
      left.current.set(run, remaining - (Date.now() - since));
    };
  }, [run, ms, waits, dispatch, hostClock]);
  const live = [state.mainRun, ...state.stackRuns].join(",");
  useEffect(() => {
    const keep = new Set(live.split(",").map(Number));
    for (const r of left.current.keys()) if (!keep.has(r)) left.current.delete(r);
  }, [live]);
}

/** sceneStart/sceneEnd PlayEvents of every showing (play mode), including those still shown at unmount. */
function useSceneEvents(state: PlayerState): void {
  const ctx = useRender();
  const ctxRef = useLatest(ctx);
  const shown = useRef(new Map<number, { sceneId: string; at: number }>());
  const emitEnd = useCallback(
    (at: number, entries: Array<[number, { sceneId: string; at: number }]>) => {
      const c = ctxRef.current;
      for (const [, s] of entries) c.onEvent?.({ kind: "sceneEnd", sceneId: s.sceneId, at, ms: at - s.at });
    },
    [ctxRef],
  );
  const showings: Showing[] = [
    { sceneId: state.activeMainSceneId, run: state.mainRun },
    ...state.stack.map((sceneId, i) => ({ sceneId, run: state.stackRuns[i] ?? 0 })),
  ];
  // Scene ids have no ":" or ",": the key spells the showings out.
  const key = showings
    .filter((s) => s.sceneId)
    .map((s) => `${s.run}:${s.sceneId}`)
    .join(",");
  useEffect(() => {
    const c = ctxRef.current;
    if (c.mode !== "play" || !c.onEvent) return;
    const at = c.now?.() ?? Date.now();
    const now = new Map(
      key
        .split(",")
        .filter(Boolean)
        .map((entry) => {
          const [run, sceneId] = entry.split(":");
          return [Number(run), sceneId ?? ""] as const;
        }),
    );
    const gone = [...shown.current].filter(([run]) => !now.has(run));
    for (const [run] of gone) shown.current.delete(run);
    try {
      emitEnd(at, gone);
      for (const [run, sceneId] of now)
        if (!shown.current.has(run)) {
          shown.current.set(run, { sceneId, at });
          c.onEvent({ kind: "sceneStart", sceneId, at });
        }
    } catch (e) {
      console.error("renderer: onEvent failed", e);
    }
  }, [key, ctxRef, emitEnd]);
  useEffect(() => {
    const map = shown.current;
    return () => {
      const c = ctxRef.current;
      try {
        emitEnd(c.now?.() ?? Date.now(), [...map]);
      } catch (e) {
        console.error("renderer: onEvent failed", e);
      }
      map.clear();
    };
  }, [ctxRef, emitEnd]);
}
