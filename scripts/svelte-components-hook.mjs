// A Node module hook for scripts/load-entries.mjs. Node cannot load a .svelte component (a
// Svelte app's bundler compiles it), and @tanstack/svelte-query imports some: each stands in as
// an empty component, since only the names of our own entries are compared.
export async function load(url, context, nextLoad) {
  if (!url.endsWith(".svelte")) return nextLoad(url, context);
  return { format: "module", source: "export default function SvelteComponent() {}", shortCircuit: true };
}
