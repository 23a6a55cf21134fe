/** Strategies (issue 9). */
export {};
