import { Button, Flex, Typography } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  hasMore: boolean;
  loading: boolean;
  /** Rows shown so far (nothing is said under an empty table). */
  shown: number;
  onMore(): void;
  testId: string;
}

/**
 * The foot of an infinitely scrolling list: when it comes within 300 px of
 * the viewport the next slice loads; the button does the same by hand (and
 * where the browser has no IntersectionObserver).
 */
export function LoadMore({ hasMore, loading, shown, onMore, testId }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  /** Whether the foot is near the viewport, as the observer last said. */
  const visible = useRef(false);
  // The latest state, read by the observer without re-creating it on every render.
  const latest = useRef({ hasMore, loading, onMore });
  latest.current = { hasMore, loading, onMore };
  const maybeLoad = useRef(() => {
    const s = latest.current;
    if (visible.current && s.hasMore && !s.loading) s.onMore();
  });

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((e) => e.isIntersecting);
        maybeLoad.current();
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // A slice too short to push the foot out of view: the observer says nothing new, so ask again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a slice arrives or the end is known
  useEffect(() => maybeLoad.current(), [loading, hasMore, shown]);

  return (
    <Flex ref={ref} justify="center" style={{ padding: 12 }} data-testid={`${testId}-sentinel`}>
      {hasMore ? (
        <Button loading={loading} onClick={onMore} data-testid={`${testId}-load-more`}>
          {t("system.log.loadMore")}
        </Button>
      ) : shown > 0 ? (
        <Typography.Text type="secondary" data-testid={`${testId}-end`}>
          {t("system.log.end")}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
