import BeingBuilt from "../exception/BeingBuilt";

/** Placeholder of issue 10 (dataStatistics): replaced by the helper that builds it. */
export default function Page() {
  return <BeingBuilt name="dataStatistics" />;
}
