import { ProgramDoc, WIDGET_TYPES, type WidgetType } from "@marquee/program";
import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";
import { Material } from "./material";

/**
 * Programs: the calls of program production, the editor, program
 * management and widget management. The spec names none of them; they live
 * under /apm-web/a/api/program/ and /apm-web/a/api/widget/ (DECISIONS.md).
 */

/** draft → pending (audit on) → approved | rejected → published; an edit brings it back to draft. */
export const PROGRAM_STATES = ["draft", "pending", "approved", "rejected", "published"] as const;
export type ProgramState = (typeof PROGRAM_STATES)[number];

export const ProgramSummary = z.object({
  id: z.number(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  state: z.enum(PROGRAM_STATES),
  version: z.number(),
  sceneCount: z.number(),
  widgetCount: z.number(),
  /** Bytes of the media it uses. */
  mediaBytes: z.number(),
  /** Image of the first scene, rendered by the server on save; null until there is one. */
  thumbUrl: z.string().nullable(),
  creatorId: z.number().nullable(),
  creatorName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
});
export type ProgramSummary = z.infer<typeof ProgramSummary>;

export const ProgramName = z.string().trim().min(1).max(100);

export const ProgramListQuery = Paging.extend({
  name: z.string().max(100).optional(),
  width: z.coerce.number().int().min(1).max(10_000).optional(),
  height: z.coerce.number().int().min(1).max(10_000).optional(),
  state: z.enum(PROGRAM_STATES).optional(),
  creatorId: zId.optional(),
  beginTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
  sort: z.enum(["updateDate", "createDate", "name"]).default("updateDate"),
  order: z.enum(["asc", "desc"]).default("desc"),
}).strict();
export const ProgramListResponse = pageOf(ProgramSummary);

export const IdQuery = z.strictObject({ id: zId });
/** GET program/thumb: `v` is the program's version, so a saved program's new image is a new address. */
export const ProgramThumbQuery = z.strictObject({ id: zId, v: z.coerce.number().int().min(0).optional() });

/** GET program/detail: the document and the materials it uses (for names, thumbnails and addresses). */
export const ProgramDetailResponse = Envelope.extend({
  program: ProgramSummary,
  doc: ProgramDoc,
  materials: z.array(Material),
});

/**
 * POST program/save (JSON). Without `id` it creates. With `id`, `version` must be
 * the version the editor loaded: otherwise 409 `program.versionConflict` and
 * `current` says who saved what when. `force` overwrites after the user chose to.
 */
export const ProgramSaveBody = z.strictObject({
  id: zId.optional(),
  version: z.number().int().min(0).optional(),
  force: z.boolean().optional(),
  name: ProgramName,
  doc: ProgramDoc,
});
export const ProgramSaveResponse = Envelope.extend({
  id: z.number(),
  version: z.number(),
  state: z.enum(PROGRAM_STATES),
  updateDate: z.string(),
});
/** Answer of the calls that create a program (copy, import): its id, like save. */
export const ProgramCreatedResponse = ProgramSaveResponse;
/** The `current` field of a 409 answer to save. */
export const ProgramConflict = z.object({
  version: z.number(),
  updatedByName: z.string().nullable(),
  updateDate: z.string(),
});
export type ProgramConflict = z.infer<typeof ProgramConflict>;

export const ProgramCopyBody = z.strictObject({ id: zId, name: ProgramName.optional() });
export const ProgramRenameBody = z.strictObject({ id: zId, name: ProgramName });
export const ProgramIdsBody = z.strictObject({ ids: zIdList });
export const ProgramReviewBody = z.strictObject({
  ids: zIdList,
  result: z.enum(["approved", "rejected"]),
  note: z.string().trim().max(500).default(""),
});

/** A change of state, for the program's history. */
export const ProgramStateChange = z.object({
  from: z.enum(PROGRAM_STATES).nullable(),
  to: z.enum(PROGRAM_STATES),
  note: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
});
export const ProgramHistoryResponse = Envelope.extend({ list: z.array(ProgramStateChange) });

/** The export file: one JSON document, the program and the media it references (not their bytes). */
export const PROGRAM_EXPORT_FORMAT = "marquee-program";
export const ProgramExportFile = z.object({
  format: z.literal(PROGRAM_EXPORT_FORMAT),
  formatVersion: z.literal(1),
  exportedAt: z.string(),
  name: ProgramName,
  doc: ProgramDoc,
  media: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string().max(255),
        type: z.string().max(20),
        md5: z.string().max(32).nullable(),
        size: z.number().int().min(0),
        url: z.string().max(2048).nullable(),
      }),
    )
    .max(5000),
});
export type ProgramExportFile = z.infer<typeof ProgramExportFile>;
/** POST program/import: the export file (JSON), and optionally another name. */
export const ProgramImportBody = z.strictObject({ file: ProgramExportFile, name: ProgramName.optional() });

/** GET program/dataSource/preview: the server fetches a data source's address and answers its rows. */
export const DataSourcePreviewQuery = z.strictObject({
  url: z.string().max(2048),
  format: z.enum(["json", "csv"]),
  rowsPath: z.string().max(200).default(""),
});
export const DataSourceRowsResponse = Envelope.extend({
  fields: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
});

// ---- widget management ----

export const zWidgetTypeParam = z.enum(WIDGET_TYPES as [WidgetType, ...WidgetType[]]);

/** A widget type of the catalogue with the tenant's choices. */
export const WidgetTypeInfo = z.object({
  type: zWidgetTypeParam,
  category: z.enum(["basic", "media", "data", "interactive"]),
  icon: z.string(),
  enabled: z.boolean(),
  /** Props of a new widget: the catalogue's defaults with the tenant's overrides. */
  defaults: z.record(z.string(), z.unknown()),
  /** The tenant's own image for the palette (a widget image upload), or null for the icon. */
  iconMaterialId: z.number().nullable(),
  iconUrl: z.string().nullable(),
  updateDate: z.string().nullable(),
});
export type WidgetTypeInfo = z.infer<typeof WidgetTypeInfo>;
export const WidgetListResponse = Envelope.extend({ list: z.array(WidgetTypeInfo) });

/** GET widget/icon: the tenant's palette image of a type (`v` changes with the image). */
export const WidgetIconQuery = z.strictObject({
  type: zWidgetTypeParam,
  v: z.string().max(64).optional(),
});

/** POST widget/save: enable/disable, default props (validated against the type), palette image. */
export const WidgetSaveBody = z.strictObject({
  type: zWidgetTypeParam,
  enabled: zBool.optional(),
  defaults: z.record(z.string(), z.unknown()).optional(),
  iconMaterialId: zId.nullable().optional(),
});

// ---- weather and exchange rates (/f/common/weather, /f/common/apiStore) ----

export const WeatherQuery = z.strictObject({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  units: z.enum(["metric", "imperial"]).default("metric"),
  days: z.coerce.number().int().min(0).max(7).default(3),
});
/** Weather codes are WMO codes (0 clear … 99 thunderstorm with hail), as Open-Meteo gives them. */
export const WeatherData = z.object({
  provider: z.string(),
  units: z.enum(["metric", "imperial"]),
  current: z.object({
    time: z.string(),
    temperature: z.number(),
    weatherCode: z.number().int(),
    humidity: z.number().nullable(),
    windSpeed: z.number().nullable(),
  }),
  daily: z.array(
    z.object({ date: z.string(), min: z.number(), max: z.number(), weatherCode: z.number().int() }),
  ),
  fetchedAt: z.string(),
});
export type WeatherData = z.infer<typeof WeatherData>;
/** `data` is null when no provider answered; `reason` says why (shown as "no data", never made-up figures). */
export const WeatherResponse = Envelope.extend({
  data: WeatherData.nullable(),
  reason: z.string().nullable(),
});

export const RatesQuery = z.strictObject({
  base: z.string().regex(/^[A-Z]{3}$/),
  symbols: z
    .string()
    .max(200)
    .regex(/^[A-Z]{3}(,[A-Z]{3})*$/),
});
export const RatesData = z.object({
  provider: z.string(),
  base: z.string(),
  date: z.string(),
  rates: z.record(z.string(), z.number()),
  fetchedAt: z.string(),
});
export type RatesData = z.infer<typeof RatesData>;
export const RatesResponse = Envelope.extend({ data: RatesData.nullable(), reason: z.string().nullable() });

export const WEATHER_PROVIDERS = ["none", "openMeteo", "file"] as const;
export const RATES_PROVIDERS = ["none", "frankfurter", "file"] as const;

// ---- the life shared by programs, plans and messages: review and history ----

/** The states of reviewed content (programs, plans, messages). */
export const CONTENT_STATES = PROGRAM_STATES;
export type ContentState = (typeof CONTENT_STATES)[number];

export const ContentName = z.string().trim().min(1).max(100);

/** A review decision (submitResult) on one or more items. */
export const ReviewResultBody = z.strictObject({
  ids: zIdList,
  result: z.enum(["approved", "rejected"]),
  note: z.string().trim().max(500).default(""),
});
/** The answer of a review decision: how many items were decided. */
export const ReviewResultResponse = Envelope.extend({ count: z.number() });
/** A reviewer's (or the author's) note on an item, kept in its history without a decision (submitNote). */
export const ReviewNoteBody = z.strictObject({ id: zId, note: z.string().trim().min(1).max(500) });
/** Submit for review (or approve at once while review is off). */
export const SubmitBody = z.strictObject({ ids: zIdList });
export const SubmitResponse = Envelope.extend({ state: z.enum(CONTENT_STATES) });

/** One line of an item's history: a change of state, or a note. */
export const ContentHistoryEntry = z.object({
  event: z.enum(["create", "edit", "submit", "review", "note", "publish", "withdraw"]),
  from: z.enum(CONTENT_STATES).nullable(),
  to: z.enum(CONTENT_STATES).nullable(),
  note: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
});
export const ContentHistoryResponse = Envelope.extend({ list: z.array(ContentHistoryEntry) });

/** Review lists (checklist): pending by default; `state` shows the decided ones too. */
export const ChecklistQuery = Paging.extend({
  name: z.string().max(100).optional(),
  state: z.enum(CONTENT_STATES).default("pending"),
}).strict();
