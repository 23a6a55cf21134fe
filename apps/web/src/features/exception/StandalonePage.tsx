import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import BeingBuilt from "./BeingBuilt";

/** The full-screen static routes (/PlanMake, /publishSet, /terminalSelection, /programEditor) until their issues build them. */
export default function StandalonePage() {
  const { t } = useTranslation();
  const name = useLocation().pathname.slice(1);
  useEffect(() => {
    document.title = `Admin | ${t(`routes.${name}`, { defaultValue: name })}`;
  }, [name, t]);
  return <BeingBuilt name={name} />;
}
