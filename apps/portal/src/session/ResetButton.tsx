import { useState } from "react";
import { ConfirmDialog } from "../ui/ConfirmDialog.js";
import { usePortal } from "./PortalContext.js";

/** Restores the sandbox's seed data (POST /__sandbox/reset): deleted records come back. */
export function ResetButton() {
  const { resetSandbox } = usePortal();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<"idle" | "busy" | "done" | "failed">("idle");
  const confirm = async () => {
    setState("busy");
    try {
      await resetSandbox();
      setState("done");
    } catch {
      setState("failed");
    }
    setOpen(false);
  };
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        Reset<span className="wide-only"> sandbox</span>
      </button>
      {/* Said where the button is, to everyone: the data on screen just changed. */}
      <span className={`reset-status${state === "failed" ? " reset-failed" : ""}`} role="status">
        {state === "done"
          ? "Sandbox reset: the seed data is back."
          : state === "failed"
            ? "The sandbox did not reset."
            : ""}
      </span>
      <ConfirmDialog
        open={open}
        title="Reset the sandbox?"
        confirmLabel="Reset data"
        busy={state === "busy"}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>Every change (deletes, validations, invoices) is undone and the seed data comes back.</p>
      </ConfirmDialog>
    </>
  );
}
