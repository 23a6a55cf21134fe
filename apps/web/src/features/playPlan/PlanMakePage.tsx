import { EMPTY_PLAN } from "@marquee/schedule";
import { Button, Card, Result, Spin, theme } from "antd";
import dayjs from "dayjs";
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { type PlanProgram, planApi } from "./api";
import { initialEditorState, planEditorReducer } from "./editorState";
import { PlanEditor } from "./PlanEditor";

type Phase = { kind: "loading" } | { kind: "ready" } | { kind: "failed"; message: string };

/** The plan id of the address (`?id=`): null for a new plan, NaN for one that is not an id. */
function planIdOf(params: URLSearchParams): number | null {
  const raw = params.get("id");
  if (raw === null || raw === "") return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
}

/**
 * Plan production (playPlan/planMake inside the console, /PlanMake on the
 * whole screen): `?id=N` opens a plan, no id starts a new one.
 */
export default function PlanMakePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const fullScreen = location.pathname.toLowerCase() === "/planmake";
  const planId = planIdOf(params);

  const [state, dispatch] = useReducer(planEditorReducer, undefined, () =>
    initialEditorState(t("playPlan.make.untitled", { date: dayjs().format("YYYY-MM-DD") }), EMPTY_PLAN),
  );
  const [known, setKnown] = useState<ReadonlyMap<number, PlanProgram>>(() => new Map());
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const stateId = useRef(state.id);
  stateId.current = state.id;

  /** Programs seen anywhere on the page: their names and thumbnails (a changed one replaces the old facts). */
  const onKnown = useCallback((programs: PlanProgram[]) => {
    setKnown((current) => {
      const fresh = programs.filter((p) => {
        const old = current.get(p.id);
        return !old || old.name !== p.name || old.thumbUrl !== p.thumbUrl || old.state !== p.state;
      });
      return fresh.length ? new Map([...current, ...fresh.map((p) => [p.id, p] as const)]) : current;
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries the load; `t` only names a new plan
  useEffect(() => {
    if (planId === null) {
      // A plan this page just created is already here: its new address must not reset it.
      if (stateId.current === null) setPhase({ kind: "ready" });
      else {
        dispatch({
          type: "load",
          id: null,
          version: 0,
          state: "draft",
          name: t("playPlan.make.untitled", { date: dayjs().format("YYYY-MM-DD") }),
          doc: EMPTY_PLAN,
        });
        setPhase({ kind: "ready" });
      }
      return;
    }
    if (Number.isNaN(planId)) {
      setPhase({ kind: "failed", message: t("playPlan.make.badId") });
      return;
    }
    if (stateId.current === planId) {
      setPhase({ kind: "ready" });
      return;
    }
    let cancelled = false;
    setPhase({ kind: "loading" });
    planApi
      .detail(planId, { silent: true })
      .then((d) => {
        if (cancelled) return;
        onKnown(d.programs);
        dispatch({
          type: "load",
          id: d.plan.id,
          version: d.plan.version,
          state: d.plan.state,
          name: d.plan.name,
          doc: d.doc,
        });
        setPhase({ kind: "ready" });
      })
      .catch((e: unknown) => {
        if (!cancelled) setPhase({ kind: "failed", message: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      cancelled = true;
    };
  }, [planId, attempt, onKnown]);

  let body: ReactNode;
  if (phase.kind === "loading")
    body = (
      <div style={{ textAlign: "center", paddingTop: 120 }} data-testid="plan-loading">
        <Spin size="large" />
      </div>
    );
  else if (phase.kind === "failed")
    body = (
      <Result
        status="error"
        title={t("playPlan.make.loadFailed")}
        subTitle={phase.message}
        extra={[
          Number.isNaN(planId) ? null : (
            <Button key="retry" type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t("playPlan.make.retry")}
            </Button>
          ),
          <Button key="back" onClick={() => navigate("/playPlan/list")}>
            {t("playPlan.make.toList")}
          </Button>,
        ]}
      />
    );
  else
    body = (
      <PlanEditor
        state={state}
        dispatch={dispatch}
        known={known}
        onKnown={onKnown}
        height={fullScreen ? "calc(100vh - 24px)" : "calc(100vh - 190px)"}
      />
    );

  if (fullScreen)
    return (
      <div
        style={{ minHeight: "100vh", padding: 12, background: token.colorBgLayout, color: token.colorText }}
      >
        {body}
      </div>
    );
  return (
    <Card styles={{ body: { padding: 12 } }} data-testid="plan-make">
      {body}
    </Card>
  );
}
