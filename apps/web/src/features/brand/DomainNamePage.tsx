import BeingBuilt from "../exception/BeingBuilt";

/** Second-level domains (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="createDomainName" />;
}
