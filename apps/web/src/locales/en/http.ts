export default {
  noPermission: "No permission",
  denied: "Request denied",
  signOut: "sign out",
  timeout: "The server did not answer in time",
  network: "The server cannot be reached",
  chunkFailed: "Part of the page could not be loaded; check the connection and reload",
} as const;
