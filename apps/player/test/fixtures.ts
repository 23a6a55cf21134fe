import { createProgram, createWidget } from "@marquee/program";
import type { Manifest, ManifestMedia } from "@marquee/terminal-protocol";

/** A file of a manifest. */
export function file(hash: string, materialId: number, size = 100): ManifestMedia {
  return {
    hash,
    size,
    mime: "image/png",
    materialId,
    type: "image",
    name: `m${materialId}.png`,
    url: null,
    width: 10,
    height: 10,
    durationMs: null,
  };
}

/** A web page of a manifest (no file: its own address). */
export function webPage(materialId: number, url: string): ManifestMedia {
  return { ...file("", materialId, 0), type: "web", mime: null, name: "page", url };
}

/** A valid program document with one text widget. */
export function programDoc(text = "Hello") {
  const doc = createProgram({ width: 1920, height: 1080 });
  const scene = doc.scenes[0];
  if (!scene) throw new Error("no scene");
  scene.widgets.push(createWidget("text", doc, { defaults: { text } }));
  return doc;
}

/** A manifest of the given programs and media. */
export function manifest(
  programs: Array<{ id: number; doc: unknown; version?: number }>,
  media: ManifestMedia[] = [],
  version = "v1",
): Manifest {
  return {
    version,
    terminalId: 7,
    programs: programs.map((p) => ({ id: p.id, name: `P${p.id}`, version: p.version ?? 1, doc: p.doc })),
    media,
    generatedAt: "2026-03-01T09:00:00.000Z",
  };
}
