/** Routes: the organization's screens and the customer portal, each in its shell (shell/Shell.tsx). */
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { HomePage } from "./screens/HomePage.js";
import { NotFoundPage } from "./screens/NotFoundPage.js";
import { CustomerPage } from "./screens/org/CustomerPage.js";
import { CustomersPage } from "./screens/org/CustomersPage.js";
import { DeletableResourcePage } from "./screens/org/DeletableResourcePage.js";
import { EventsPage } from "./screens/org/events/EventsPage.js";
import { LicenseKeysPage } from "./screens/org/LicenseKeysPage.js";
import { OrderPage } from "./screens/org/OrderPage.js";
import { OrdersPage } from "./screens/org/OrdersPage.js";
import { PaymentMethodsPage } from "./screens/org/PaymentMethodsPage.js";
import { ProductsPage } from "./screens/org/ProductsPage.js";
import { RefundsPage } from "./screens/org/RefundsPage.js";
import { WebhooksPage } from "./screens/org/WebhooksPage.js";
import { MyLicenseKeyPage, MyLicenseKeysPage } from "./screens/portal/MyLicenseKeysPage.js";
import { MyPaymentMethodsPage } from "./screens/portal/MyPaymentMethodsPage.js";
import { MySubscriptionsPage } from "./screens/portal/MySubscriptionsPage.js";
import { ReceiptPage, ReceiptsPage } from "./screens/portal/ReceiptsPage.js";
import { AreaGuard } from "./session/AreaGuard.js";
import { Shell } from "./shell/Shell.js";

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<HomePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="org" element={<Shell area="organization" />}>
          <Route element={<Area area="organization" />}>
            <Route index element={<Navigate to="events" replace />} />
            <Route path="events" element={<EventsPage />} />
            <Route path="products" element={<ProductsPage />} />
            <Route path="refunds" element={<RefundsPage />} />
            <Route path="payment-methods" element={<PaymentMethodsPage />} />
            <Route path="license-keys" element={<LicenseKeysPage />} />
            <Route path="orders" element={<OrdersPage />} />
            {/* Orders carry their invoices; an old link to Invoices lands there. */}
            <Route path="invoices" element={<Navigate to="/org/orders" replace />} />
            <Route path="customers" element={<CustomersPage />} />
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
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="customers/:id" element={<CustomerPage />} />
            <Route path="orders/:id" element={<OrderPage />} />
          </Route>
        </Route>
        <Route path="portal" element={<Shell area="customer" />}>
          <Route element={<Area area="customer" />}>
            <Route index element={<Navigate to="subscriptions" replace />} />
            <Route path="subscriptions" element={<MySubscriptionsPage />} />
            <Route path="payment-methods" element={<MyPaymentMethodsPage />} />
            <Route path="license-keys" element={<MyLicenseKeysPage />} />
            <Route path="license-keys/:id" element={<MyLicenseKeyPage />} />
            <Route path="orders" element={<ReceiptsPage />} />
            <Route path="orders/:id/receipt" element={<ReceiptPage />} />
          </Route>
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
