/** Terminal positions and the map (issue 9). */
export {};
