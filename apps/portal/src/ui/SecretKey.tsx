/**
 * A license key as every screen shows it: masked by the service's own rule (the last six
 * characters), with Reveal and Copy when the screen has the whole key.
 */
import { useState } from "react";
import { maskKey } from "../lib/format.js";

export function SecretKey({ value }: { value: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      // No clipboard (an insecure origin, a denied permission): reveal it to copy by hand.
      setShown(true);
      setCopied("failed");
    }
  };
  return (
    <span className="secret-key">
      <code className="secret-key-value">{shown ? value : maskKey(value)}</code>
      <button
        type="button"
        className="button button-small button-secondary"
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? "Hide" : "Reveal"}
      </button>
      <button type="button" className="button button-small button-secondary" onClick={copy}>
        Copy
      </button>
      <span className="muted" role="status">
        {copied === "copied" ? "Copied" : copied === "failed" ? "Copy it from above" : ""}
      </span>
    </span>
  );
}
