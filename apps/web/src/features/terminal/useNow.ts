import { useEffect, useState } from "react";

/** The current time, renewed every `everyMs`, so relative times ("2 min ago") keep counting. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
