import BeingBuilt from "../exception/BeingBuilt";

/** FAQ (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="commonProblemManager" />;
}
