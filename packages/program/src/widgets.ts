import { z } from "zod";
import {
  Binding,
  BUTTON_ACTIONS,
  ButtonData,
  TextStyle,
  WidgetFrame,
  zColor,
  zFit,
  zFont,
  zHttpUrl,
  zMaterialId,
  zWidgetId,
} from "./model";

/** Props of each widget type, validated on the server and in the editor. */
export const WIDGET_PROPS = {
  text: TextStyle.extend({
    text: z.string().max(10_000),
    /** Rich text: a small HTML subset (b, i, u, s, br, p, div, span with colour/size); sanitised when rendered. */
    html: z.string().max(50_000).nullable(),
    binding: Binding.nullable(),
  }),
  marquee: TextStyle.pick({
    fontFamily: true,
    fontSize: true,
    color: true,
    background: true,
    bold: true,
    italic: true,
  }).extend({
    text: z.string().max(10_000),
    direction: z.enum(["left", "right", "up", "down"]),
    /** Design pixels per second. */
    speed: z.number().finite().min(5).max(5000),
  }),
  image: z.object({
    materialId: zMaterialId.nullable(),
    fit: zFit,
    opacity: z.number().min(0).max(1),
    borderRadius: z.number().min(0).max(5000),
  }),
  carousel: z.object({
    materialIds: z.array(zMaterialId).max(200),
    intervalSec: z.number().int().min(1).max(3600),
    fit: zFit,
    effect: z.enum(["none", "fade", "slide"]),
  }),
  video: z.object({
    materialId: zMaterialId.nullable(),
    loop: z.boolean(),
    muted: z.boolean(),
    volume: z.number().int().min(0).max(100),
    fit: zFit,
  }),
  audio: z.object({
    materialId: zMaterialId.nullable(),
    loop: z.boolean(),
    volume: z.number().int().min(0).max(100),
  }),
  /** A web page: a web material of the library, or an address typed in. */
  web: z.object({
    materialId: zMaterialId.nullable(),
    url: zHttpUrl.nullable(),
    refreshSec: z.number().int().min(0).max(86_400),
    zoom: z.number().int().min(10).max(400),
  }),
  clock: z.object({
    style: z.enum(["digital", "analog"]),
    /** An IANA zone ("Europe/Rome"), or "local" for the screen's own zone. */
    timezone: z.string().min(1).max(64),
    hour12: z.boolean(),
    showSeconds: z.boolean(),
    showDate: z.boolean(),
    fontFamily: zFont,
    fontSize: z.number().min(1).max(2000),
    color: zColor,
    background: zColor,
  }),
  date: z.object({
    timezone: z.string().min(1).max(64),
    dateStyle: z.enum(["full", "long", "medium", "short"]),
    showWeekday: z.boolean(),
    fontFamily: zFont,
    fontSize: z.number().min(1).max(2000),
    color: zColor,
    background: zColor,
    align: z.enum(["left", "center", "right"]),
  }),
  countdown: z.object({
    /** ISO 8601 instant the countdown reaches zero. */
    target: z.iso.datetime({ offset: true }),
    units: z.enum(["dhms", "hms", "days"]),
    prefix: z.string().max(200),
    endText: z.string().max(200),
    fontFamily: zFont,
    fontSize: z.number().min(1).max(2000),
    color: zColor,
    background: zColor,
  }),
  weather: z.object({
    locationName: z.string().max(100),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    units: z.enum(["metric", "imperial"]),
    days: z.number().int().min(0).max(7),
    fontFamily: zFont,
    fontSize: z.number().min(1).max(2000),
    color: zColor,
    background: zColor,
  }),
  exchange: z.object({
    base: z.string().regex(/^[A-Z]{3}$/, "program.currencyInvalid"),
    symbols: z
      .array(z.string().regex(/^[A-Z]{3}$/, "program.currencyInvalid"))
      .min(1)
      .max(20),
    fontFamily: zFont,
    fontSize: z.number().min(1).max(2000),
    color: zColor,
    background: zColor,
  }),
  qrcode: z.object({
    text: z.string().min(1).max(2000),
    foreground: zColor,
    background: zColor,
    errorLevel: z.enum(["L", "M", "Q", "H"]),
  }),
  table: z.object({
    dataSourceId: zWidgetId.nullable(),
    columns: z.array(z.object({ field: z.string().min(1).max(200), title: z.string().max(200) })).max(50),
    maxRows: z.number().int().min(1).max(200),
    /** Seconds per page when there are more rows than fit; 0 shows the first page only. */
    pageSec: z.number().int().min(0).max(3600),
    fontFamily: zFont,
    fontSize: z.number().min(1).max(2000),
    color: zColor,
    headerColor: zColor,
    headerBackground: zColor,
    rowBackground: zColor,
    altRowBackground: zColor,
  }),
  /** A live stream (HLS): a stream material of the library or an address. */
  stream: z.object({
    materialId: zMaterialId.nullable(),
    url: zHttpUrl.nullable(),
    muted: z.boolean(),
    fit: zFit,
  }),
  /** A PDF document, its pages shown one after another. */
  document: z.object({
    materialId: zMaterialId.nullable(),
    pageSec: z.number().int().min(1).max(3600),
    fit: zFit,
    background: zColor,
  }),
  /** Interactive buttons: jump to a main scene, open a popup scene, close the popup, previous/next scene. */
  button: ButtonData.extend({
    action: z.enum(BUTTON_ACTIONS),
    targetSceneId: zWidgetId.nullable(),
  }),
} as const;

export type WidgetType = keyof typeof WIDGET_PROPS;
export const WIDGET_TYPES = Object.keys(WIDGET_PROPS) as WidgetType[];
export type WidgetProps<T extends WidgetType = WidgetType> = z.infer<(typeof WIDGET_PROPS)[T]>;

function widgetOf<T extends WidgetType>(type: T) {
  return WidgetFrame.extend({ type: z.literal(type), props: WIDGET_PROPS[type] });
}

/** A widget: its frame, its type, and the props of that type. */
export const Widget = z.discriminatedUnion("type", [
  widgetOf("text"),
  widgetOf("marquee"),
  widgetOf("image"),
  widgetOf("carousel"),
  widgetOf("video"),
  widgetOf("audio"),
  widgetOf("web"),
  widgetOf("clock"),
  widgetOf("date"),
  widgetOf("countdown"),
  widgetOf("weather"),
  widgetOf("exchange"),
  widgetOf("qrcode"),
  widgetOf("table"),
  widgetOf("stream"),
  widgetOf("document"),
  widgetOf("button"),
]);
export type Widget = z.infer<typeof Widget>;
export type WidgetOf<T extends WidgetType> = Extract<Widget, { type: T }>;

/** Material types of the library that a widget (or a background) takes. */
export type MediaKind = "image" | "video" | "audio" | "document" | "web" | "stream";

export type WidgetCategory = "basic" | "media" | "data" | "interactive";

export interface WidgetSpec<T extends WidgetType = WidgetType> {
  type: T;
  category: WidgetCategory;
  /** antd icon name of the palette. */
  icon: string;
  /** Size of a new widget, as a share of the canvas width/height. */
  size: { w: number; h: number };
  /** Material type the picker offers, if the widget plays media. */
  media: MediaKind | null;
  /** Whether the widget plays until its media ends (for "until all media ended"). */
  timed: boolean;
  defaults: () => WidgetProps<T>;
}

const TEXT_BASE = {
  fontFamily: "sans-serif",
  fontSize: 48,
  color: "#ffffff",
  background: "transparent",
  bold: false,
  italic: false,
  underline: false,
  align: "left" as const,
  valign: "top" as const,
  lineHeight: 1.3,
  letterSpacing: 0,
};

/** The catalogue: defaults of every type (the widget management screen overrides them per tenant). */
export const WIDGET_SPECS: { [T in WidgetType]: WidgetSpec<T> } = {
  text: {
    type: "text",
    category: "basic",
    icon: "FontSizeOutlined",
    size: { w: 0.3, h: 0.1 },
    media: null,
    timed: false,
    defaults: () => ({ ...TEXT_BASE, text: "Text", html: null, binding: null }),
  },
  marquee: {
    type: "marquee",
    category: "basic",
    icon: "SwapLeftOutlined",
    size: { w: 1, h: 0.08 },
    media: null,
    timed: false,
    defaults: () => ({
      text: "Scrolling text",
      direction: "left",
      speed: 120,
      fontFamily: "sans-serif",
      fontSize: 48,
      color: "#ffffff",
      background: "#00000080",
      bold: false,
      italic: false,
    }),
  },
  image: {
    type: "image",
    category: "media",
    icon: "PictureOutlined",
    size: { w: 0.3, h: 0.3 },
    media: "image",
    timed: false,
    defaults: () => ({ materialId: null, fit: "contain", opacity: 1, borderRadius: 0 }),
  },
  carousel: {
    type: "carousel",
    category: "media",
    icon: "FileImageOutlined",
    size: { w: 0.4, h: 0.4 },
    media: "image",
    timed: false,
    defaults: () => ({ materialIds: [], intervalSec: 5, fit: "cover", effect: "fade" }),
  },
  video: {
    type: "video",
    category: "media",
    icon: "VideoCameraOutlined",
    size: { w: 0.5, h: 0.5 },
    media: "video",
    timed: true,
    defaults: () => ({ materialId: null, loop: true, muted: false, volume: 80, fit: "contain" }),
  },
  audio: {
    type: "audio",
    category: "media",
    icon: "SoundOutlined",
    size: { w: 0.06, h: 0.1 },
    media: "audio",
    timed: true,
    defaults: () => ({ materialId: null, loop: true, volume: 80 }),
  },
  web: {
    type: "web",
    category: "media",
    icon: "GlobalOutlined",
    size: { w: 0.5, h: 0.5 },
    media: "web",
    timed: false,
    defaults: () => ({ materialId: null, url: null, refreshSec: 0, zoom: 100 }),
  },
  clock: {
    type: "clock",
    category: "basic",
    icon: "ClockCircleOutlined",
    size: { w: 0.2, h: 0.12 },
    media: null,
    timed: false,
    defaults: () => ({
      style: "digital",
      timezone: "local",
      hour12: false,
      showSeconds: true,
      showDate: false,
      fontFamily: "sans-serif",
      fontSize: 72,
      color: "#ffffff",
      background: "transparent",
    }),
  },
  date: {
    type: "date",
    category: "basic",
    icon: "CalendarOutlined",
    size: { w: 0.3, h: 0.08 },
    media: null,
    timed: false,
    defaults: () => ({
      timezone: "local",
      dateStyle: "long",
      showWeekday: true,
      fontFamily: "sans-serif",
      fontSize: 48,
      color: "#ffffff",
      background: "transparent",
      align: "center",
    }),
  },
  countdown: {
    type: "countdown",
    category: "basic",
    icon: "FieldTimeOutlined",
    size: { w: 0.3, h: 0.1 },
    media: null,
    timed: false,
    defaults: () => ({
      target: new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      units: "dhms",
      prefix: "",
      endText: "",
      fontFamily: "sans-serif",
      fontSize: 64,
      color: "#ffffff",
      background: "transparent",
    }),
  },
  weather: {
    type: "weather",
    category: "data",
    icon: "CloudOutlined",
    size: { w: 0.3, h: 0.2 },
    media: null,
    timed: false,
    defaults: () => ({
      locationName: "Roma",
      latitude: 41.89,
      longitude: 12.48,
      units: "metric",
      days: 3,
      fontFamily: "sans-serif",
      fontSize: 36,
      color: "#ffffff",
      background: "#00000066",
    }),
  },
  exchange: {
    type: "exchange",
    category: "data",
    icon: "DollarOutlined",
    size: { w: 0.25, h: 0.3 },
    media: null,
    timed: false,
    defaults: () => ({
      base: "EUR",
      symbols: ["USD", "CNY", "GBP", "JPY"],
      fontFamily: "sans-serif",
      fontSize: 32,
      color: "#ffffff",
      background: "#00000066",
    }),
  },
  qrcode: {
    type: "qrcode",
    category: "basic",
    icon: "QrcodeOutlined",
    size: { w: 0.12, h: 0.2 },
    media: null,
    timed: false,
    defaults: () => ({
      text: "https://example.com",
      foreground: "#000000",
      background: "#ffffff",
      errorLevel: "M",
    }),
  },
  table: {
    type: "table",
    category: "data",
    icon: "TableOutlined",
    size: { w: 0.5, h: 0.4 },
    media: null,
    timed: false,
    defaults: () => ({
      dataSourceId: null,
      columns: [],
      maxRows: 10,
      pageSec: 10,
      fontFamily: "sans-serif",
      fontSize: 28,
      color: "#ffffff",
      headerColor: "#ffffff",
      headerBackground: "#1f3a5f",
      rowBackground: "#00000066",
      altRowBackground: "#00000033",
    }),
  },
  stream: {
    type: "stream",
    category: "media",
    icon: "PlaySquareOutlined",
    size: { w: 0.5, h: 0.5 },
    media: "stream",
    timed: false,
    defaults: () => ({ materialId: null, url: null, muted: true, fit: "contain" }),
  },
  document: {
    type: "document",
    category: "media",
    icon: "FilePdfOutlined",
    size: { w: 0.4, h: 0.6 },
    media: "document",
    timed: false,
    defaults: () => ({ materialId: null, pageSec: 10, fit: "contain", background: "#ffffff" }),
  },
  button: {
    type: "button",
    category: "interactive",
    icon: "AimOutlined",
    size: { w: 0.12, h: 0.08 },
    media: null,
    timed: false,
    defaults: () => ({
      label: "Button",
      fontSize: 36,
      color: "#ffffff",
      background: "#1677ff",
      borderRadius: 12,
      action: "jump",
      targetSceneId: null,
    }),
  },
};
export { zWidgetId };
