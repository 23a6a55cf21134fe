import {
  DefaultButton,
  type DefaultButtonKind,
  patchWidgets,
  setProps,
  type WidgetProps,
  type WidgetType,
} from "@marquee/program";
import type { z } from "zod";
import { useEditor } from "../store";
import { type ButtonDataField, type FrameField, frameSchema, propSchema } from "./validate";

/**
 * A field of the document as the panel's inputs see it: its value, the schema
 * that checks it, and how a new value becomes one undo step. Keystrokes of one
 * field within a second merge into one step (the merge key).
 */
export interface Bound<V> {
  /** Also the merge key of the field's steps. */
  key: string;
  value: V;
  schema: z.ZodType;
  commit(value: V): void;
}

/** Undo labels of the panel's steps (message keys shown by the editor's undo button). */
export const STEP = {
  frame: "editorPanels.steps.frame",
  widget: "editorPanels.steps.widget",
  props: "editorPanels.steps.props",
  scene: "editorPanels.steps.scene",
  program: "editorPanels.steps.program",
  canvas: "editorPanels.steps.canvas",
  defaultButton: "editorPanels.steps.defaultButton",
  dataSources: "editorPanels.steps.dataSources",
  deleteSource: "editorPanels.steps.deleteSource",
} as const;

const sceneId = () => useEditor.getState().activeSceneId;

/** Sets several props of a widget of the active scene at once (one step). */
export function commitProps(widgetId: string, props: Record<string, unknown>, mergeKey?: string): boolean {
  return useEditor.getState().dispatch(setProps(sceneId(), widgetId, props), STEP.props, mergeKey);
}

/** Binds the props of a widget: `bind("fontSize")`. */
export function propBinder<T extends WidgetType>(widget: { id: string; type: T; props: WidgetProps<T> }) {
  const props = widget.props;
  return <K extends keyof WidgetProps<T> & string>(field: K): Bound<WidgetProps<T>[K]> => {
    const key = `props:${widget.id}:${field}`;
    return {
      key,
      value: props[field],
      schema: propSchema(widget.type, field),
      commit: (value) => commitProps(widget.id, { [field]: value }, key),
    };
  };
}

/** Binds a frame field (position, size, rotation, name) of a widget of the active scene. */
export function frameBinder<F extends FrameField>(
  widgetId: string,
  field: F,
  value: F extends "name" ? string : number,
): Bound<F extends "name" ? string : number> {
  const key = `frame:${widgetId}:${field}`;
  return {
    key,
    value,
    schema: frameSchema(field),
    commit: (v) =>
      useEditor
        .getState()
        .dispatch(
          patchWidgets(sceneId(), [widgetId], { [field]: v }),
          field === "name" ? STEP.widget : STEP.frame,
          key,
        ),
  };
}

/** Binds a field of a default button's data; the rest of the button is read fresh at commit time. */
export function buttonDataBinder(kind: DefaultButtonKind, button: DefaultButton) {
  const shape = DefaultButton.shape.buttonData.shape as Record<ButtonDataField, z.ZodType>;
  return <K extends ButtonDataField>(field: K): Bound<DefaultButton["buttonData"][K]> => {
    const key = `defaultButton:${kind}:${field}`;
    return {
      key,
      value: button.buttonData[field],
      schema: shape[field],
      commit: (value) => {
        const { doc, dispatch } = useEditor.getState();
        const latest = doc.defaultButtons[kind];
        dispatch(
          {
            t: "defaultButton.set",
            kind,
            button: { ...latest, buttonData: { ...latest.buttonData, [field]: value } },
          },
          STEP.defaultButton,
          key,
        );
      },
    };
  };
}
