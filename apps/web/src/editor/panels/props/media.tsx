import { type MediaKind, type WidgetOf, zHttpUrl } from "@marquee/program";
import { Segmented } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFitOptions } from "../BackgroundEditor";
import { type Bound, commitProps, propBinder } from "../bind";
import { ColorRow, NumberRow, Row, Sections, SelectRow, SwitchRow, TextRow } from "../fields";
import { MaterialField } from "../MaterialField";
import { CarouselList } from "./CarouselList";
import { useEnumOptions } from "./common";

/** The material of a widget that plays one (the picker offers the widget's media kind). */
function MaterialRow({
  widget,
  kind,
}: {
  widget: { id: string; props: { materialId: number | null } };
  kind: MediaKind;
}) {
  const { t } = useTranslation();
  return (
    <Row label={t(`editorPanels.material.kinds.${kind}`)}>
      <MaterialField
        kind={kind}
        value={widget.props.materialId}
        onChange={(m) =>
          commitProps(widget.id, {
            materialId: m?.id ?? null,
            ...("url" in widget.props ? { url: null } : {}),
          })
        }
      />
    </Row>
  );
}

/** A picture of the library: fit, opacity, rounded corners. */
export function ImageProps({ widget }: { widget: WidgetOf<"image"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const fits = useFitOptions();
  return (
    <Sections
      items={[
        {
          key: "media",
          label: t("editorPanels.sections.media"),
          children: (
            <>
              <MaterialRow widget={widget} kind="image" />
              <SelectRow label={t("editorPanels.fields.fit")} b={bind("fit")} options={fits} />
              <NumberRow
                label={t("editorPanels.fields.opacity")}
                b={bind("opacity")}
                factor={100}
                step={5}
                suffix="%"
              />
              <NumberRow
                label={t("editorPanels.fields.radius")}
                b={bind("borderRadius")}
                suffix={t("editorPanels.units.px")}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/** Several pictures in turn: the list, the interval, the fit and the change effect. */
export function CarouselProps({ widget }: { widget: WidgetOf<"carousel"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const fits = useFitOptions();
  const options = useEnumOptions();
  return (
    <Sections
      items={[
        {
          key: "media",
          label: t("editorPanels.sections.images"),
          children: <CarouselList widget={widget} />,
        },
        {
          key: "playback",
          label: t("editorPanels.sections.playback"),
          children: (
            <>
              <NumberRow
                label={t("editorPanels.carousel.interval")}
                b={bind("intervalSec")}
                suffix={t("editorPanels.units.seconds")}
              />
              <SelectRow label={t("editorPanels.fields.fit")} b={bind("fit")} options={fits} />
              <SelectRow
                label={t("editorPanels.carousel.effect")}
                b={bind("effect")}
                options={options("carousel.effects", ["none", "fade", "slide"] as const)}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/** A video of the library: loop, sound, volume, fit. */
export function VideoProps({ widget }: { widget: WidgetOf<"video"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const fits = useFitOptions();
  return (
    <Sections
      items={[
        {
          key: "media",
          label: t("editorPanels.sections.media"),
          children: (
            <>
              <MaterialRow widget={widget} kind="video" />
              <SwitchRow
                label={t("editorPanels.media.loop")}
                tip={t("editorPanels.media.loopTip")}
                b={bind("loop")}
              />
              <SwitchRow label={t("editorPanels.media.muted")} b={bind("muted")} />
              <NumberRow label={t("editorPanels.media.volume")} b={bind("volume")} suffix="%" />
              <SelectRow label={t("editorPanels.fields.fit")} b={bind("fit")} options={fits} />
            </>
          ),
        },
      ]}
    />
  );
}

/** Background sound of the library: loop and volume. */
export function AudioProps({ widget }: { widget: WidgetOf<"audio"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  return (
    <Sections
      items={[
        {
          key: "media",
          label: t("editorPanels.sections.media"),
          children: (
            <>
              <MaterialRow widget={widget} kind="audio" />
              <SwitchRow
                label={t("editorPanels.media.loop")}
                tip={t("editorPanels.media.loopTip")}
                b={bind("loop")}
              />
              <NumberRow label={t("editorPanels.media.volume")} b={bind("volume")} suffix="%" />
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * Where a web page or a stream comes from: a material of the library, or an
 * address typed in (which then replaces the material, and the other way round).
 */
function SourceRows({
  widget,
  kind,
  placeholder,
}: {
  widget: { id: string; type: "web" | "stream"; props: { materialId: number | null; url: string | null } };
  kind: "web" | "stream";
  placeholder: string;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"library" | "address">(widget.props.url !== null ? "address" : "library");
  const key = `props:${widget.id}:url`;
  const url: Bound<string | null> = {
    key,
    value: widget.props.url,
    schema: zHttpUrl.nullable(),
    commit: (next) =>
      commitProps(widget.id, next === null ? { url: null } : { url: next, materialId: null }, key),
  };
  return (
    <>
      <Row label={t("editorPanels.media.source")}>
        <Segmented
          size="small"
          block
          value={mode}
          onChange={(m) => setMode(m as "library" | "address")}
          options={(["library", "address"] as const).map((m) => ({
            value: m,
            label: t(`editorPanels.media.sources.${m}`),
          }))}
        />
      </Row>
      {mode === "library" ? (
        <MaterialRow widget={widget} kind={kind} />
      ) : (
        <TextRow label={t(`editorPanels.media.address.${kind}`)} b={url} nullable placeholder={placeholder} />
      )}
    </>
  );
}

/** A web page: its source, how often it reloads, and its zoom. */
export function WebProps({ widget }: { widget: WidgetOf<"web"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  return (
    <Sections
      items={[
        {
          key: "media",
          label: t("editorPanels.sections.page"),
          children: (
            <>
              <SourceRows widget={widget} kind="web" placeholder="https://" />
              <NumberRow
                label={t("editorPanels.web.refresh")}
                tip={t("editorPanels.web.refreshTip")}
                b={bind("refreshSec")}
                suffix={t("editorPanels.units.seconds")}
              />
              <NumberRow label={t("editorPanels.web.zoom")} b={bind("zoom")} step={10} suffix="%" />
            </>
          ),
        },
      ]}
    />
  );
}

/** A live stream (HLS): its source, sound and fit. */
export function StreamProps({ widget }: { widget: WidgetOf<"stream"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const fits = useFitOptions();
  return (
    <Sections
      items={[
        {
          key: "media",
          label: t("editorPanels.sections.media"),
          children: (
            <>
              <SourceRows widget={widget} kind="stream" placeholder="https://…/index.m3u8" />
              <SwitchRow label={t("editorPanels.media.muted")} b={bind("muted")} />
              <SelectRow label={t("editorPanels.fields.fit")} b={bind("fit")} options={fits} />
            </>
          ),
        },
      ]}
    />
  );
}

/** A PDF of the library, its pages in turn: seconds per page, fit, background. */
export function DocumentProps({ widget }: { widget: WidgetOf<"document"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const fits = useFitOptions();
  return (
    <Sections
      items={[
        {
          key: "media",
          label: t("editorPanels.sections.media"),
          children: (
            <>
              <MaterialRow widget={widget} kind="document" />
              <NumberRow
                label={t("editorPanels.document.pageSec")}
                b={bind("pageSec")}
                suffix={t("editorPanels.units.seconds")}
              />
              <SelectRow label={t("editorPanels.fields.fit")} b={bind("fit")} options={fits} />
              <ColorRow label={t("editorPanels.fields.background")} b={bind("background")} />
            </>
          ),
        },
      ]}
    />
  );
}
