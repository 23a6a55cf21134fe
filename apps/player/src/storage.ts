/**
 * Small persistent values of the player (device id, token, volume, the
 * manifest, unsent proof of play). localStorage in a browser; a map in tests
 * or where storage is refused, so a screen still plays, it only forgets.
 */

/** A string store; writes that fail (quota, private mode) answer false instead of throwing. */
export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

/** The keys the player keeps, in one place so nothing else collides with them. */
export const KEYS = {
  deviceId: "deviceId",
  token: "token",
  terminalId: "terminalId",
  enrolCode: "enrolCode",
  state: "state",
  volume: "volume",
  manifest: "manifest",
  manifestEtag: "manifestEtag",
  pop: "pop",
  /** Settings a `settings` command brought, with the manifest version they came over (until a newer one carries them). */
  settings: "settings",
  /** The settings' volume last taken as the screen's volume (a changed one is taken again). */
  settingsVolume: "settingsVolume",
} as const;

const PREFIX = "marquee.player.";

/** A store in memory only (tests, or a browser that refuses localStorage). */
export function memoryStore(): KeyValue {
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => {
      map.set(key, value);
      return true;
    },
    remove: (key) => {
      map.delete(key);
    },
  };
}

/** localStorage under the player's prefix, or memory when the browser refuses it. */
export function browserStore(): KeyValue {
  let ls: Storage;
  try {
    ls = window.localStorage;
    ls.getItem(`${PREFIX}probe`);
  } catch {
    return memoryStore();
  }
  return {
    get: (key) => ls.getItem(PREFIX + key),
    set: (key, value) => {
      try {
        ls.setItem(PREFIX + key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove: (key) => ls.removeItem(PREFIX + key),
  };
}

/** A JSON value of the store, checked by `parse`; null when absent, unreadable or refused by `parse`. */
export function readJson<T>(kv: KeyValue, key: string, parse: (value: unknown) => T | null): T | null {
  const text = kv.get(key);
  if (text === null) return null;
  try {
    return parse(JSON.parse(text));
  } catch {
    return null;
  }
}
