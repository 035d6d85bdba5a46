/** Routes and the shell: a header with the session, a sidebar per area, the screen. */
import { useEffect, useRef } from "react";
import { BrowserRouter, Navigate, NavLink, Outlet, Route, Routes, useLocation } from "react-router";
import { HomePage } from "./screens/HomePage.js";
import { NotFoundPage } from "./screens/NotFoundPage.js";
import { DeletableResourcePage } from "./screens/org/DeletableResourcePage.js";
import { EventsPage } from "./screens/org/EventsPage.js";
import { InvoicesPage } from "./screens/org/InvoicesPage.js";
import { LicenseKeysPage } from "./screens/org/LicenseKeysPage.js";
import { PaymentMethodsPage } from "./screens/org/PaymentMethodsPage.js";
import { ProductsPage } from "./screens/org/ProductsPage.js";
import { RefundsPage } from "./screens/org/RefundsPage.js";
import { MyLicenseKeyPage, MyLicenseKeysPage } from "./screens/portal/MyLicenseKeysPage.js";
import { MyPaymentMethodsPage } from "./screens/portal/MyPaymentMethodsPage.js";
import { MySubscriptionsPage } from "./screens/portal/MySubscriptionsPage.js";
import { ReceiptPage, ReceiptsPage } from "./screens/portal/ReceiptsPage.js";
import { AreaGuard } from "./session/AreaGuard.js";
import { usePortal } from "./session/PortalContext.js";
import { ResetButton } from "./session/ResetButton.js";
import { SessionPicker } from "./session/SessionPicker.js";
import { SandboxClock } from "./ui/SandboxClock.js";

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<HomePage />} />
          <Route path="org" element={<Area area="organization" />}>
            <Route index element={<Navigate to="events" replace />} />
            <Route path="events" element={<EventsPage />} />
            <Route path="products" element={<ProductsPage />} />
            <Route path="refunds" element={<RefundsPage />} />
            <Route path="payment-methods" element={<PaymentMethodsPage />} />
            <Route path="license-keys" element={<LicenseKeysPage />} />
            <Route path="invoices" element={<InvoicesPage />} />
            {/* One component for three screens: a key each, so what was typed on one is not on the next. */}
            <Route
              path="checkout-links"
              element={<DeletableResourcePage key="checkout-links" kind="checkout-links" />}
            />
            <Route
              path="custom-fields"
              element={<DeletableResourcePage key="custom-fields" kind="custom-fields" />}
            />
            <Route path="discounts" element={<DeletableResourcePage key="discounts" kind="discounts" />} />
          </Route>
          <Route path="portal" element={<Area area="customer" />}>
            <Route index element={<Navigate to="subscriptions" replace />} />
            <Route path="subscriptions" element={<MySubscriptionsPage />} />
            <Route path="payment-methods" element={<MyPaymentMethodsPage />} />
            <Route path="license-keys" element={<MyLicenseKeysPage />} />
            <Route path="license-keys/:id" element={<MyLicenseKeyPage />} />
            <Route path="orders" element={<ReceiptsPage />} />
            <Route path="orders/:id/receipt" element={<ReceiptPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

function Area({ area }: { area: "organization" | "customer" }) {
  return (
    <AreaGuard area={area}>
      <Outlet />
    </AreaGuard>
  );
}

const organizationLinks = [
  ["events", "Events"],
  ["products", "Products"],
  ["refunds", "Refunds"],
  ["payment-methods", "Payment methods"],
  ["license-keys", "License keys"],
  ["invoices", "Invoices"],
  ["checkout-links", "Checkout links"],
  ["custom-fields", "Custom fields"],
  ["discounts", "Discounts"],
] as const;

const portalLinks = [
  ["subscriptions", "Subscriptions"],
  ["payment-methods", "Payment methods"],
  ["license-keys", "License keys"],
  ["orders", "Orders & receipts"],
] as const;

function Shell() {
  const { config, session } = usePortal();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the navigation is one scrolling strip: keep the current screen's link in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each navigation, once NavLink has moved its "active" class
  useEffect(() => {
    const strip = nav.current;
    // NavLink marks the link of the current screen and of the screens under it (a key, a receipt).
    const active = strip?.querySelector<HTMLElement>("a.active");
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="brand-name">Commerce Portal</span>
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
        <p className="nav-heading">Organization</p>
        <ul>
          {organizationLinks.map(([path, label]) => (
            <li key={path}>
              <NavLink to={`/org/${path}`}>{label}</NavLink>
            </li>
          ))}
        </ul>
        <p className="nav-heading">Customer portal</p>
        <ul>
          {portalLinks.map(([path, label]) => (
            <li key={path}>
              <NavLink to={`/portal/${path}`}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet key={session?.token ?? "none"} />
      </main>
    </div>
  );
}
