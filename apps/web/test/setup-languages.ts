/**
 * The console loads one language at a time (each is a chunk of its own); the tests read several, so in a
 * rendered (jsdom) test file every language is loaded before the first test.
 */
if (typeof document !== "undefined") {
  const { loadAllLanguages } = await import("../src/locales");
  await loadAllLanguages();
}

export {};
