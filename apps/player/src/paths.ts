/**
 * Names the page and the Service Worker share: where cached media are
 * addressed and the caches they live in.
 */

/** The player's base path (vite's `base`, the Service Worker's scope). */
export const PLAYER_BASE = "/player/";
/** Where the page and the Service Worker find a cached file: /player/media/<hash>. */
export const MEDIA_PREFIX = `${PLAYER_BASE}media/`;
/** The Cache Storage cache of media files (the page fills it, the Service Worker serves it). */
export const MEDIA_CACHE = "marquee-media";
/** Caches of the app shell are named with this prefix and the build's id. */
export const SHELL_CACHE_PREFIX = "marquee-shell-";

/** The address of a cached file. */
export function mediaPath(hash: string): string {
  return MEDIA_PREFIX + hash;
}
