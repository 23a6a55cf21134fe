/** Terminal settings and commands (issue 9): /a/api/terminalSet/*. */
export {};
