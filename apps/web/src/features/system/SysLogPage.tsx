import BeingBuilt from "../exception/BeingBuilt";

/** System log (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="sysLog" />;
}
