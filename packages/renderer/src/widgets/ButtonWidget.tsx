import type { ButtonAction, ButtonData } from "@marquee/program";
import { useRender } from "../context";
import { usePlayReporter } from "../hooks";
import type { WidgetComponentProps } from "./types";

/** A pressable label; shared by button widgets and the program's default buttons. */
export function ButtonFace({
  data,
  onPress,
  kind,
}: {
  data: ButtonData;
  /** Absent in the editor: the button is drawn but inert, so a click selects it. */
  onPress?: () => void;
  kind?: string;
}) {
  return (
    <button
      type="button"
      className="mq-button"
      data-kind={kind}
      tabIndex={onPress ? undefined : -1}
      onClick={onPress}
      style={{
        position: "absolute",
        inset: 0,
        width: "100%",
        height: "100%",
        margin: 0,
        padding: "0 0.4em",
        border: "none",
        boxSizing: "border-box",
        overflow: "hidden",
        whiteSpace: "nowrap",
        textOverflow: "ellipsis",
        fontFamily: "sans-serif",
        fontSize: data.fontSize,
        color: data.color,
        background: data.background,
        borderRadius: data.borderRadius,
        cursor: onPress ? "pointer" : "default",
        pointerEvents: onPress ? "auto" : "none",
        touchAction: "manipulation",
      }}
    >
      {data.label}
    </button>
  );
}

/** A button widget: in preview and on screens a press navigates (jump, popup, exit, before, after). */
export function ButtonWidget({ widget, sceneId, onButton }: WidgetComponentProps<"button">) {
  const ctx = useRender();
  const report = usePlayReporter(widget.id, sceneId);
  const p = widget.props;
  const press = (action: ButtonAction) => {
    report.click();
    onButton?.(action, p.targetSceneId, widget.id);
  };
  return <ButtonFace data={p} onPress={ctx.mode === "edit" ? undefined : () => press(p.action)} />;
}
