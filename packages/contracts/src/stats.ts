/** Contracts of issue 10 (stats): filled by the helper that builds it. */
export {};
