import { Component, type ReactNode } from "react";
import i18n from "../locales";
import { ChunkLoadError } from "../router/lazy";

/** Shows a readable error instead of a blank page, e.g. when a page's chunk did not arrive in 120 s. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk =
      error instanceof ChunkLoadError || /dynamically imported module|Loading chunk/i.test(error.message);
    // Plain markup: the boundary must not pull a large component into the first bundle.
    return (
      <div role="alert" style={{ padding: "15vh 24px", textAlign: "center", fontSize: 16 }}>
        <p style={{ fontSize: 20 }}>{chunk ? i18n.t("http.chunkFailed") : i18n.t("exception.500")}</p>
        {!chunk && <p style={{ color: "#888" }}>{error.message}</p>}
      </div>
    );
  }
}
