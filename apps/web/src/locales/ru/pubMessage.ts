/** Messages: production, list, review; program review (issue 7). */
export default {};
