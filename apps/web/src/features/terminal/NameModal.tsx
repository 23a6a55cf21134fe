import { useTranslation } from "react-i18next";
import { NameModal as AskName } from "../../components/NameModal";

/** Asks for the name of a group or a screen, up to `maxLength` characters. */
export function NameModal(props: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  maxLength: number;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AskName
      {...props}
      testId="terminal-name"
      rules={[
        { required: true, whitespace: true, message: t("terminal.nameRequired") },
        { max: props.maxLength, message: t("terminal.nameTooLong", { max: props.maxLength }) },
      ]}
    />
  );
}
