import BeingBuilt from "../exception/BeingBuilt";

/** Placeholder of issue 10 (userBehaviorStatistics): replaced by the helper that builds it. */
export default function Page() {
  return <BeingBuilt name="userBehaviorStatistics" />;
}
