export default {
  welcome: "Welcome, {{name}}",
  intro: "Manage materials, programs, play plans and messages, and watch your screens from the menu.",
  office: "Institution",
  lastSignIn: "Signed in",
} as const;
