/**
 * The two shells. The organization's dashboard: "Commerce Portal", its screens. The customer
 * portal: the merchant's name and only the customer's own screens, as a hosted customer portal
 * shows them. The start page and unknown addresses show both areas' links.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { useOwnerName } from "../data/useSandboxFacts.js";
import { usePortal } from "../session/PortalContext.js";
import { ResetButton } from "../session/ResetButton.js";
import { SessionPicker } from "../session/SessionPicker.js";
import type { Area } from "../session/session.js";
import { DeveloperToggle } from "../ui/DeveloperMode.js";
import { SandboxClock } from "../ui/SandboxClock.js";

/** The organization's screens; one more is one more line here and a route. */
export const organizationLinks = [
  ["events", "Events"],
  ["customers", "Customers"],
  ["orders", "Orders"],
  ["products", "Products"],
  ["refunds", "Refunds"],
  ["payment-methods", "Payment methods"],
  ["license-keys", "License keys"],
  ["checkout-links", "Checkout links"],
  ["custom-fields", "Custom fields"],
  ["discounts", "Discounts"],
  ["webhooks", "Webhooks"],
] as const;

export const portalLinks = [
  ["subscriptions", "Subscriptions"],
  ["payment-methods", "Payment methods"],
  ["license-keys", "License keys"],
  ["orders", "Orders & receipts"],
] as const;

export function Shell({ area }: { area?: Area }) {
  const { config, session } = usePortal();
  const merchant = useOwnerName();
  const nav = useScrollActiveLinkIntoView();
  const customer = area === "customer";
  return (
    <div className={`shell${customer ? " shell-customer" : ""}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to={customer ? "/portal/subscriptions" : "/"} className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="brand-name">{customer ? merchant : "Commerce Portal"}</span>
          {customer ? <span className="brand-area">Customer portal</span> : null}
        </NavLink>
        <span
          className={`env env-${config.mode}`}
          title={config.mode === "sandbox" ? "Sandbox" : "Live service"}
        >
          {config.mode === "sandbox" ? "Sandbox" : "Live service"}
        </span>
        {config.mode === "sandbox" ? <SandboxClock /> : null}
        <div className="topbar-end">
          <SessionPicker />
          {config.mode === "sandbox" ? <ResetButton /> : null}
        </div>
      </header>
      <nav className="sidebar" aria-label="Screens" ref={nav}>
        {area !== "customer" ? (
          <LinkGroup heading="Organization" base="/org" links={organizationLinks} />
        ) : null}
        {area !== "organization" ? (
          <LinkGroup
            heading={
              customer ? (
                <>
                  <span className="wide-only">Your account</span>
                  <span className="phone-only">{merchant}</span>
                </>
              ) : (
                "Customer portal"
              )
            }
            base="/portal"
            links={portalLinks}
          />
        ) : null}
        <DeveloperToggle />
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet key={session?.token ?? "none"} />
      </main>
    </div>
  );
}

function LinkGroup({
  heading,
  base,
  links,
}: {
  heading: ReactNode;
  base: string;
  links: readonly (readonly [string, string])[];
}) {
  return (
    <>
      <p className="nav-heading">{heading}</p>
      <ul>
        {links.map(([path, label]) => (
          <li key={path}>
            <NavLink to={`${base}/${path}`}>{label}</NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/** On a phone the navigation is one scrolling strip: keep the current screen's link in view. */
function useScrollActiveLinkIntoView() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each navigation, once NavLink has moved its "active" class
  useEffect(() => {
    const strip = nav.current;
    // NavLink marks the link of the current screen and of the screens under it (a key, a receipt).
    const active = strip?.querySelector<HTMLElement>("a.active");
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return nav;
}
