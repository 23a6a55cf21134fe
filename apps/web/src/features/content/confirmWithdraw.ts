import type { App, ButtonProps } from "antd";
import type { TFunction } from "i18next";

/**
 * Asks before every active publication of one item of content leaves its
 * terminals, then withdraws it; `done` says how many publications left. A
 * refusal is shown by the http client.
 */
export function confirmWithdraw(
  modal: ReturnType<typeof App.useApp>["modal"],
  t: TFunction,
  o: {
    title: string;
    content: string;
    okText: string;
    /** The confirm button's test id, for the kinds whose tests press it. */
    okTestId?: string;
    withdraw: () => Promise<{ count: number }>;
    done: (count: number) => void;
  },
) {
  const okButtonProps: ButtonProps & { "data-testid"?: string } = { danger: true };
  if (o.okTestId) okButtonProps["data-testid"] = o.okTestId;
  modal.confirm({
    title: o.title,
    content: o.content,
    okText: o.okText,
    okButtonProps,
    cancelText: t("common.cancel"),
    onOk: () =>
      o
        .withdraw()
        .then((r) => o.done(r.count))
        .catch(() => undefined), // the http client has shown why
  });
}
