import { ApartmentOutlined, DesktopOutlined, SearchOutlined, TeamOutlined } from "@ant-design/icons";
import type { PublicationKind } from "@marquee/contracts";
import { Alert, Button, Card, Col, Row, Space, Spin, Switch, Tabs, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { GroupPicker } from "./GroupPicker";
import { OfficePicker } from "./OfficePicker";
import {
  type ChosenKind,
  isEmptySelection,
  type SelectionState,
  selectionTags,
  toggleChosen,
  withTerminals,
} from "./selection";
import { TerminalSearch } from "./TerminalSearch";
import type { useSelectionCount } from "./useSelectionCount";

/** Terminal tags beyond this many collapse into "and N more" (a search may choose hundreds). */
const MAX_TERMINAL_TAGS = 40;

const TAG_ICON: Record<ChosenKind, React.ReactNode> = {
  office: <ApartmentOutlined />,
  group: <TeamOutlined />,
  terminal: <DesktopOutlined />,
};

/** The figures of a selection's count, in a sentence: "12 screens: 10 online, 2 offline …". */
export function CountFigures({ count }: { count: ReturnType<typeof useSelectionCount> }) {
  const { t } = useTranslation();
  if (count.error && !count.data) return <Alert type="warning" showIcon title={t("publish.count.failed")} />;
  const c = count.data;
  if (!c) return count.settling ? <Spin size="small" /> : null;
  return (
    <Space orientation="vertical" size={2} data-testid="publish-count">
      <Typography.Text strong>
        {t("publish.count.summary", { count: c.count, online: c.online, offline: c.offline })}
        {count.settling && <Spin size="small" style={{ marginLeft: 8 }} />}
      </Typography.Text>
      {c.offline > 0 && <Typography.Text type="secondary">{t("publish.count.offlineHint")}</Typography.Text>}
      {c.skipped > 0 && (
        <Typography.Text type="warning">{t("publish.count.skipped", { count: c.skipped })}</Typography.Text>
      )}
      {c.count === 0 && <Typography.Text type="danger">{t("publish.count.none")}</Typography.Text>}
    </Space>
  );
}

/**
 * Choosing the terminals to publish to: by office, by group, or by searching terminals, in tabs;
 * beside them the chosen set as removable tags and how many terminals it reaches.
 */
export function TerminalPicker({
  kind,
  value,
  onChange,
  count,
}: {
  kind: PublicationKind;
  value: SelectionState;
  onChange: (next: SelectionState) => void;
  count: ReturnType<typeof useSelectionCount>;
}) {
  const { t } = useTranslation();
  const tags = selectionTags(value);
  const terminalTags = tags.filter((g) => g.kind === "terminal");
  const shown = [...tags.filter((g) => g.kind !== "terminal"), ...terminalTags.slice(0, MAX_TERMINAL_TAGS)];
  const hidden = terminalTags.length - Math.min(terminalTags.length, MAX_TERMINAL_TAGS);

  return (
    <Row gutter={[16, 16]} data-testid="publish-terminal-picker">
      <Col xs={24} lg={15}>
        <Card size="small">
          <Tabs
            items={[
              {
                key: "offices",
                label: (
                  <span>
                    <ApartmentOutlined /> {t("publish.picker.byOffice")}
                  </span>
                ),
                children: (
                  <OfficePicker
                    chosen={value.offices}
                    includeChildren={value.includeChildren}
                    onToggle={(o, on) => onChange(toggleChosen(value, "office", o, on))}
                  />
                ),
              },
              {
                key: "groups",
                label: (
                  <span>
                    <TeamOutlined /> {t("publish.picker.byGroup")}
                  </span>
                ),
                children: (
                  <GroupPicker
                    chosen={value.groups}
                    includeChildren={value.includeChildren}
                    onToggle={(g, on) => onChange(toggleChosen(value, "group", g, on))}
                  />
                ),
              },
              {
                key: "search",
                label: (
                  <span>
                    <SearchOutlined /> {t("publish.picker.bySearch")}
                  </span>
                ),
                children: (
                  <TerminalSearch
                    kind={kind}
                    chosen={value.terminals}
                    onChange={(m) => onChange(withTerminals(value, m))}
                  />
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card
          size="small"
          title={t("publish.picker.chosen")}
          extra={
            !isEmptySelection(value) && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  onChange({ ...value, offices: new Map(), groups: new Map(), terminals: new Map() })
                }
                data-testid="publish-clear-selection"
              >
                {t("publish.picker.clear")}
              </Button>
            )
          }
        >
          <Space orientation="vertical" style={{ width: "100%" }}>
            <Space>
              <Switch
                size="small"
                checked={value.includeChildren}
                onChange={(v) => onChange({ ...value, includeChildren: v })}
                data-testid="publish-include-children"
              />
              <Typography.Text>{t("publish.picker.includeChildren")}</Typography.Text>
            </Space>
            {tags.length === 0 ? (
              <Typography.Text type="secondary">{t("publish.picker.nothingChosen")}</Typography.Text>
            ) : (
              <div style={{ maxHeight: 260, overflow: "auto" }} data-testid="publish-selection-tags">
                {shown.map((g) => (
                  <Tag
                    key={`${g.kind}:${g.id}`}
                    icon={TAG_ICON[g.kind]}
                    closable
                    onClose={(e) => {
                      e.preventDefault();
                      onChange(toggleChosen(value, g.kind, g, false));
                    }}
                    style={{ marginBottom: 4 }}
                    title={t(`publish.picker.kinds.${g.kind}`)}
                  >
                    {g.name}
                  </Tag>
                ))}
                {hidden > 0 && (
                  <Typography.Text type="secondary">
                    {t("publish.picker.moreTerminals", { count: hidden })}
                  </Typography.Text>
                )}
              </div>
            )}
            {!isEmptySelection(value) && <CountFigures count={count} />}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
