/** Placeholder of issue 10 (proof of play, a tab of data statistics): replaced by the helper that builds it. */
export function ProofOfPlayPanel() {
  return null;
}
