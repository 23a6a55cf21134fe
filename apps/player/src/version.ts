import { version } from "../package.json";

/** The player's version, reported at registration and in every status. */
export const PLAYER_VERSION: string = version;
