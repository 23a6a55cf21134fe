/** The full-screen program editor (/programEditor). STUB: replaced by the editor work. */
export default function EditorPage() {
  return null;
}
