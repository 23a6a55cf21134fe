/** Publishing: settings, terminal selection, delivery (issue 7). */
export default {};
