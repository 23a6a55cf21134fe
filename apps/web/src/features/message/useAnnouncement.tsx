import { App, Button } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { sessionApi } from "../../services/session";
import { useSession } from "../../stores/session";
import { announcementTextFor, dismissAnnouncement, shouldShowAnnouncement } from "./announcement";

/** After sign-in: the announcement as a notification that does not close by itself (spec §2, §4). */
export function useAnnouncement(): void {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const userId = useSession((s) => s.user?.id);
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    sessionApi
      .announcement()
      .then((a) => {
        if (cancelled || !shouldShowAnnouncement(a, userId, Date.now(), localStorage)) return;
        const text = announcementTextFor(a, i18n.language, t("message.announcement"));
        const key = "announcement";
        notification.info({
          key,
          duration: 0,
          title: text.title,
          description: <div style={{ whiteSpace: "pre-wrap" }}>{text.content}</div>,
          actions: (
            <Button
              size="small"
              onClick={() => {
                dismissAnnouncement(a, userId, localStorage);
                notification.destroy(key);
              }}
            >
              {t("message.neverRemind")}
            </Button>
          ),
        });
      })
      .catch(() => {
        if (!cancelled) void notification.error({ message: t("message.announcementError") });
      });
    return () => {
      cancelled = true;
    };
  }, [userId, notification, t, i18n.language]);
}
