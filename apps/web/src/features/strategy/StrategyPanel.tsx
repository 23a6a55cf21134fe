/** Strategies (issue 9): the list and editor, shown as a tab of the terminal settings screen. */
export function StrategyPanel() {
  return null;
}
