/** The property panel: follows the edit type (spec §3). STUB: replaced by the panels work. */
export function PropertyPanel() {
  return null;
}
