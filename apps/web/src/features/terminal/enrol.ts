/** An enrolment code as the screen shows it: six letters or digits (TerminalAuthorizeBody). */
export const ENROL_CODE = /^[A-Z0-9]{6}$/;

/** What the operator typed, as the server compares it: no spaces or dashes, upper case, six characters at most. */
export function normaliseCode(typed: string | undefined): string {
  return (typed ?? "")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 6);
}
