import type { Branding } from "@marquee/contracts";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { RouteNode } from "../services/session";

export interface SessionUser {
  id: number;
  name: string;
  avatar: string | null;
  username?: string;
  officeName?: string;
}

/** A permission or role: a string, or an object with an operation list (spec §3). */
export type Grant = string | { id: string; operation?: string[] };

export interface TreeNode {
  id: string | number;
  [key: string]: unknown;
}

/** Session data kept locally (spec §3). */
export interface SessionState {
  user: SessionUser | null;
  permissions: Grant[];
  roles: Grant[];
  routesConfig: RouteNode[];
  loading: boolean;
  // No server IP (spec §3 lists one): the console talks to the origin it came from (README, Decisions).
  httpBase: string;
  paymentSwitchOpenTime: number | null;
  showTips: boolean;
  selectedTreeNodes: TreeNode[];
  selectType: string;
  /** The user's tenant (imgSetting): its domain, whether customisation is on, and the brand its users see. */
  personal: {
    secondDomainName: string | null;
    personalType: number;
    logo: string | null;
    branding?: Branding | null;
  } | null;
  signIn(v: Pick<SessionState, "user" | "permissions" | "roles" | "routesConfig">): void;
  setUser(user: SessionUser | null): void;
  setLoading(loading: boolean): void;
  setPersonal(p: SessionState["personal"]): void;
  setShowTips(v: boolean): void;
  /** When buyers start to see paid services (epoch ms; null: closed). */
  setPaymentSwitchOpenTime(v: number | null): void;
  setSelectType(v: string): void;
  /** Adds nodes, keeping one per id. */
  addSelectedTreeNodes(nodes: TreeNode[]): void;
  clear(): void;
}

const empty = {
  user: null,
  permissions: [],
  roles: [],
  routesConfig: [],
  loading: false,
  httpBase: "/apm-web",
  paymentSwitchOpenTime: null,
  showTips: true,
  selectedTreeNodes: [],
  selectType: "",
  personal: null,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...empty,
      signIn: (v) => set(v),
      setUser: (user) => set({ user }),
      setLoading: (loading) => set({ loading }),
      setPersonal: (personal) => set({ personal }),
      setShowTips: (showTips) => set({ showTips }),
      setPaymentSwitchOpenTime: (paymentSwitchOpenTime) => set({ paymentSwitchOpenTime }),
      setSelectType: (selectType) => set({ selectType }),
      addSelectedTreeNodes: (nodes) =>
        set((s) => {
          const byId = new Map(s.selectedTreeNodes.map((n) => [n.id, n]));
          for (const n of nodes) byId.set(n.id, n);
          return { selectedTreeNodes: [...byId.values()] };
        }),
      clear: () => set({ ...empty }),
    }),
    {
      name: "marquee.session",
      storage: createJSONStorage(() => localStorage),
      partialize: ({ loading: _loading, ...rest }) => rest,
    },
  ),
);
