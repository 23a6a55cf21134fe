import { useTranslation } from "react-i18next";
import type { PlacedWidget } from "./scenes";

/** "Scene › widget" names, for messages that list widgets (a widget without a name goes by its type). */
export function usePlacedNames() {
  const { t } = useTranslation();
  return (list: PlacedWidget[]) =>
    list.map((p) => `${p.sceneName} › ${p.widget.name || t(`widget.types.${p.widget.type}`)}`).join(", ");
}
