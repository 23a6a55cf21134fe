import BeingBuilt from "../exception/BeingBuilt";

/** Plan review (playPlan/checklist): being written. */
export default function Page() {
  return <BeingBuilt name="PlanReviewPage" />;
}
