import { Link } from "react-router";
import { EmptyState } from "../ui/Feedback.js";
import { useDocumentTitle } from "../ui/Page.js";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <EmptyState title="Page not found">
      <p>
        There is no screen at this address. <Link to="/">Back to the start</Link>
      </p>
    </EmptyState>
  );
}
