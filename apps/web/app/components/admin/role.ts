import { mayCall } from "@souls/core/admin-roles";
import { trpc } from "~/lib/trpc";

/**
 * What the logged-in person's role lets her call (@souls/core/admin-roles, decision 043): the
 * panel offers only that — the server refuses the rest anyway. Until her role is known, nothing
 * reserved to the owner is offered.
 */
export function useMayCall(): (path: string) => boolean {
  const me = trpc.access.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  return (path) => (me.data ? mayCall(me.data.role, path) : false);
}

/** The logged-in person's role, once known. */
export function useAdminRole() {
  return trpc.access.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY }).data?.role;
}
