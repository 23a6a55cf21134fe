import type { ButtonAction, DefaultButton, DefaultButtonKind, ProgramDoc, Scene } from "@marquee/program";
import { useRender } from "./context";
import { usePlayReporter } from "./hooks";
import { ButtonFace } from "./widgets/ButtonWidget";

/** Above every widget (whose z is at most 100 000). */
const Z_DEFAULT_BUTTONS = 100_001;

/** The program's default buttons that a scene shows: "exit" over popups, "before"/"after" over main scenes. */
export function defaultButtonsOf(
  program: ProgramDoc,
  scene: Scene,
): Array<[DefaultButtonKind, DefaultButton]> {
  const kinds: DefaultButtonKind[] = scene.kind === "popup" ? ["exit"] : ["before", "after"];
  return kinds.flatMap((kind) => {
    const button = program.defaultButtons[kind];
    return button.enabled ? [[kind, button] as [DefaultButtonKind, DefaultButton]] : [];
  });
}

/** The enabled default buttons of a scene, each at its own frame; inert in the editor. */
export function DefaultButtons({
  program,
  scene,
  onButton,
}: {
  program: ProgramDoc;
  scene: Scene;
  onButton: (action: ButtonAction, targetSceneId: string | null, widgetId: string) => void;
}) {
  return (
    <>
      {defaultButtonsOf(program, scene).map(([kind, button]) => (
        <DefaultButtonView key={kind} kind={kind} button={button} sceneId={scene.id} onButton={onButton} />
      ))}
    </>
  );
}

function DefaultButtonView({
  kind,
  button,
  sceneId,
  onButton,
}: {
  kind: DefaultButtonKind;
  button: DefaultButton;
  sceneId: string;
  onButton: (action: ButtonAction, targetSceneId: string | null, widgetId: string) => void;
}) {
  const ctx = useRender();
  const report = usePlayReporter(button.widgetId, sceneId);
  const b = button.buttonData;
  const press = () => {
    report.click();
    onButton(kind, null, button.widgetId);
  };
  return (
    <div
      className="mq-default-button"
      data-default-button={kind}
      data-widget-id={button.widgetId}
      style={{
        position: "absolute",
        left: 0,
        top: 0,
        width: b.w,
        height: b.h,
        transform: `translate(${b.x}px, ${b.y}px)`,
        zIndex: Z_DEFAULT_BUTTONS,
      }}
    >
      <ButtonFace data={b} kind={kind} onPress={ctx.mode === "edit" ? undefined : press} />
    </div>
  );
}
