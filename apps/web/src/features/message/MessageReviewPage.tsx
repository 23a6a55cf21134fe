import BeingBuilt from "../exception/BeingBuilt";

/** Message review (publishMessage/checklist): being written. */
export default function Page() {
  return <BeingBuilt name="MessageReviewPage" />;
}
