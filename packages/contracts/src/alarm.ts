/** Alarms (issue 9). */
export {};
