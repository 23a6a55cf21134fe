/** Server messages of system settings, in English: the source of this domain's keys, which every other language carries. */
export default {
  "setting.unknownKey": "Unknown setting: {{key}}",
  "setting.platformOnly":
    "Request denied: only the platform's own users may read or change the setting {{key}}",
};
