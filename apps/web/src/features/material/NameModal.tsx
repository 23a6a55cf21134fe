import { useTranslation } from "react-i18next";
import { NameModal as AskName } from "../../components/NameModal";

/** The rule of MaterialName in the contracts: 1–200 characters, no path separators or control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule refuses
const BAD_NAME = /[\\/\u0000-\u001f\u007f]/;

/** Asks for the name of a folder or a material, with the library's name rules. */
export function NameModal(props: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AskName
      {...props}
      maxLength={200}
      testId="name-modal"
      rules={[
        { required: true, whitespace: true, message: t("material.nameRequired") },
        { max: 200, message: t("material.nameTooLong") },
        {
          validator: (_, v: string | undefined) =>
            v && BAD_NAME.test(v) ? Promise.reject(new Error(t("material.nameInvalid"))) : Promise.resolve(),
        },
      ]}
    />
  );
}
