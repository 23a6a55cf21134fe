/** Server messages of terminal debugging, in English: the source of this domain's keys, which every other language carries. */
export default {
  "debug.argsTooLarge": "takes at most 8 KB of JSON",
  "debug.upgradeRequired": "This address is a WebSocket: open it with a WebSocket client",
  "debug.crossSite": "The debugging socket must be opened from the console's own address",
};
