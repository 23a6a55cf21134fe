import type { ProgramDoc, WidgetType } from "@marquee/program";

/**
 * Where a validation error of a save points: the server answers paths like
 * "doc.scenes.2.widgets.5.props.fit"; the operator needs "scene “Lobby” ›
 * Text “Title” › fit", and the editor needs the scene and widget to show them.
 */
export interface IssueLocation {
  scene: { id: string; name: string; index: number } | null;
  widget: { id: string; name: string; type: WidgetType } | null;
  dataSource: { id: string; name: string } | null;
  /** "defaultButtons.exit" and the like, for the program-level parts. */
  defaultButton: string | null;
  /** What remains of the path after the located parts ("props.fit", "name"…); "" when nothing. */
  field: string;
  /** Whether the path is about the program's name rather than its document. */
  programName: boolean;
}

/** Locates an error path of a save answer in the document that was sent. */
export function locateIssue(doc: ProgramDoc, path: string): IssueLocation {
  const parts = path.split(".").filter(Boolean);
  const out: IssueLocation = {
    scene: null,
    widget: null,
    dataSource: null,
    defaultButton: null,
    field: "",
    programName: false,
  };
  if (parts[0] === "name") {
    out.programName = true;
    return out;
  }
  let i = parts[0] === "doc" ? 1 : 0;
  const head = parts[i];
  const index = Number(parts[i + 1]);
  if (head === "scenes" && Number.isInteger(index)) {
    const scene = doc.scenes[index];
    if (scene) out.scene = { id: scene.id, name: scene.name, index };
    i += 2;
    const wi = Number(parts[i + 1]);
    if (scene && parts[i] === "widgets" && Number.isInteger(wi)) {
      const w = scene.widgets[wi];
      if (w) out.widget = { id: w.id, name: w.name, type: w.type };
      i += 2;
    }
  } else if (head === "dataSources" && Number.isInteger(index)) {
    const d = doc.dataSources[index];
    if (d) out.dataSource = { id: d.id, name: d.name };
    i += 2;
  } else if (head === "defaultButtons" && parts[i + 1]) {
    out.defaultButton = parts[i + 1] as string;
    i += 2;
  }
  out.field = parts.slice(i).join(".");
  return out;
}
