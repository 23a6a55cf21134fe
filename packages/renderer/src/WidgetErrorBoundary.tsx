import type { Widget } from "@marquee/program";
import { Component, type ReactNode } from "react";
import { rt } from "./i18n";
import type { RenderContext } from "./types";
import { Placeholder } from "./widgets/Placeholder";

interface Props {
  widget: Widget;
  sceneId: string;
  ctx: RenderContext;
  children: ReactNode;
}

/**
 * One widget's failure stays that widget's: it shows an error placeholder
 * (and is reported on a screen) while the rest of the scene plays on. A new
 * version of the widget (the operator fixed it) is tried again.
 */
export class WidgetErrorBoundary extends Component<Props, { error: Error | null; widget: Widget }> {
  override state = { error: null as Error | null, widget: this.props.widget };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; widget: Widget }) {
    return props.widget === state.widget ? null : { error: null, widget: props.widget };
  }

  override componentDidCatch(error: unknown) {
    const { ctx, widget, sceneId } = this.props;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`renderer: widget ${widget.id} (${widget.type}) failed`, error);
    if (ctx.mode === "play")
      try {
        ctx.onEvent?.({
          kind: "error",
          sceneId,
          widgetId: widget.id,
          message,
          at: ctx.now?.() ?? Date.now(),
        });
      } catch (e) {
        console.error("renderer: onEvent failed", e);
      }
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Placeholder
        state="error"
        title={rt(this.props.ctx.locale, "widgetError")}
        detail={error.message}
        frame={this.props.widget}
      />
    );
  }
}
