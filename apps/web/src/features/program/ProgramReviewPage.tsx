import BeingBuilt from "../exception/BeingBuilt";

/** Program review (publishProgram/checklist): being written. */
export default function Page() {
  return <BeingBuilt name="ProgramReviewPage" />;
}
