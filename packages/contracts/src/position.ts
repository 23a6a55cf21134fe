import { z } from "zod";
import { Envelope, zBool, zId, zIdList } from "./common";
import { TERMINAL_VIEW_STATUS } from "./terminal";

/**
 * Terminal positions and the terminal map (sysManage/terminalMap;
 * spec §7 "Terminals": sendGetPositionOrder, autoGetPosition, and the map's
 * own calls under /apm-web/a/api/terminal/). A terminal stands where an
 * operator placed it (manual) or where its device said it is (device).
 */

/** The most terminals one map answer carries (the rest are counted in `total`). */
export const MAP_MAX_TERMINALS = 20_000;

export const POSITION_SOURCES = ["manual", "device"] as const;

/** A coordinate given as a number (JSON) or a decimal string (form-encoded); null and "" are not 0. */
const coordinate = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,3}(\.\d{1,15})?$/, "validation.format")
        .transform(Number),
    ])
    .pipe(z.number().min(-limit).max(limit));

/** POST sendGetPositionOrder: ask terminals for their position now (the `position` command). */
export const SendGetPositionBody = z.strictObject({ ids: zIdList });

/** POST autoGetPosition: terminals report their position by themselves (settings.autoPosition), or stop. */
export const AutoGetPositionBody = z.strictObject({ ids: zIdList, enabled: zBool });

/** POST savePosition: place one terminal by hand (a dragged marker, a click on the map, a chosen address). */
export const SavePositionBody = z.strictObject({
  id: zId,
  lat: coordinate(90),
  lng: coordinate(180),
  /** The address chosen or typed; absent keeps none. */
  address: z.string().trim().max(300).optional(),
});

/** POST clearPosition: take terminals off the map. */
export const ClearPositionBody = z.strictObject({ ids: zIdList });

/** GET mapTerminals: the terminals of the caller's range on the map, filtered like the terminal list. */
export const MapTerminalsQuery = z.strictObject({
  officeId: zId.optional(),
  /** Include the offices below officeId and the groups below groupId (default true). */
  includeChildren: zBool.optional(),
  groupId: zId.optional(),
  status: z.enum(TERMINAL_VIEW_STATUS).optional(),
  /** Name, enrolment code, model or address contains this. */
  keyword: z.string().max(100).optional(),
});

/** One terminal on the map; lat/lng null: not placed yet. */
export const MapTerminal = z.object({
  id: z.number(),
  name: z.string(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  status: z.enum(TERMINAL_VIEW_STATUS),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string().nullable(),
  source: z.enum(POSITION_SOURCES).nullable(),
  positionDate: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** The program on screen, as the terminal last reported it. */
  programName: z.string().nullable(),
  /** The terminal reports its position by itself (its settings' autoPosition). */
  autoPosition: z.boolean(),
});
export type MapTerminal = z.infer<typeof MapTerminal>;

/** The map's tiles and whether addresses can be searched (system settings mapTileUrl, mapAttribution, mapSuggestUrl). */
export const MapConfig = z.object({
  /** {z}/{x}/{y} template; empty: no tiles, markers on a blank map. */
  tileUrl: z.string(),
  attribution: z.string(),
  /** An address-suggestion service is configured (GET addressSuggest answers). */
  suggest: z.boolean(),
});
export type MapConfig = z.infer<typeof MapConfig>;

export const MapTerminalsResponse = Envelope.extend({
  list: z.array(MapTerminal),
  /** Every terminal that matched; more than list.length when the answer stopped at MAP_MAX_TERMINALS. */
  total: z.number(),
  config: MapConfig,
});

/** POST savePosition answers the terminal as it now stands; `autoPositionOff` when placing it turned its automatic positioning off. */
export const SavePositionResponse = Envelope.extend({
  terminal: MapTerminal,
  autoPositionOff: z.boolean(),
});

/** POST clearPosition answers how many terminals left the map. */
export const ClearPositionResponse = Envelope.extend({ cleared: z.number() });

/** GET addressSuggest?q: addresses matching `q` from the configured service. */
export const AddressSuggestQuery = z.strictObject({ q: z.string().trim().min(2).max(200) });
export const AddressSuggestion = z.object({ label: z.string(), lat: z.number(), lng: z.number() });
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;
export const AddressSuggestResponse = Envelope.extend({
  list: z.array(AddressSuggestion),
});
