import type { ProgramSummary } from "@marquee/contracts";
import { useTranslation } from "react-i18next";
import { NameModal } from "../../components/NameModal";
import { programApi } from "./api";
import { PROGRAM_NAME_MAX, programNameRules } from "./nameRules";

/** Renames a program; a refusal of the server is shown on the name field. */
export function RenameModal({
  program,
  onClose,
  onRenamed,
}: {
  program: ProgramSummary | null;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const { t } = useTranslation();
  return (
    <NameModal
      open={program !== null}
      title={t("program.renameTitle")}
      label={t("program.make.name")}
      initial={program?.name ?? ""}
      rules={programNameRules(t)}
      maxLength={PROGRAM_NAME_MAX}
      showCount
      testId="program-rename"
      onSave={async (name) => {
        if (!program) return;
        await programApi.rename(program.id, name);
        onRenamed();
      }}
      onClose={onClose}
    />
  );
}
