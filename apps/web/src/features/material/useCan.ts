import { useCan as typedUseCan } from "../../access/useCan";

/** The old path, for the content features, which still pass plain strings (the merge removes it). */
export const useCan = typedUseCan as (operation: string, routePermission: string) => boolean;
