/** Synchronized broadcast (issue 9). */
export {};
