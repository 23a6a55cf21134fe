import {
  AppstoreOutlined,
  BellOutlined,
  CalendarOutlined,
  DesktopOutlined,
  FileOutlined,
  HomeOutlined,
  PictureOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { Button, ConfigProvider, Input, Layout, Menu, Select, Space, Table, Tag, Tooltip } from "antd";
import { createRoot } from "react-dom/client";
import { MENU_GROUPS, MENU_ITEMS_PER_GROUP, ROWS } from "./shared";

const ICONS = [
  HomeOutlined,
  PictureOutlined,
  DesktopOutlined,
  CalendarOutlined,
  SettingOutlined,
  UserOutlined,
  TeamOutlined,
  BellOutlined,
  FileOutlined,
  AppstoreOutlined,
];
const icon = (i: number) => {
  const Icon = ICONS[i % ICONS.length] ?? HomeOutlined;
  return <Icon />;
};
const items = Array.from({ length: MENU_GROUPS }, (_, g) => ({
  key: `g${g}`,
  icon: icon(g),
  label: `Group ${g}`,
  children: Array.from({ length: MENU_ITEMS_PER_GROUP }, (_, c) => ({
    key: `g${g}c${c}`,
    icon: icon(c),
    label: `Item ${g}.${c}`,
  })),
}));
const columns = [
  {
    title: "Name",
    dataIndex: "name",
    render: (v: string) => (
      <Tooltip title={v}>
        <a href="#top">{v}</a>
      </Tooltip>
    ),
  },
  { title: "Kind", dataIndex: "kind" },
  { title: "Size", dataIndex: "size" },
  {
    title: "State",
    dataIndex: "state",
    render: (v: string) => <Tag color={v === "approved" ? "green" : "gold"}>{v}</Tag>,
  },
  { title: "By", dataIndex: "by" },
  { title: "At", dataIndex: "at" },
  {
    title: "Actions",
    render: () => (
      <Space>
        <Button size="small">Edit</Button>
        <Button size="small" danger>
          Delete
        </Button>
      </Space>
    ),
  },
];

/** The antd shell and list page, with antd's styles generated at run time or (zeroRuntime) from antd.css. */
export function renderAntd(zeroRuntime: boolean): void {
  const root = document.getElementById("root");
  if (!root) return;
  createRoot(root).render(
    <ConfigProvider theme={zeroRuntime ? { zeroRuntime: true } : {}}>
      <Layout style={{ minHeight: "100vh" }}>
        <Layout.Sider width={220}>
          <Menu mode="inline" theme="dark" items={items} defaultOpenKeys={["g1"]} />
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ background: "#fff" }}>
            <Space>
              <Input placeholder="Search" />
              <Select style={{ width: 120 }} options={[{ value: 1, label: "All" }]} />
            </Space>
          </Layout.Header>
          <Layout.Content style={{ padding: 16 }}>
            <Table dataSource={ROWS} columns={columns} pagination={{ pageSize: 24 }} rowSelection={{}} />
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>,
  );
}
