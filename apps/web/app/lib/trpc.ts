/**
 * The admin pages' tRPC client (React Query). Only AdminShell creates it, so the storefront never
 * loads React Query. Same-origin requests carry the owner's session cookie; the server checks it
 * on every procedure.
 */
import type { AppRouter } from "@souls/api";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { ADMIN_PAGES, ENDPOINTS } from "~/screens";

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Procedures per batched request: the server refuses more (routes/trpc/route.ts). */
export const MAX_BATCH_SIZE = 10;

export type AdminClientError = TRPCClientError<AppRouter>;

export function isAdminClientError(error: unknown): error is AdminClientError {
  return error instanceof TRPCClientError;
}

/** The session behind the request is missing or expired. */
export function isUnauthorized(error: unknown): boolean {
  return isAdminClientError(error) && error.data?.code === "UNAUTHORIZED";
}

/** Back to the login form: the owner's session expired (8 hours) or she logged out elsewhere. */
export function sendToLogin(): void {
  if (typeof window !== "undefined" && window.location.pathname !== ADMIN_PAGES.home) {
    window.location.assign(ADMIN_PAGES.home);
  }
}

function onAnyError(error: unknown) {
  if (isUnauthorized(error)) sendToLogin();
}

/** Retrying a refusal (4xx: bad input, conflict, no session) cannot change its answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = isAdminClientError(error) ? error.data?.httpStatus : undefined;
  if (status !== undefined && status < 500) return false;
  return failureCount < 2;
}

function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onAnyError }),
    mutationCache: new MutationCache({
      onError: onAnyError,
      // Every change of the owner's shows at once on every list and detail she has open. A fetch
      // under way (a search being typed) may have read the rows before the change: it is
      // cancelled first, since React Query would otherwise keep a key's first fetch as it is.
      onSuccess: () => {
        void client.cancelQueries().then(() => client.invalidateQueries());
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
  return client;
}

function createClient() {
  return trpc.createClient({
    links: [
      // Subscriptions (live stock) stream over server-sent events; everything else is batched.
      splitLink({
        condition: (operation) => operation.type === "subscription",
        true: httpSubscriptionLink({ url: ENDPOINTS.trpc }),
        false: httpBatchLink({ url: ENDPOINTS.trpc, maxItems: MAX_BATCH_SIZE }),
      }),
    ],
  });
}

let browserQueryClient: QueryClient | undefined;
let browserTrpcClient: ReturnType<typeof createClient> | undefined;

/**
 * One query client per browser session, so moving between admin pages keeps the cache; a fresh
 * one for every server render, so no data leaks between requests.
 */
export function adminQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}

export function adminTrpcClient(): ReturnType<typeof createClient> {
  if (typeof window === "undefined") return createClient();
  browserTrpcClient ??= createClient();
  return browserTrpcClient;
}
