import type { ContentState, ProgramSummary, PublicationKind } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { programApi } from "../program/api";
import { type MessageDetail, type PlanDetail, publishApi } from "./api";

/** The content a publish screen publishes, as far as the screen needs it. */
export type PublishContent =
  | { kind: "program"; name: string; state: ContentState; program: ProgramSummary }
  | { kind: "plan"; name: string; state: ContentState; plan: PlanDetail }
  | { kind: "message"; name: string; state: ContentState; message: MessageDetail };

async function load(kind: PublicationKind, id: number): Promise<PublishContent> {
  if (kind === "program") {
    const { program } = await programApi.detail(id, { silent: true });
    return { kind, name: program.name, state: program.state, program };
  }
  if (kind === "plan") {
    const plan = await publishApi.planDetail(id);
    return { kind, name: plan.plan.name, state: plan.plan.state, plan };
  }
  const message = await publishApi.messageDetail(id);
  return { kind, name: message.message.name, state: message.message.state, message };
}

/** The program, plan or message (detail, detail, messagePreview); its state decides whether review lets it out. */
export function useContent(kind: PublicationKind, id: number) {
  return useQuery({ queryKey: ["publish", "content", kind, id], queryFn: () => load(kind, id) });
}

/** Whether only approved content may be published (the public `audit` setting; off when unreadable). */
export function useAuditSetting() {
  return useQuery({
    queryKey: ["publish", "auditSetting"],
    queryFn: async () => {
      const { jsonObject } = await publishApi.auditSetting();
      return jsonObject.audit === true || jsonObject.audit === "true";
    },
    staleTime: 60_000,
  });
}
