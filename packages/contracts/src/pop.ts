/** Contracts of issue 10 (pop): filled by the helper that builds it. */
export {};
