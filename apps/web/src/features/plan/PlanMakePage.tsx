import BeingBuilt from "../exception/BeingBuilt";

/** Plan production (playPlan/planMake, /PlanMake): being written. */
export default function Page() {
  return <BeingBuilt name="PlanMakePage" />;
}
