import BeingBuilt from "../exception/BeingBuilt";

/** Issue 9 (placeholder until its helper builds it). */
export default function TerminalMapPage() {
  return <BeingBuilt />;
}
