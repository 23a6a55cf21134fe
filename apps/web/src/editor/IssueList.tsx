import type { ProgramDoc } from "@marquee/program";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type IssueLocation, locateIssue } from "./issues";
import { useEditor } from "./store";

/** Issues listed in the save error; the rest are counted. */
const SHOWN = 6;

/** "Scene “Lobby” › Text “Title” › props.fit" for an error path. */
export function describeLocation(loc: IssueLocation, t: TFunction): string {
  const parts: string[] = [];
  if (loc.programName) parts.push(t("editor.invalid.programName"));
  if (loc.scene) parts.push(t("editor.invalid.scene", { name: loc.scene.name }));
  if (loc.widget) {
    const type = t(`widget.types.${loc.widget.type}`);
    parts.push(loc.widget.name ? t("editor.invalid.widget", { type, name: loc.widget.name }) : type);
  }
  if (loc.dataSource) parts.push(t("editor.invalid.dataSource", { name: loc.dataSource.name }));
  if (loc.defaultButton) parts.push(t("editor.invalid.defaultButton", { kind: loc.defaultButton }));
  if (loc.field) parts.push(loc.field);
  return parts.join(" › ") || t("editor.invalid.program");
}

/** Shows the scene and selects the widget an issue is about (when they still exist). */
function reveal(loc: IssueLocation): void {
  const s = useEditor.getState();
  if (!loc.scene || !s.doc.scenes.some((x) => x.id === loc.scene?.id)) return;
  s.setActiveScene(loc.scene.id);
  if (loc.widget) useEditor.getState().select([loc.widget.id]);
}

/** The field errors of a refused save, each naming where it is and leading there on a click. */
export function IssueList({
  errors,
  doc,
}: {
  errors: Array<{ field: string; message: string }>;
  doc: ProgramDoc;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mq-ed-issues" data-testid="editor-issues">
      {errors.slice(0, SHOWN).map((e) => {
        const loc = locateIssue(doc, e.field);
        return (
          <li key={`${e.field}:${e.message}`}>
            {loc.scene ? (
              <button type="button" className="mq-ed-link" onClick={() => reveal(loc)}>
                {describeLocation(loc, t)}
              </button>
            ) : (
              <b>{describeLocation(loc, t)}</b>
            )}
            : {e.message}
          </li>
        );
      })}
      {errors.length > SHOWN ? <li>{t("editor.invalid.more", { count: errors.length - SHOWN })}</li> : null}
    </ul>
  );
}
