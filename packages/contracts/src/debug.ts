/** Terminal debugging (issue 9). */
export {};
