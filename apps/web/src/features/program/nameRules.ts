import type { TFunction } from "i18next";

/** The longest program name (ProgramName in the contracts). */
export const PROGRAM_NAME_MAX = 100;

/** The form rules of a program name: required, at most 100 characters (the server trims and checks again). */
export function programNameRules(t: TFunction) {
  return [
    { required: true, whitespace: true, message: t("program.make.nameRequired") },
    { max: PROGRAM_NAME_MAX, message: t("program.make.nameTooLong") },
  ];
}
