import BeingBuilt from "../exception/BeingBuilt";

/** Publish settings (/publishSet): being written. */
export default function Page() {
  return <BeingBuilt name="PublishSetPage" />;
}
