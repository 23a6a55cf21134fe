import BeingBuilt from "../exception/BeingBuilt";

/** Terminal selection (/terminalSelection): being written. */
export default function Page() {
  return <BeingBuilt name="TerminalSelectionPage" />;
}
