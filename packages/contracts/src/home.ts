/** Contracts of issue 10 (home): filled by the helper that builds it. */
export {};
