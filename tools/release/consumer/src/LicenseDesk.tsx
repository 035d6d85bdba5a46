// An app's screen, written as for the real service: its client has a token and no baseUrl
// (production by default). test/license-desk.test.tsx runs it against the sandbox over MSW.
import { createClient } from "@commerce-api/client/core";
import { CommerceProvider, useDeactivateLicenseKey, useListProducts } from "@commerce-api/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

export interface Activation {
  organizationId: string;
  licenseKey: string;
  id: string;
  label: string;
}

export function LicenseDesk({ activation }: { activation: Activation }) {
  const products = useListProducts();
  const deactivate = useDeactivateLicenseKey();
  if (products.isError) return <p role="alert">{products.error.message}</p>;
  return (
    <>
      <ul>
        {products.data?.items.map((product) => (
          <li key={product.id}>{product.name}</li>
        ))}
      </ul>
      <button
        type="button"
        disabled={deactivate.isSuccess}
        onClick={() =>
          deactivate.mutate({
            organization_id: activation.organizationId,
            key: activation.licenseKey,
            activation_id: activation.id,
          })
        }
      >
        {deactivate.isSuccess ? `${activation.label} deactivated` : `Deactivate ${activation.label}`}
      </button>
    </>
  );
}

export function App({ token, activation }: { token: string; activation: Activation }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <CommerceProvider client={createClient({ token })}>
        <LicenseDesk activation={activation} />
      </CommerceProvider>
    </QueryClientProvider>
  );
}
