import { addWidget, applyCommand, createProgram, type ProgramDoc, type WidgetType } from "../src";

/** A program with one scene holding one widget of each given type. */
export function programWith(types: WidgetType[]): ProgramDoc {
  let doc = createProgram({ width: 1920, height: 1080 });
  const sceneId = doc.scenes[0]?.id as string;
  for (const type of types) doc = applyCommand(doc, addWidget(doc, sceneId, type).command).doc;
  return doc;
}
