/** Contracts of issue 10 (pay): filled by the helper that builds it. */
export {};
