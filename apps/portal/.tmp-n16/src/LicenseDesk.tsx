// An app's screen, written as for the real service: its client has a token and no baseUrl
// (production by default). test/license-desk.test.tsx runs it against the sandbox over MSW.
import { createClient } from "@commerce-api/client/core";
import { CommerceProvider, useDeactivateLicenseKey, useListProducts } from "@commerce-api/react";
import type { LicenseKeyWithActivations } from "@commerce-api/schemas";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

/** The products, and a license key (as `getCustomerLicenseKey` answers it) to deactivate its first device. */
export function LicenseDesk({ licenseKey }: { licenseKey: LicenseKeyWithActivations }) {
  const products = useListProducts();
  const deactivate = useDeactivateLicenseKey();
  const [device] = licenseKey.activations;
  if (products.isError) return <p role="alert">{products.error.message}</p>;
  return (
    <>
      <ul>
        {products.data?.items.map((product) => (
          <li key={product.id}>{product.name}</li>
        ))}
      </ul>
      {device && (
        <button
          type="button"
          disabled={deactivate.isSuccess}
          onClick={() =>
            deactivate.mutate({
              organization_id: licenseKey.organization_id,
              key: licenseKey.key,
              activation_id: device.id,
            })
          }
        >
          {deactivate.isSuccess ? `${device.label} deactivated` : `Deactivate ${device.label}`}
        </button>
      )}
    </>
  );
}

export function App({ token, licenseKey }: { token: string; licenseKey: LicenseKeyWithActivations }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <CommerceProvider client={createClient({ token })}>
        <LicenseDesk licenseKey={licenseKey} />
      </CommerceProvider>
    </QueryClientProvider>
  );
}
