/** Contracts of issue 10 (behavior): filled by the helper that builds it. */
export {};
