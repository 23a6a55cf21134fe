export default {
  enabled: "Show the announcement",
  enabledHint: "Off: nobody sees it, whatever the times say.",
  window: "Shown from – until",
  windowHint:
    "Both are needed for it to show. Leaving the end empty also forgets every “Don't remind me again”.",
  titleCh: "Title (Chinese)",
  titleEn: "Title (English)",
  contentCh: "Content (Chinese)",
  contentEn: "Content (English)",
  saved: "The announcement is saved",
  preview: "What users see after signing in",
  showsNow: "Shows now",
  hiddenNow: "Does not show now",
  status: {
    live: "It appears once after each sign-in, until {{end}}, and stays until the user closes it.",
    off: "The switch is off.",
    noStart: "It has no start time.",
    noEnd: "It has no end time.",
    notYet: "It starts at {{start}}.",
    ended: "It ended at {{end}}.",
  },
  chineseReaders: "Chinese console",
  otherReaders: "Other languages",
  noContent: "(no content)",
  dismissHint:
    "Users who chose “Don't remind me again” do not see this text again; changing the texts or the times shows it to them once more.",
  dismissedHere:
    "You closed this very announcement for good in this browser, so you will not see it after signing in.",
} as const;
