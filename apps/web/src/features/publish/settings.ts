import dayjs, { type Dayjs } from "dayjs";

export const NAME_MAX = 120;

/** The publish name offered at first: the content's name and the time to the second (names are unique in a tenant). */
export const defaultPublishName = (contentName: string, now: Dayjs = dayjs()) =>
  `${contentName} ${now.format("YYYY-MM-DD HH:mm:ss")}`.slice(0, NAME_MAX);

export type When = { mode: "now" } | { mode: "at"; at: Dayjs | null };

/** What is wrong with the name and the time of step 1 (translation keys), if anything. */
export function settingsErrors(
  name: string,
  when: When,
  now: number = Date.now(),
): { name?: string; time?: string } {
  const out: { name?: string; time?: string } = {};
  const trimmed = name.trim();
  if (!trimmed) out.name = "publish.settings.nameRequired";
  else if (trimmed.length > NAME_MAX) out.name = "publish.settings.nameTooLong";
  if (when.mode === "at") {
    if (!when.at) out.time = "publish.settings.timeRequired";
    else if (when.at.valueOf() <= now) out.time = "publish.settings.timeInPast";
  }
  return out;
}
