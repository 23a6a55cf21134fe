/**
 * The console loads one language at a time (each is a chunk of its own); the tests read several, so in a
 * rendered (jsdom) test file every language is loaded before the first test, and queries wait longer.
 */
if (typeof document !== "undefined") {
  const { loadAllLanguages } = await import("../src/locales");
  await loadAllLanguages();
  // A page rendered with antd can take seconds to show an answer while the machine's two cores run the
  // other suites (CI): the find* and waitFor queries wait up to 8 s, not testing-library's 1 s.
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 8000 });
}

export {};
