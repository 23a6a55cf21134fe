import { SoundOutlined } from "@ant-design/icons";
import { InputNumber, Modal, Slider, Space } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Asks for the volume (0–100) to set on the selected terminals. */
export function VolumeModal({
  open,
  count,
  onSend,
  onClose,
}: {
  open: boolean;
  count: number;
  onSend: (volume: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [volume, setVolume] = useState(50);
  useEffect(() => {
    if (open) setVolume(50);
  }, [open]);
  return (
    <Modal
      open={open}
      title={t("terminal.volume.title", { count })}
      okText={t("terminal.volume.ok")}
      cancelText={t("common.cancel")}
      onOk={() => {
        onSend(volume);
        onClose();
      }}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "terminal-volume-ok" }}
    >
      <Space style={{ width: "100%" }} align="center">
        <SoundOutlined />
        <Slider
          min={0}
          max={100}
          value={volume}
          onChange={setVolume}
          style={{ width: 280 }}
          aria-label={t("terminal.volume.label")}
        />
        <InputNumber<number>
          min={0}
          max={100}
          precision={0}
          value={volume}
          onChange={(v) => setVolume(v ?? 0)}
          aria-label={t("terminal.volume.label")}
          data-testid="terminal-volume-input"
        />
      </Space>
    </Modal>
  );
}
