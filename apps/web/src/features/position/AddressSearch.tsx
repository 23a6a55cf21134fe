import type { AddressSuggestion } from "@marquee/contracts";
import { AutoComplete, Input, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { positionApi } from "./api";

/** Typing pauses this long before the server is asked (the service behind it asks for few requests). */
const DEBOUNCE_MS = 400;
const MIN_CHARS = 2;

/**
 * Address search through the server's suggestion service (addressSuggest):
 * choosing a suggestion hands its label and coordinates on. Why nothing came
 * (not configured, service down) shows under the box, in the user's language.
 */
export function AddressSearch({ onChoose }: { onChoose: (s: AddressSuggestion) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [options, setOptions] = useState<AddressSuggestion[]>([]);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);
  /** The label just chosen: it fills the box and is not searched again. */
  const chosen = useRef<string | null>(null);

  useEffect(() => {
    const q = text.trim();
    if (text === chosen.current) return;
    if (q.length < MIN_CHARS) {
      setOptions([]);
      setError(null);
      return;
    }
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      if (text === chosen.current) return;
      setSearching(true);
      try {
        const { list } = await positionApi.suggest(q);
        if (n !== asked.current) return;
        setOptions(list);
        setError(null);
      } catch (err) {
        if (n !== asked.current) return;
        setOptions([]);
        setError(err instanceof HttpError ? err.message : String(err));
      } finally {
        if (n === asked.current) setSearching(false);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const q = text.trim();
  return (
    <div>
      <AutoComplete
        style={{ width: "100%" }}
        value={text}
        onChange={(v: string) => setText(v)}
        options={options.map((s) => ({ value: s.label, label: s.label }))}
        onSelect={(v: string) => {
          const hit = options.find((s) => s.label === v);
          if (!hit) return;
          chosen.current = hit.label;
          setText(hit.label);
          onChoose(hit);
        }}
        notFoundContent={
          q.length >= MIN_CHARS && !error
            ? searching
              ? t("position.address.searching")
              : t("position.address.nothing")
            : null
        }
        data-testid="map-address-search"
      >
        <Input.Search
          allowClear
          loading={searching}
          placeholder={t("position.address.placeholder")}
          maxLength={200}
        />
      </AutoComplete>
      {error && (
        <Typography.Text
          type="danger"
          style={{ display: "block", marginTop: 4 }}
          data-testid="map-address-error"
        >
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
