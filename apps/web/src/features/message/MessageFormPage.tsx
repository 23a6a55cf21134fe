import BeingBuilt from "../exception/BeingBuilt";

/** Message production (message/form): being written. */
export default function Page() {
  return <BeingBuilt name="MessageFormPage" />;
}
