import { Space } from "antd";
import { NewProgramCard } from "./NewProgramCard";
import { RecentPrograms } from "./RecentPrograms";

/** Program production (progMake, program/make): start a new program, or continue a recent one. */
export default function ProgramMakePage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <NewProgramCard />
      <RecentPrograms />
    </Space>
  );
}
