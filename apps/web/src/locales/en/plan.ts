/** Play plans: list, production, review (issue 7). */
export default {};
