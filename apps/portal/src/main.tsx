import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { loadConfig } from "./config.js";
import { sandboxStateKey } from "./data/useSandboxState.js";
import { PortalProvider } from "./session/PortalContext.js";
import { DeveloperProvider } from "./ui/DeveloperMode.js";
import "./styles.css";

const queryClient = new QueryClient({
  // What the app changes (an invoice, a refund, a key's usage) shows in the sandbox's records at once.
  mutationCache: new MutationCache({
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sandboxStateKey }),
  }),
  defaultOptions: {
    // The client already retries what is worth retrying (network errors, 429, 5xx).
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

const config = await loadConfig();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PortalProvider config={config}>
        <DeveloperProvider>
          <App />
        </DeveloperProvider>
      </PortalProvider>
    </QueryClientProvider>
  </StrictMode>,
);
