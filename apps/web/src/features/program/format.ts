import dayjs from "dayjs";

/** A date and time as the program screens show it. */
export const formatTime = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm");
