import type { ProgramDoc } from "@marquee/program";
import { SceneView } from "./SceneView";

/** The preview state of §3: scene stack, active main scene, scale, slide index. */
export interface PreviewState {
  sceneStack: string[];
  activeMainSceneId: string;
  scale: number;
  slideIndex: number;
}

export interface ProgramPlayerProps {
  program: ProgramDoc;
  /** Start at this main scene (the editor's "preview from here"). */
  startSceneId?: string;
  /** Scale applied by the host, reported back in the state. */
  scale?: number;
  onState?: (state: PreviewState) => void;
  /** Called when the last main scene ends (the player moves on to the next program). */
  onEnded?: () => void;
}

/** Plays a program at design size. STUB: the renderer issue replaces this file. */
export function ProgramPlayer({ program }: ProgramPlayerProps) {
  const scene = program.scenes.find((s) => s.kind === "main") ?? program.scenes[0];
  return scene ? <SceneView program={program} scene={scene} /> : null;
}
