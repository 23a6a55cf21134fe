/** Server messages of terminal positions (the map), in English: the source of this domain's keys, which every other language carries. */
export default {
  "map.suggestNotConfigured":
    "Address search is not configured: set the address suggestion service (mapSuggestUrl) in the system settings",
  "map.suggestUnreachable": "The address search service {{host}} cannot be reached ({{reason}})",
  "map.suggestFailed": "The address search service {{host}} gave an unusable answer ({{reason}})",
};
