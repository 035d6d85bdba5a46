/**
 * Where the app sends its calls. In order:
 * 1. `/portal-config.json`, served by the portal server from its environment at run time
 *    (`COMMERCE_API_BASE_URL`, `COMMERCE_API_TOKEN`; see server/start.mjs);
 * 2. the same variables at build time (`COMMERCE_API_BASE_URL=… pnpm --filter @commerce-api/portal build`);
 * 3. otherwise the sandbox, at the page's own origin (`npm start` serves both together).
 */
export interface PortalConfig {
  /** `sandbox`: a token picker filled from the sandbox's fixtures, and a reset button. */
  mode: "sandbox" | "service";
  apiBaseUrl: string;
  /** A token given by the environment; otherwise the user pastes one (service) or picks one (sandbox). */
  token?: string;
}

export interface RuntimeConfig {
  mode?: "sandbox" | "service";
  apiBaseUrl?: string;
  token?: string;
}

export interface BuildEnv {
  COMMERCE_API_BASE_URL?: string;
  COMMERCE_API_TOKEN?: string;
}

export function resolveConfig(
  runtime: RuntimeConfig | undefined,
  build: BuildEnv,
  origin: string,
): PortalConfig {
  const apiBaseUrl = runtime?.apiBaseUrl ?? nonEmpty(build.COMMERCE_API_BASE_URL);
  const token = runtime?.token ?? nonEmpty(build.COMMERCE_API_TOKEN);
  const mode = runtime?.mode ?? (apiBaseUrl ? "service" : "sandbox");
  if (mode === "sandbox") return { mode, apiBaseUrl: origin };
  return { mode, apiBaseUrl: apiBaseUrl ?? origin, ...(token ? { token } : {}) };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

export async function loadConfig(): Promise<PortalConfig> {
  let runtime: RuntimeConfig | undefined;
  try {
    const response = await fetch("/portal-config.json", { headers: { accept: "application/json" } });
    if (response.ok && response.headers.get("content-type")?.includes("json"))
      runtime = await response.json();
  } catch {
    // No portal server (vite dev): the build-time settings decide.
  }
  return resolveConfig(runtime, import.meta.env as BuildEnv, window.location.origin);
}
