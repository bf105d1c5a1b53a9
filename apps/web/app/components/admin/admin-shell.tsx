import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { NavLink, useLocation } from "@remix-run/react";
import { copy, count } from "@souls/api/admin-words";
import { QueryClientProvider } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { adminQueryClient, adminTrpcClient, trpc } from "~/lib/trpc";
import { ADMIN_PAGES, mayOpen } from "~/screens";
import adminStylesheet from "~/styles/admin.css?url";
import { useAdminRole } from "./role";

/** Every admin route adds the admin stylesheet: `export const links = adminLinks;`. */
export const adminLinks: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

/** An admin page's title; the owner's pages are never indexed. */
export function adminMeta(title: string): MetaFunction {
  return () => [{ title }, { name: "robots", content: "noindex" }];
}

const NAVIGATION = [
  { to: ADMIN_PAGES.home, label: copy.shell.home },
  { to: ADMIN_PAGES.orders, label: copy.shell.orders },
  { to: ADMIN_PAGES.emails, label: copy.shell.emails },
  { to: ADMIN_PAGES.stock, label: copy.shell.stock },
  // Active on a model's editor too (`/admin-catalogue/12`).
  { to: ADMIN_PAGES.catalogue, label: copy.shell.catalogue, end: false },
  { to: ADMIN_PAGES.reviews, label: copy.shell.reviews },
  { to: ADMIN_PAGES.signups, label: copy.shell.signups },
  { to: ADMIN_PAGES.announcements, label: copy.shell.announcements },
  { to: ADMIN_PAGES.magazine, label: copy.shell.magazine },
  { to: ADMIN_PAGES.discountCodes, label: copy.shell.discountCodes },
  { to: ADMIN_PAGES.seller, label: copy.shell.seller },
  { to: ADMIN_PAGES.delivery, label: copy.shell.delivery },
  { to: ADMIN_PAGES.words, label: copy.shell.words },
  { to: ADMIN_PAGES.carriers, label: copy.shell.carriers },
  { to: ADMIN_PAGES.settings, label: copy.shell.settings },
  { to: ADMIN_PAGES.access, label: copy.shell.access },
  { to: ADMIN_PAGES.tests, label: copy.shell.tests },
] as const;

/**
 * How many reviews wait for the owner, beside « Avis clients »: read again after each of her
 * changes and when she comes back to the page (React Query), never on a timer.
 */
function ReviewsWaiting() {
  const waiting = trpc.reviews.waiting.useQuery(undefined, { staleTime: 30_000 }).data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <span className="admin-nav__count">
      <span aria-hidden="true">{waiting}</span>
      <span className="visually-hidden">{count(waiting, copy.shell.reviewsWaiting)}</span>
    </span>
  );
}

/**
 * The panel's pages, the shop and logging out. On a phone (below 900px) they fold behind one
 * « Menu » button (a disclosure: `aria-expanded`, Escape closes it and gives focus back to the
 * button, a page chosen closes it); on a laptop they are all in view and the button is hidden.
 * Until the page's script runs the menu stays unfolded (`html[data-hydrated]` folds it): a phone
 * without JavaScript still reaches every page.
 */
function AdminNavigation() {
  // A helper sees the pages her role opens (decision 043); until her role is known, all are listed
  // (a page she may not open answers 403 anyway).
  const role = useAdminRole();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // A page chosen: the menu folds again, the new page's title in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each new address
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      setOpen(false);
      button.current?.focus();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the open menu closes it
    <div className="admin-menu" data-open={open ? "" : undefined} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="button button--outline button--small admin-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true" className="admin-menu__icon" />
        {copy.shell.menu}
      </button>
      <div id={menuId} className="admin-menu__panel">
        <nav className="admin-nav" aria-label={copy.shell.nav}>
          <ul>
            {NAVIGATION.filter((item) => !role || mayOpen(role, item.to)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={!("end" in item)} className="admin-nav__link">
                  {item.label}
                  {item.to === ADMIN_PAGES.reviews && role === "owner" ? <ReviewsWaiting /> : null}
                </NavLink>
              </li>
            ))}
            <li>
              <a href="/" className="admin-nav__link admin-nav__link--shop">
                {copy.shell.shop}
              </a>
            </li>
          </ul>
        </nav>
        {/* A plain form: logging out works even if the page's JavaScript failed. */}
        <form method="post" action={ADMIN_PAGES.home} className="admin-header__logout">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="button button--outline button--small">
            {copy.shell.logout}
          </button>
        </form>
      </div>
    </div>
  );
}

/**
 * The frame of the owner's pages: navigation, logout, the page title, and the data layer (React
 * Query + tRPC), which lives only here so the storefront never loads it.
 */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const [queryClient] = useState(adminQueryClient);
  const [trpcClient] = useState(adminTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <div className="admin">
          <header className="admin-header">
            <div className="admin-header__inner">
              <p className="admin-header__brand">
                {copy.brand} <span>{copy.shell.area}</span>
              </p>
              <AdminNavigation />
            </div>
          </header>
          <main id="main" className="admin-main">
            <h1 id="admin-title" className="admin-main__title" tabIndex={-1}>
              {title}
            </h1>
            {children}
          </main>
        </div>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
