import BeingBuilt from "../exception/BeingBuilt";

/** Play plan list (playPlan/list): being written. */
export default function Page() {
  return <BeingBuilt name="PlanListPage" />;
}
