import { BellOutlined } from "@ant-design/icons";
import type { Notification } from "@marquee/contracts";
import { Badge, Button, Dropdown, Empty, List, theme } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../stores/session";
import { messageApi } from "./api";

/** Notice dropdown width (spec §2, §9). */
export const NOTICE_DROPDOWN_WIDTH = 297;

/** The bell: the latest 10 notices; opening it marks every listed one read (spec §4). */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const userId = useSession((s) => s.user?.id);
  const [list, setList] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);

  const load = async (markRead: boolean) => {
    try {
      const r = await messageApi.list(userId);
      setList(r.messageList);
      setUnread(r.unread);
      const ids = r.messageList.filter((m) => m.readState === "0").map((m) => m.id);
      if (markRead && ids.length) {
        await messageApi.updateReadState(ids, "1");
        setUnread((u) => Math.max(0, u - ids.length));
      }
    } catch {
      // a non-zero code leaves the list unchanged (spec §8)
    }
  };

  // The unread count on the badge from the start; opening the bell marks the listed ones read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per signed-in user
  useEffect(() => {
    void load(false);
  }, [userId]);

  const panel = (
    <div
      data-testid="notice-dropdown"
      style={{
        width: NOTICE_DROPDOWN_WIDTH,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadiusLG,
      }}
    >
      {list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t("message.empty")}
          style={{ padding: 16 }}
        />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(m) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <span style={{ fontWeight: m.readState === "0" ? 600 : 400, whiteSpace: "pre-line" }}>
                    {m.content}
                  </span>
                }
                description={dayjs(m.createDate).format("YYYY-MM-DD HH:mm")}
              />
            </List.Item>
          )}
        />
      )}
      <Button
        type="link"
        block
        onClick={() => {
          setOpen(false);
          navigate("/sysManage/messageNotification");
        }}
      >
        {t("message.viewAll")}
      </Button>
    </div>
  );
  return (
    <Dropdown
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) void load(true);
      }}
      trigger={["click"]}
      popupRender={() => panel}
      placement="bottomRight"
    >
      <span data-testid="notice-bell" title={t("message.title")}>
        <Badge count={unread} size="small">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </span>
    </Dropdown>
  );
}
