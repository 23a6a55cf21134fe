import BeingBuilt from "../exception/BeingBuilt";

/** Agent activation (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="agentOpening" />;
}
