import {
  type Scene,
  SceneDuration,
  type ScenePatch,
  Scene as SceneSchema,
  TRANSITIONS,
  Transition,
} from "@marquee/program";
import { Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { activeScene, useEditor } from "../store";
import { BackgroundEditor } from "./BackgroundEditor";
import { type Bound, STEP } from "./bind";
import { NumberRow, Row, Sections, SelectRow, TextRow } from "./fields";
import { kindChangeBlock } from "./scenes";
import { usePlacedNames } from "./usePlacedNames";
import type { Problem } from "./validate";

/** Applies a change to a scene, computed from its current state (one step; typing in a field merges). */
function setScene(sceneId: string, patch: (scene: Scene) => ScenePatch, mergeKey?: string): boolean {
  const { doc, dispatch } = useEditor.getState();
  const scene = doc.scenes.find((s) => s.id === sceneId);
  if (!scene) return false;
  return dispatch({ t: "scene.set", sceneId, patch: patch(scene) }, STEP.scene, mergeKey);
}

/** The active scene's properties (edit type "background", the default): name, kind, duration, transition, background. */
export function ScenePanel() {
  const { t } = useTranslation();
  const scene = useEditor(activeScene);
  const doc = useEditor((s) => s.doc);
  const names = usePlacedNames();
  const [kindProblem, setKindProblem] = useState<{ sceneId: string; problem: Problem } | null>(null);
  const id = scene.id;

  const bound = <V,>(
    field: string,
    value: V,
    schema: Bound<V>["schema"],
    patch: (v: V, s: Scene) => ScenePatch,
  ) => ({
    key: `scene:${id}:${field}`,
    value,
    schema,
    commit: (v: V) => setScene(id, (s) => patch(v, s), `scene:${id}:${field}`),
  });

  const setKind = (kind: Scene["kind"]) => {
    const block = kindChangeBlock(doc, id, kind);
    if (block?.reason === "lastMain")
      return setKindProblem({ sceneId: id, problem: { key: "editorPanels.errors.lastMainScene" } });
    if (block?.reason === "targeted")
      return setKindProblem({
        sceneId: id,
        problem: { key: "editorPanels.errors.sceneTargeted", params: { names: names(block.buttons) } },
      });
    setKindProblem(null);
    setScene(id, () => ({ kind }));
  };
  const shownKindProblem = kindProblem?.sceneId === id ? kindProblem : null;

  return (
    <div data-testid="scene-panel">
      <Sections
        items={[
          {
            key: "scene",
            label: t("editorPanels.sections.scene"),
            children: (
              <>
                <TextRow
                  label={t("editorPanels.fields.name")}
                  b={bound<string>("name", scene.name, SceneSchema.shape.name, (name) => ({ name }))}
                />
                <Row
                  label={t("editorPanels.scene.kind")}
                  tip={t("editorPanels.scene.kindTip")}
                  problem={shownKindProblem?.problem ?? null}
                >
                  <Select
                    size="small"
                    style={{ width: "100%" }}
                    value={scene.kind}
                    onChange={(k: Scene["kind"]) => setKind(k)}
                    aria-label={t("editorPanels.scene.kind")}
                    options={(["main", "popup"] as const).map((k) => ({
                      value: k,
                      label: t(`editorPanels.scene.kinds.${k}`),
                    }))}
                  />
                </Row>
              </>
            ),
          },
          {
            key: "duration",
            label: t("editorPanels.sections.duration"),
            children: (
              <>
                <Row label={t("editorPanels.scene.durationMode")}>
                  <Select
                    size="small"
                    style={{ width: "100%" }}
                    value={scene.duration.mode}
                    onChange={(mode: Scene["duration"]["mode"]) =>
                      setScene(id, (s) => ({ duration: { ...s.duration, mode } }))
                    }
                    aria-label={t("editorPanels.scene.durationMode")}
                    options={(["fixed", "media"] as const).map((m) => ({
                      value: m,
                      label: t(`editorPanels.scene.durationModes.${m}`),
                    }))}
                  />
                  {scene.duration.mode === "media" && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t("editorPanels.scene.mediaHint")}
                    </Typography.Text>
                  )}
                </Row>
                <NumberRow
                  label={
                    scene.duration.mode === "fixed"
                      ? t("editorPanels.scene.seconds")
                      : t("editorPanels.scene.fallbackSeconds")
                  }
                  suffix={t("editorPanels.units.seconds")}
                  b={bound(
                    "seconds",
                    scene.duration.seconds,
                    SceneDuration.shape.seconds,
                    (seconds: number, s) => ({
                      duration: { ...s.duration, seconds },
                    }),
                  )}
                />
              </>
            ),
          },
          {
            key: "transition",
            label: t("editorPanels.sections.transition"),
            children: (
              <>
                <SelectRow
                  label={t("editorPanels.scene.transition")}
                  options={TRANSITIONS.map((tr) => ({
                    value: tr,
                    label: t(`editorPanels.transitions.${tr}`),
                  }))}
                  b={bound("transition", scene.transition.type, Transition.shape.type, (type, s) => ({
                    transition: { ...s.transition, type },
                  }))}
                />
                {scene.transition.type !== "none" && (
                  <NumberRow
                    label={t("editorPanels.scene.transitionMs")}
                    suffix={t("editorPanels.units.ms")}
                    step={100}
                    b={bound(
                      "transitionMs",
                      scene.transition.durationMs,
                      Transition.shape.durationMs,
                      (durationMs: number, s) => ({ transition: { ...s.transition, durationMs } }),
                    )}
                  />
                )}
              </>
            ),
          },
          {
            key: "background",
            label: t("editorPanels.sections.background"),
            children: (
              <BackgroundEditor
                id={`scene:${id}:background`}
                value={scene.background}
                onChange={(background, mergeKey) => setScene(id, () => ({ background }), mergeKey)}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
