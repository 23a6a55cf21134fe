import BeingBuilt from "../exception/BeingBuilt";

/** Message management (publishMessage/list): being written. */
export default function Page() {
  return <BeingBuilt name="MessageListPage" />;
}
